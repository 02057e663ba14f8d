/// The queue of one route with a ``FixtureCapacity``: when each request it admits is done.
///
/// With one service time for all and requests taken in order of arrival, the worker that frees up
/// first is always the one that took the request `workers` admissions ago, so the queue is a ring of
/// the last `workers` finish times: request `k` starts at `max(arrival, finish of k − workers)` and
/// finishes a service time later.
struct ServiceQueue {
    private let serviceNanoseconds: UInt64
    private var finishes: [UInt64]
    private var next = 0

    init(_ capacity: FixtureCapacity) {
        serviceNanoseconds = capacity.serviceTime.nanoseconds
        finishes = Array(repeating: 0, count: max(1, capacity.workers))
    }

    /// Admits a request arriving at `now` (monotonic nanoseconds) and returns when it is done.
    mutating func admit(at now: UInt64) -> UInt64 {
        let finish = max(now, finishes[next]) &+ serviceNanoseconds
        finishes[next] = finish
        next = next + 1 == finishes.count ? 0 : next + 1
        return finish
    }
}
