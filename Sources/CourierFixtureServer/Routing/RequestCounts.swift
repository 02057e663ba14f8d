import Synchronization

/// How many requests each configured path has answered (or misbehaved on), shared between the
/// server's loop, which counts, and tests, which read: a test can tell a request the server executed
/// once from one it executed twice.
final class RequestCounts: Sendable {
    /// One path's count; a class so that the dictionary holding it stays immutable.
    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    private let counts: [String: Count]

    /// A zero count for each of `paths`.
    init(paths: some Sequence<String>) {
        counts = Dictionary(paths.map { ($0, Count()) }, uniquingKeysWith: { first, _ in first })
    }

    /// Counts one request to `path`; paths that are not configured are not counted.
    func record(_ path: String) {
        counts[path]?.value.add(1, ordering: .relaxed)
    }

    /// The requests to `path` so far.
    func count(_ path: String) -> Int {
        counts[path]?.value.load(ordering: .relaxed) ?? 0
    }
}
