import Dispatch
import Synchronization

@testable import BenchmarkEngine

/// A server as a queue, and a generator that may be slower than its schedule, run in no wall time:
/// what a capacity search is tested against.
///
/// `workers` virtual servers take requests first come, first served, each for `serviceNanoseconds`,
/// so the true capacity is `workers / service time` and beyond it the queue, and latency, grow
/// without bound. The generator sends each request at its slot's due time, or, when it can send only
/// `generatorRate` a second, as soon as it can after that. Each step advances a shared clock by its
/// duration.
struct SimulatedServer: CapacityStepRunner {
    var workers: Int
    var serviceNanoseconds: UInt64
    /// The most requests a second the generator can send; `nil`: as many as scheduled.
    var generatorRate: Double?
    /// Above this rate, every request fails with a 503.
    var failsAbove: Double?
    /// Throws when asked for this rate.
    var breaksAt: Double?
    /// The first step at this rate, and only that one, has its generator stalled for 100 ms at the
    /// start of its measured part, as a busy machine may preempt it.
    var stallsOnceAt: Double?
    let clock: SimulatedClock
    private let stall = Latch()

    init(
        workers: Int, serviceNanoseconds: UInt64, generatorRate: Double? = nil, failsAbove: Double? = nil, breaksAt: Double? = nil,
        stallsOnceAt: Double? = nil, clock: SimulatedClock = SimulatedClock()
    ) {
        self.workers = workers
        self.serviceNanoseconds = serviceNanoseconds
        self.generatorRate = generatorRate
        self.failsAbove = failsAbove
        self.breaksAt = breaksAt
        self.stallsOnceAt = stallsOnceAt
        self.clock = clock
    }

    /// Requests per second the server can serve.
    var capacity: Double {
        Double(workers) * 1e9 / Double(serviceNanoseconds)
    }

    struct Broken: Error {}

    func now() -> UInt64 {
        clock.now
    }

    /// Simulates the step on a thread of its own: seconds of simulated requests are work that would
    /// otherwise hold one of the few threads that run every test's tasks.
    func runStep(_ configuration: LoadConfiguration) async throws -> ScenarioResult {
        let rate = configuration.rate ?? 0
        if rate == breaksAt { throw Broken() }
        clock.advance(by: configuration.durationNanoseconds)
        let simulated = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Result { try simulate(configuration) }) }
        }
        return try simulated.get()
    }

    private func simulate(_ configuration: LoadConfiguration) throws -> ScenarioResult {
        let rate = configuration.rate ?? 0
        let schedule = LoadSchedule(configuration: configuration)
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        let length = configuration.intervalNanoseconds
        let count = Int((configuration.durationNanoseconds + length - 1) / length)
        var tallies = (0..<count).map { _ in LoadTally(template: template) }
        var freeAt = Array(repeating: UInt64(0), count: workers)
        var lastSent: UInt64?
        var lateStarts = 0
        let gap = generatorRate.map { UInt64(1e9 / $0) }
        let failing = failsAbove.map { rate > $0 } ?? false
        let stallEnds: UInt64? =
            rate == stallsOnceAt && stall.trip()
            ? configuration.durationNanoseconds / 3 + 100_000_000 : nil
        for slot in 0..<schedule.slots {
            let intended = schedule.offset(ofSlot: slot)
            var sent = intended
            if let gap, let lastSent { sent = max(intended, lastSent + gap) }
            if let stallEnds, intended >= stallEnds - 100_000_000 { sent = max(sent, stallEnds) }
            if sent > intended { lateStarts += 1 }
            lastSent = sent
            let worker = freeAt.indices.min { freeAt[$0] < freeAt[$1] } ?? 0
            let ended = max(sent, freeAt[worker]) + serviceNanoseconds
            freeAt[worker] = ended
            tallies[Int(intended / length)].record(
                failing ? .failure("badStatus(503)") : .success, intended: intended, started: sent, ended: ended)
        }
        var total = LoadTally(template: template)
        let intervals = tallies.enumerated().map { index, tally in
            total.absorb(tally)
            let seconds = Double(min(length, configuration.durationNanoseconds - UInt64(index) * length)) / 1e9
            return TimeSeries.Interval(
                startSeconds: Double(UInt64(index) * length) / 1e9, durationSeconds: seconds,
                outcomes: .init(sent: tally.sent, succeeded: tally.succeeded, errors: tally.errors),
                latency: .init(summary: LatencySummary(tally.latency), histogram: tally.latency.encoded()),
                uncorrectedLatency: .init(summary: LatencySummary(tally.uncorrected), histogram: tally.uncorrected.encoded())
            )
        }
        var result = ScenarioResult(
            name: "simulated", kind: .load, operations: total.sent, warmupOperations: 0,
            durationSeconds: Double(configuration.durationNanoseconds) / 1e9)
        result.targetRate = rate
        result.latency = .init(summary: LatencySummary(total.latency), histogram: total.latency.encoded())
        result.outcomes = .init(sent: total.sent, succeeded: total.succeeded, errors: total.errors)
        result.timeSeries = TimeSeries(startUnixMicroseconds: 0, intervalSeconds: Double(length) / 1e9, intervals: intervals)
        result.generator = GeneratorLoad(
            cpuSeconds: 0, cpuShare: 0, meanInFlight: 0, peakInFlight: 0, lateStarts: lateStarts, wakeLateness: nil)
        return result
    }
}

/// The simulation's time, in nanoseconds, shared by the steps of one search.
final class SimulatedClock: Sendable {
    private let nanoseconds = Mutex<UInt64>(1)

    var now: UInt64 {
        nanoseconds.withLock { $0 }
    }

    func advance(by duration: UInt64) {
        nanoseconds.withLock { $0 += duration }
    }
}

/// True the first time it is tripped, false ever after.
final class Latch: Sendable {
    private let tripped = Atomic<Bool>(false)

    func trip() -> Bool {
        !tripped.exchange(true, ordering: .relaxed)
    }
}
