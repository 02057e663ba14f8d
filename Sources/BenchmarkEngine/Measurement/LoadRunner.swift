import Synchronization

/// Drives an asynchronous operation from many tasks at once and times every call.
///
/// Each worker is a child task of one `TaskGroup` with a histogram of its own, merged at the end, so
/// recording never makes workers wait for each other. In an open loop (a rate is set) every request
/// has an intended start time, `start + index / rate`, and its latency is measured from then, as wrk2
/// does: a stalled server delays the requests queued behind the stall, and measuring from their
/// actual start would hide that (coordinated omission). The uncorrected latency is reported beside it.
public enum LoadRunner {
    /// Runs `operation` as `configuration` says and returns the figures for the scenario in `context`.
    public static func run(
        in context: ScenarioContext,
        configuration: LoadConfiguration,
        _ operation: @escaping @Sendable () async -> RequestOutcome
    ) async throws -> ScenarioResult {
        let concurrency = max(1, configuration.concurrency)
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)

        await warmUp(requests: configuration.warmupRequests, concurrency: concurrency, allocations: context.allocations, operation)

        let before = context.allocations?.snapshot()
        let start = Platform.monotonicNanoseconds()
        let schedule = Schedule(configuration: configuration, start: start)
        let tally = await withTaskGroup(of: Tally.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    let tally = await work(schedule: schedule, template: template, progress: context.progress, operation)
                    // Workers run on pool threads whose cached counts jemalloc merges only on a flush.
                    context.allocations?.flushThreadCache()
                    return tally
                }
            }
            var total = Tally(template: template)
            for await part in group {
                total.absorb(part)
            }
            return total
        }
        let elapsed = Platform.monotonicNanoseconds() &- start

        var result = ScenarioResult(
            name: context.name,
            kind: .load,
            operations: tally.sent,
            warmupOperations: configuration.warmupRequests,
            durationSeconds: Double(elapsed) / 1e9
        )
        result.concurrency = concurrency
        result.targetRate = configuration.rate
        result.latency = ScenarioResult.Latency(summary: LatencySummary(tally.latency), histogram: tally.latency.encoded())
        if configuration.rate != nil {
            result.uncorrectedLatency = ScenarioResult.Latency(
                summary: LatencySummary(tally.uncorrected), histogram: tally.uncorrected.encoded()
            )
        }
        let outcomes = ScenarioResult.Outcomes(sent: tally.sent, succeeded: tally.succeeded, errors: tally.errors)
        guard outcomes.reconciles else { throw UnreconciledOutcomes(outcomes: outcomes) }
        result.outcomes = outcomes
        if let before, let counter = context.allocations, tally.sent > 0 {
            let delta = counter.delta(since: before)
            result.mallocsPerOperation = Double(delta.mallocs) / Double(tally.sent)
            result.bytesAllocatedPerOperation = Double(delta.bytes) / Double(tally.sent)
        }
        return result
    }

    private static func warmUp(
        requests: Int,
        concurrency: Int,
        allocations: AllocationCounter?,
        _ operation: @escaping @Sendable () async -> RequestOutcome
    ) async {
        guard requests > 0 else { return }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    for _ in stride(from: worker, to: requests, by: concurrency) {
                        _ = await operation()
                    }
                    // So that warm-up allocations are counted before the measured run starts.
                    allocations?.flushThreadCache()
                }
            }
        }
    }

    private static func work(
        schedule: Schedule,
        template: Histogram,
        progress: ProgressMeter,
        _ operation: @Sendable () async -> RequestOutcome
    ) async -> Tally {
        var tally = Tally(template: template)
        while let slot = await schedule.nextSlot() {
            let started = Platform.monotonicNanoseconds()
            let outcome = await operation()
            let ended = Platform.monotonicNanoseconds()
            let intended = if case .at(let time) = slot { time } else { started }
            tally.record(outcome, latency: ended &- intended, uncorrected: ended &- started)
            progress.add(1)
        }
        return tally
    }
}

/// Hands out request slots to workers until the count or the time is up.
private final class Schedule: Sendable {
    private let next = Atomic<Int>(0)
    private let start: UInt64
    private let deadline: UInt64
    private let maximumRequests: Int
    private let interval: Double?

    init(configuration: LoadConfiguration, start: UInt64) {
        self.start = start
        deadline = start &+ configuration.durationNanoseconds
        maximumRequests = configuration.maximumRequests ?? .max
        interval = configuration.rate.map { 1e9 / $0 }
    }

    /// When a worker's next request should start.
    enum Slot {
        /// As soon as the worker is free (closed loop).
        case now
        /// At this monotonic time (open loop); the worker has waited for it if it lay ahead.
        case at(UInt64)
    }

    /// The next request's slot, or `nil` when the run is over.
    func nextSlot() async -> Slot? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < maximumRequests else { return nil }
        guard let interval else {
            return Platform.monotonicNanoseconds() < deadline ? .now : nil
        }
        let intended = start &+ UInt64(Double(index) * interval)
        guard intended < deadline else { return nil }
        let now = Platform.monotonicNanoseconds()
        if intended > now {
            try? await Task.sleep(nanoseconds: intended - now)
        }
        return .at(intended)
    }
}

/// One worker's counts and histograms; merged into one at the end.
private struct Tally: Sendable {
    var latency: Histogram
    var uncorrected: Histogram
    var sent = 0
    var succeeded = 0
    var errors: [String: Int] = [:]

    init(template: Histogram) {
        latency = template
        uncorrected = template
    }

    mutating func record(_ outcome: RequestOutcome, latency value: UInt64, uncorrected raw: UInt64) {
        sent += 1
        latency.record(value)
        uncorrected.record(raw)
        switch outcome {
        case .success: succeeded += 1
        case .failure(let kind): errors[kind, default: 0] += 1
        }
    }

    mutating func absorb(_ other: Tally) {
        // Same layout by construction, so merging cannot fail.
        try? latency.merge(other.latency)
        try? uncorrected.merge(other.uncorrected)
        sent += other.sent
        succeeded += other.succeeded
        errors.merge(other.errors, uniquingKeysWith: +)
    }
}
