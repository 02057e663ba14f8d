import BenchmarkEngine

/// How a round-trip scenario drives requests: a closed loop (each worker sends its next request
/// when the last one ends) or an open loop (requests started on schedule, latency measured from
/// each one's intended start, as wrk2 does).
///
/// Every loop runs for `duration` (3 s by default, 1 s with `--quick`; a ramp for its stages' total)
/// after a warm-up that is not measured: 20 requests per worker, or one session per worker for a
/// journey. For a journey, the unit is a session: `rate` is sessions per second, `concurrency` the
/// users (closed) or the most sessions under way (open).
public struct Loop: Sendable, Equatable {
    /// Workers sending at once; in an open loop, the most requests in flight.
    public let concurrency: Int
    /// Requests per second, for an open loop; `nil` for a closed one.
    public let rate: Double?
    /// How long to send; `nil` for the default (3 s, 1 s with `--quick`).
    public let duration: Duration?
    /// The stages of a ramping open loop, which `rate` starts from; empty for a constant rate or a
    /// closed loop.
    public private(set) var stages: [LoadStage] = []
    /// What stops the scenario early (``aborting(on:)``); `nil` to run its course.
    public private(set) var abort: AbortCondition?

    /// This loop, stopped early when `condition` holds: the scenario's result says why and when
    /// (`ScenarioResult.abort`), its figures cover the run until then, and `run`
    /// exits 3, as `load --abort-on` does.
    ///
    /// ```swift
    /// loop: .open(rate: 50, concurrency: 64).aborting(on: AbortCondition(objectives: [try ServiceLevelObjective(parsing: "errors>5%")]))
    /// ```
    public func aborting(on condition: AbortCondition) -> Loop {
        var loop = self
        loop.abort = condition
        return loop
    }

    /// `concurrency` workers, each sending its next request as soon as its last one ends.
    public static func closed(concurrency: Int, duration: Duration? = nil) -> Loop {
        Loop(concurrency: concurrency, rate: nil, duration: duration)
    }

    /// `rate` requests per second started on schedule, at most `concurrency` in flight.
    public static func open(rate: Double, concurrency: Int, duration: Duration? = nil) -> Loop {
        Loop(concurrency: concurrency, rate: rate, duration: duration)
    }

    /// A ramping open loop: from `startRate` per second (0 by default) through `stages`, at most
    /// `concurrency` in flight, as k6's ramping-arrival-rate executor runs.
    public static func ramping(from startRate: Double = 0, through stages: [LoadStage], concurrency: Int) -> Loop {
        var loop = Loop(concurrency: concurrency, rate: startRate, duration: nil)
        loop.stages = stages
        return loop
    }

    /// The load runner's settings for a run of this length, each worker warming up with
    /// `warmupPerWorker` units and each unit given `timeout` (which sets the hard stop), or an error
    /// naming a value a loop cannot have.
    func configuration(isQuick: Bool, warmupPerWorker: Int = 20, timeout: Duration = Backend.requestTimeout) throws -> LoadConfiguration {
        guard (1...4096).contains(concurrency) else { throw LoopError("concurrency \(concurrency) is not from 1 to 4096") }
        // A ramp may start from 0 and pass through it; a constant rate of 0 would start nothing.
        let lowest = stages.isEmpty ? "above 0" : "from 0"
        for rate in [rate].compactMap(\.self) + stages.map(\.targetRate)
        where !((stages.isEmpty ? rate > 0 : rate >= 0) && rate.isFinite && rate <= 10_000_000) {
            throw LoopError("rate \(rate) is not \(lowest) and at most 10,000,000 requests per second")
        }
        var configuration: LoadConfiguration
        if stages.isEmpty {
            let length = duration ?? (isQuick ? .seconds(1) : .seconds(3))
            guard length > .zero, length < .seconds(86_400) else { throw LoopError("duration \(length) is not above 0 and under a day") }
            configuration = LoadConfiguration(concurrency: concurrency, rate: rate, duration: length, requestTimeout: timeout)
        } else {
            configuration = LoadConfiguration(concurrency: concurrency, startRate: rate, stages: stages, requestTimeout: timeout)
            guard configuration.duration > .zero, configuration.duration < .seconds(86_400) else {
                throw LoopError("the stages' total \(configuration.duration) is not above 0 and under a day")
            }
        }
        configuration.warmupRequests = concurrency * warmupPerWorker
        configuration.abort = abort
        return configuration
    }
}

/// A loop declared with a value it cannot have.
struct LoopError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = "invalid loop: \(description)"
    }
}
