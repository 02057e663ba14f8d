import Synchronization

/// Drives an asynchronous operation from many tasks at once and times every call.
///
/// Each worker is a child task of one `TaskGroup` with a histogram of its own, merged at the end, so
/// recording never makes workers wait for each other. In an open loop (a rate is set) every request
/// has an intended start time, `start + index / rate`, and its latency is measured from then, as wrk2
/// does: a stalled server delays the requests queued behind the stall, and measuring from their
/// actual start would hide that (coordinated omission). The uncorrected latency is reported beside it.
/// No request starts after the duration; in an open loop, the requests due by then that could not
/// start are counted as missed.
///
/// The run ends at ``LoadConfiguration/hardStopNanoseconds`` at the latest, whatever the operation
/// does: requests still in flight then are counted as timeouts and left running, not cancelled
/// (cancelling a URLSession `data(for:)` call as it completes can deadlock Foundation 6.3.1 on Linux).
public enum LoadRunner {
    /// Runs `operation` as `configuration` says and returns the figures for the scenario in `context`.
    ///
    /// Throws ``UnreconciledOutcomes`` when the counts do not add up, which would be a bug here.
    public static func run(
        in context: ScenarioContext,
        configuration: LoadConfiguration,
        _ operation: @escaping @Sendable () async -> RequestOutcome
    ) async throws -> ScenarioResult {
        let concurrency = max(1, configuration.concurrency)
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)

        if configuration.warmupRequests > 0 {
            var warmUp = configuration
            warmUp.rate = nil
            warmUp.maximumRequests = configuration.warmupRequests
            _ = await drive(warmUp, concurrency: concurrency, template: template, allocations: context.allocations, progress: ProgressMeter(), operation)
        }

        let before = context.allocations?.snapshot()
        let run = await drive(configuration, concurrency: concurrency, template: template, allocations: context.allocations, progress: context.progress, operation)
        let tally = run.tally

        var result = ScenarioResult(
            name: context.name,
            kind: .load,
            operations: tally.sent,
            warmupOperations: configuration.warmupRequests,
            durationSeconds: Double(run.elapsed) / 1e9
        )
        result.concurrency = concurrency
        // A shard starts every n-th request of the run's schedule: its part of the run's rate.
        result.targetRate = configuration.rate.map { $0 / Double(configuration.shard.count) }
        result.latency = ScenarioResult.Latency(summary: LatencySummary(tally.latency), histogram: tally.latency.encoded())
        if configuration.rate != nil {
            result.uncorrectedLatency = ScenarioResult.Latency(
                summary: LatencySummary(tally.uncorrected), histogram: tally.uncorrected.encoded()
            )
        }
        // A closed loop schedules nothing ahead: each request is due when its worker is free.
        let scheduled = run.schedule.isOpenLoop ? run.schedule.slots : tally.sent + tally.missed
        let outcomes = ScenarioResult.Outcomes(
            scheduled: scheduled, sent: tally.sent, missed: tally.missed, succeeded: tally.succeeded, errors: tally.errors
        )
        guard outcomes.reconciles else { throw UnreconciledOutcomes(outcomes: outcomes) }
        result.outcomes = outcomes
        if let before, let counter = context.allocations, tally.sent > 0 {
            let delta = counter.delta(since: before)
            result.mallocsPerOperation = Double(delta.mallocs) / Double(tally.sent)
            result.bytesAllocatedPerOperation = Double(delta.bytes) / Double(tally.sent)
        }
        return result
    }

    /// One phase (the warm-up or the measured run): the workers, until they are done or the hard
    /// stop, and their figures merged.
    private static func drive(
        _ configuration: LoadConfiguration,
        concurrency: Int,
        template: Histogram,
        allocations: AllocationCounter?,
        progress: ProgressMeter,
        _ operation: @escaping @Sendable () async -> RequestOutcome
    ) async -> (tally: LoadTally, schedule: LoadSchedule, elapsed: UInt64) {
        let called = Platform.monotonicNanoseconds()
        let schedule = LoadSchedule(configuration: configuration)
        let workers = (0..<concurrency).map { _ in LoadWorker(template: template) }
        // Unstructured, so that the runner can stop waiting for workers stuck in a request.
        let group = Task {
            await withTaskGroup(of: Void.self) { group in
                for worker in workers {
                    group.addTask {
                        await worker.run(schedule: schedule, progress: progress, operation)
                        // Workers run on pool threads whose cached counts jemalloc merges only on a flush.
                        allocations?.flushThreadCache()
                    }
                }
            }
        }
        // The hard stop counts from the schedule's start; from the call while no worker has run.
        await FirstSignal.wait(for: group, until: { (schedule.start ?? called).addingSaturated(configuration.hardStopNanoseconds) })
        let end = Platform.monotonicNanoseconds()
        var total = LoadTally(template: template)
        for worker in workers {
            total.absorb(worker.stop(at: end))
        }
        total.recordMissed(schedule.unclaimed)
        return (total, schedule, end &- (schedule.start ?? called))
    }
}

/// Resumes one waiter with whichever comes first: a task's end or a time limit.
private final class FirstSignal: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Void, Never>)
        case signalled
    }

    private let state = Mutex(State.pending)

    /// Returns when `task` has finished or the monotonic time `deadline()` has come, whichever is
    /// first; the deadline is read again after each sleep, since it may have moved later. The task is
    /// left running either way.
    static func wait(for task: Task<Void, Never>, until deadline: @escaping @Sendable () -> UInt64) async {
        let signal = FirstSignal()
        Task {
            await task.value
            signal.fire()
        }
        let timer = Task {
            while true {
                let now = Platform.monotonicNanoseconds()
                let limit = deadline()
                guard now < limit else { break }
                // Capped at about 146 years, which every sleep implementation can represent.
                guard (try? await Task.sleep(nanoseconds: min(limit - now, 1 << 62))) != nil else { return }
            }
            signal.fire()
        }
        await withCheckedContinuation { continuation in
            let fired = signal.state.withLock { state in
                guard case .pending = state else { return true }
                state = .waiting(continuation)
                return false
            }
            if fired { continuation.resume() }
        }
        timer.cancel()
    }

    private func fire() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state = .signalled }
            guard case .waiting(let continuation) = state else { return nil }
            return continuation
        }
        continuation?.resume()
    }
}
