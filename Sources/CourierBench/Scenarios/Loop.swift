import BenchmarkEngine

/// How a round-trip scenario drives requests: a closed loop (each worker sends its next request
/// when the last one ends) or an open loop (requests started on schedule, latency measured from
/// each one's intended start, as wrk2 does).
///
/// Every loop runs for `duration` (3 s by default, 1 s with `--quick`) after a warm-up of 20
/// requests per worker that is not measured.
public struct Loop: Sendable, Equatable {
    /// Workers sending at once; in an open loop, the most requests in flight.
    public let concurrency: Int
    /// Requests per second, for an open loop; `nil` for a closed one.
    public let rate: Double?
    /// How long to send; `nil` for the default (3 s, 1 s with `--quick`).
    public let duration: Duration?

    /// `concurrency` workers, each sending its next request as soon as its last one ends.
    public static func closed(concurrency: Int, duration: Duration? = nil) -> Loop {
        Loop(concurrency: concurrency, rate: nil, duration: duration)
    }

    /// `rate` requests per second started on schedule, at most `concurrency` in flight.
    public static func open(rate: Double, concurrency: Int, duration: Duration? = nil) -> Loop {
        Loop(concurrency: concurrency, rate: rate, duration: duration)
    }

    /// The load runner's settings for a run of this length, or an error naming a value a loop
    /// cannot have.
    func configuration(isQuick: Bool) throws -> LoadConfiguration {
        guard (1...4096).contains(concurrency) else { throw LoopError("concurrency \(concurrency) is not from 1 to 4096") }
        if let rate, !(rate > 0 && rate.isFinite && rate <= 10_000_000) {
            throw LoopError("rate \(rate) is not above 0 and at most 10,000,000 requests per second")
        }
        let length = duration ?? (isQuick ? .seconds(1) : .seconds(3))
        guard length > .zero, length < .seconds(86_400) else { throw LoopError("duration \(length) is not above 0 and under a day") }
        return LoadConfiguration(
            concurrency: concurrency, rate: rate, duration: length, requestTimeout: Backend.requestTimeout, warmupRequests: concurrency * 20
        )
    }
}

/// A loop declared with a value it cannot have.
struct LoopError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = "invalid loop: \(description)"
    }
}
