import Foundation

/// Where a scenario's JSON comes from: a file, a resource of your package, bytes, or a function.
/// Read when the scenario runs, not when it is declared, so `list` and `help` cost nothing and a
/// missing file fails that scenario alone, with its path in the message.
///
/// ```swift
/// .resource("Fixtures/issues.json", in: .module)      // resources: [.copy("Fixtures")]
/// .file("Fixtures/issues.json")                        // relative to the working directory
/// .generated("1,000 issues") { try JSONEncoder().encode(Issue.samples(1_000)) }
/// ```
public struct PayloadSource: Sendable, CustomStringConvertible {
    /// How reports and errors name it: a file name, or the label given.
    public let description: String
    private let read: @Sendable () throws -> Data

    /// A payload named `description` that `read` produces.
    public init(_ description: String, read: @escaping @Sendable () throws -> Data) {
        self.description = description
        self.read = read
    }

    /// The bytes, or an error that says which payload could not be had and why.
    public func data() throws -> Data {
        try read()
    }

    /// The file at `path`, absolute or relative to the working directory (`swift run` runs in the
    /// package's directory). `bench capture` writes such files.
    public static func file(_ path: String) -> PayloadSource {
        PayloadSource(URL(fileURLWithPath: path).lastPathComponent) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw MissingInput("cannot read the payload file '\(path)' (from \(FileManager.default.currentDirectoryPath))")
            }
            return data
        }
    }

    /// The resource at `path` in `bundle` (your target's `Bundle.module`): `"issues.json"`, or
    /// `"Fixtures/issues.json"` for a directory copied whole with `.copy("Fixtures")`.
    public static func resource(_ path: String, in bundle: Bundle) -> PayloadSource {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let directory = slash.map { String(path[..<$0]) }
        return PayloadSource(name) {
            let url = bundle.url(forResource: name, withExtension: nil, subdirectory: directory)
            guard let url, let data = FileManager.default.contents(atPath: url.path) else {
                throw MissingInput("no resource '\(path)' in \(bundle.bundlePath) (is it in the target's 'resources'?)")
            }
            return data
        }
    }

    /// These bytes, called `label`.
    public static func bytes(_ data: Data, label: String = "bytes") -> PayloadSource {
        PayloadSource(label) { data }
    }

    /// Whatever `make` returns, called `label`; made each time the scenario runs.
    public static func generated(_ label: String, _ make: @escaping @Sendable () throws -> Data) -> PayloadSource {
        PayloadSource(label, read: make)
    }
}
