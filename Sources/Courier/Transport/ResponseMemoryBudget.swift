import Synchronization

/// A cap on the response bytes a transport holds at once, across every request it has in flight.
///
/// ``HTTPRequest/maximumResponseBodySize`` bounds one response; under concurrency the worst case is
/// that bound times the requests in flight: 32 MiB × 64 is 2 GiB of a gzip bomb's output held at
/// once. A transport given a budget charges each response's buffer to it as the buffer grows and
/// gives the bytes back when the request ends; a response that would take the total past the limit
/// fails at once as ``ResponseTooLargeError`` (`.budget(limit:)`), however small it is alone, and
/// the others go on.
///
/// Shared by every request of one transport, on any thread.
public final class ResponseMemoryBudget: Sendable {
    /// The most bytes held at once.
    public let limit: Int
    private let used = Atomic<Int>(0)

    /// A budget of `limit` bytes.
    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The bytes held now.
    public var bytesInUse: Int {
        used.load(ordering: .relaxed)
    }

    /// Takes `bytes` from the budget; `false`, taking nothing, when that would pass the limit.
    public func reserve(_ bytes: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while true {
            guard bytes <= limit - current else { return false }
            let (exchanged, original) = used.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// Gives back `bytes` that ``reserve(_:)`` took.
    public func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.subtract(bytes, ordering: .relaxed)
    }
}
