/// A fixed number of workers, each taking a fixed time per request, that a route's requests queue
/// for: a server whose true capacity is known, `workers ÷ serviceTime` requests a second, and whose
/// latency climbs as a queue beyond it — the ground truth a capacity search is checked against.
///
/// ```swift
/// let route = FixtureRoute.payload(.tinyObject).with(capacity: FixtureCapacity(workers: 4, serviceTime: .milliseconds(10)))
/// // 400 requests a second; at 500 a second the queue grows by 100 every second.
/// ```
///
/// The workers are virtual: the server's one thread computes when each request's turn ends and
/// answers it then with a timer, first come first served, so they cost no thread and serving stays
/// exact however many there are.
public struct FixtureCapacity: Sendable, Equatable {
    /// Requests served at once; at least 1.
    public var workers: Int
    /// How long each request occupies its worker.
    public var serviceTime: Duration

    /// `workers` workers of `serviceTime` each.
    public init(workers: Int, serviceTime: Duration) {
        self.workers = max(1, workers)
        self.serviceTime = serviceTime
    }

    /// The true capacity: `workers ÷ serviceTime`, requests per second (infinite for a zero
    /// service time).
    public var requestsPerSecond: Double {
        let seconds = Double(serviceTime.nanoseconds) / 1e9
        return seconds > 0 ? Double(workers) / seconds : .infinity
    }
}
