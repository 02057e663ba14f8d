import Synchronization

/// Drives an asynchronous operation from many tasks at once and times every call.
///
/// Each worker is a child task of one `TaskGroup` with histograms of its own for its current
/// interval, handed on when it moves to the next (``IntervalRecorder``), so recording never makes
/// workers wait for each other. In an open loop (a rate or stages) every request has an intended
/// start time from the schedule (``LoadSchedule``), and its latency is measured from then, as wrk2
/// does: a stalled server delays the requests queued behind the stall, and measuring from their
/// actual start would hide that (coordinated omission). The uncorrected latency is reported beside
/// it. No request starts after the duration; in an open loop, the requests due by then that could
/// not start are counted as missed.
///
/// Every run has a time series: each request counts in the interval of its intended start, and the
/// whole run's figures are the sum of the intervals'. The run ends at
/// ``LoadConfiguration/hardStop`` at the latest, whatever the operation does: requests
/// still in flight then are counted as timeouts and left running, not cancelled (cancelling a
/// URLSession `data(for:)` call as it completes can deadlock Foundation 6.3.1 on Linux). Cancelling
/// the calling task ends the run at once the same way, counting requests in flight as `cancelled`.
public enum LoadRunner {
    /// How often the requests in flight are sampled and closed intervals encoded.
    static let samplingNanoseconds: UInt64 = 5_000_000

    /// Runs `operation` as `configuration` says and returns the figures for the scenario in `context`.
    ///
    /// With `executors`, worker `i` runs on `executors[i % count]` instead of the global pool: a
    /// transport that drives its connections on threads of its own offers them (the curl
    /// transport's reactors), so that an answer resumes its worker on the thread it arrived on.
    ///
    /// Throws ``UnreconciledOutcomes`` when the counts of the run or of an interval do not add up,
    /// which would be a bug here.
    public static func run(
        in context: ScenarioContext,
        configuration: LoadConfiguration,
        executors: [any TaskExecutor] = [],
        _ operation: @escaping @Sendable () async -> RequestOutcome
    ) async throws -> ScenarioResult {
        try await run(in: context, configuration: configuration, executors: executors, mix: LoadMix(operation))
    }

    /// Runs the requests of `mix` as `configuration` says, as ``run(in:configuration:executors:_:)``
    /// runs one, and counts a named mix's requests by name too (``ScenarioResult/requests``).
    public static func run(
        in context: ScenarioContext,
        configuration: LoadConfiguration,
        executors: [any TaskExecutor] = [],
        mix: LoadMix
    ) async throws -> ScenarioResult {
        let concurrency = max(1, configuration.concurrency)
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)

        if configuration.warmupRequests > 0 {
            var warmUp = configuration
            warmUp.rate = nil
            warmUp.stages = []
            warmUp.maximumRequests = configuration.warmupRequests
            // The warm-up is not judged: a service still warming up is what it is for.
            warmUp.abort = nil
            _ = try await drive(
                executors: executors,
                warmUp, concurrency: concurrency, template: template, allocations: context.allocations, progress: ProgressMeter(), mix
            )
        }

        let before = context.allocations?.snapshot()
        context.observer?.loadStarted(configuration)
        let run = try await drive(
            executors: executors,
            configuration, concurrency: concurrency, template: template, allocations: context.allocations, progress: context.progress,
            observer: context.observer, mix)
        let tally = run.total

        var result = ScenarioResult(
            name: context.name,
            kind: .load,
            operations: tally.sent,
            warmupOperations: configuration.warmupRequests,
            durationSeconds: Double(run.elapsed) / 1e9
        )
        result.concurrency = concurrency
        result.unit = mix.isJourney ? .session : nil
        // A shard starts every n-th request of the run's schedule: its part of the run's rate.
        result.targetRate = configuration.rate.map { $0 / Double(configuration.shard.count) }
        result.stages = configuration.stages.isEmpty ? nil : configuration.stages
        result.latency = ScenarioResult.Latency(tally.latency)
        if run.schedule.isOpenLoop {
            result.uncorrectedLatency = ScenarioResult.Latency(tally.uncorrected)
        }
        // A closed loop schedules nothing ahead: each request is due when its worker is free.
        let scheduled = run.schedule.isOpenLoop ? run.scheduled : tally.sent + tally.missed
        let outcomes = ScenarioResult.Outcomes(
            scheduled: scheduled, sent: tally.sent, missed: tally.missed, succeeded: tally.succeeded, errors: tally.errors
        )
        guard outcomes.reconciles else { throw UnreconciledOutcomes(outcomes: outcomes) }
        result.outcomes = outcomes
        if let named = run.named {
            result.requests = try ScenarioResult.namedRequests(
                mix, named, total: outcomes, of: run.timeSeries, seconds: result.durationSeconds, isOpenLoop: run.schedule.isOpenLoop)
        }
        result.timeSeries = run.timeSeries
        result.generator = run.generator
        result.abort = run.abort
        if let before, let counter = context.allocations, tally.sent > 0 {
            let delta = counter.delta(since: before)
            result.mallocsPerOperation = Double(delta.mallocs) / Double(tally.sent)
            result.bytesAllocatedPerOperation = Double(delta.bytes) / Double(tally.sent)
        }
        context.observer?.loadFinished(result)
        return result
    }

    /// What one phase (the warm-up or the measured run) produced.
    struct Drive {
        /// The whole run: every interval added up, missed slots included.
        var total: LoadTally
        var schedule: LoadSchedule
        /// The slots of an open loop that were due: ``LoadSchedule/scheduled(untilElapsed:)``.
        var scheduled: Int
        /// Nanoseconds from the run's start to its end.
        var elapsed: UInt64
        var timeSeries: TimeSeries
        var generator: GeneratorLoad
        /// A mix's requests, or a journey's steps, by name: each one's total and time series.
        var named: [NamedFigures]?
        /// Why the run stopped itself, when it did.
        var abort: ScenarioResult.Abort?
    }

    /// One phase: the workers, until they are done, the hard stop or the caller's cancellation, and
    /// their figures interval by interval.
    private static func drive(
        executors: [any TaskExecutor],
        _ configuration: LoadConfiguration,
        concurrency: Int,
        template: Histogram,
        allocations: AllocationCounter?,
        progress: ProgressMeter,
        observer: (any LoadObserver)? = nil,
        _ mix: LoadMix
    ) async throws -> Drive {
        let called = Platform.monotonicNanoseconds()
        let cpuAtStart = Platform.processCPUNanoseconds()
        let threadsAtStart = Platform.threadSchedulerTimes()
        let machineAtStart = Platform.machineCPUTicks()
        let schedule = LoadSchedule(configuration: configuration)
        let intervalNanoseconds = max(1, configuration.intervalNanoseconds)
        let recorder = IntervalRecorder(workers: concurrency, template: template)
        let lateness = try Histogram(lowestDiscernibleValue: 1_000, highestTrackableValue: 60_000_000_000, significantDigits: 2)
        let named = mix.isNamed ? NamedTallies(names: mix.names, template: template) : nil
        let sessions = mix.isJourney ? SessionNumbers() : nil
        let workers = (0..<concurrency).map {
            LoadWorker(
                index: $0, schedule: schedule, template: template, lateness: lateness, recorder: recorder, named: named,
                sessions: sessions, intervalNanoseconds: intervalNanoseconds)
        }
        let gauge = InFlightGauge()
        // Unstructured, so that the runner can stop waiting for workers stuck in a request.
        let group = Task {
            await withTaskGroup(of: Void.self) { group in
                for worker in workers {
                    let executor = executors.isEmpty ? nil : executors[worker.index % executors.count]
                    group.addTask(executorPreference: executor) {
                        await worker.run(progress: progress, inFlight: gauge, mix)
                        // Workers run on pool threads whose cached counts jemalloc merges only on a flush.
                        allocations?.flushThreadCache()
                    }
                }
            }
        }
        let intervalSeconds = Double(intervalNanoseconds) / 1e9
        // Encodes intervals as they close and samples the generator, off the workers' path.
        // Judges the abort condition too, as each interval closes; breaking it stops the schedule.
        let background = Task { () -> Result<(IntervalEncoder, GeneratorSampler, ScenarioResult.Abort?), HistogramError> in
            var encoder = IntervalEncoder(template: template)
            var sampler = GeneratorSampler(intervalNanoseconds: intervalNanoseconds)
            var abort: ScenarioResult.Abort?
            var judgedBelow = 0
            while !Task.isCancelled {
                let inFlight = gauge.value
                sampler.sample(
                    now: Platform.monotonicNanoseconds(), inFlight: inFlight, cpu: Platform.processCPUNanoseconds(), start: schedule.start)
                observer?.sampledInFlight(inFlight)
                do throws(HistogramError) {
                    try encoder.absorb(
                        from: recorder, named: named, progress: progress, intervalSeconds: intervalSeconds, observer: observer)
                    if let condition = configuration.abort, abort == nil, encoder.closedBelow > judgedBelow {
                        judgedBelow = encoder.closedBelow
                        abort = try condition.breach(
                            in: encoder.run.encoded, closedBelow: judgedBelow, intervalSeconds: intervalSeconds)
                        if abort != nil { schedule.cancel() }
                    }
                } catch {
                    return .failure(error)
                }
                try? await Task.sleep(nanoseconds: samplingNanoseconds)
            }
            sampler.sample(
                now: Platform.monotonicNanoseconds(), inFlight: gauge.value, cpu: Platform.processCPUNanoseconds(), start: schedule.start)
            return .success((encoder, sampler, abort))
        }
        // The hard stop counts from the schedule's start; from the call while no worker has run.
        let hardStop: @Sendable () -> UInt64 = { (schedule.start ?? called).addingSaturated(configuration.hardStopNanoseconds) }
        await withTaskCancellationHandler {
            await FirstSignal.wait(for: group, until: hardStop)
        } onCancel: {
            schedule.cancel()
        }
        let end = Platform.monotonicNanoseconds()
        let inFlightClass = Task.isCancelled ? RequestOutcome.cancelledClass : RequestOutcome.timeoutClass
        var wakeLateness = lateness
        var lateStarts = 0
        for worker in workers {
            let stopped = worker.stop(at: end, countingInFlightAs: inFlightClass)
            try wakeLateness.merge(stopped.wakeLateness)
            lateStarts += stopped.lateStarts
        }
        let cpuAtEnd = Platform.processCPUNanoseconds()
        let threadsAtEnd = Platform.threadSchedulerTimes()
        let machineAtEnd = Platform.machineCPUTicks()
        background.cancel()
        let finished = try await background.value.get()
        var (encoder, sampler) = (finished.0, finished.1)
        let abort = finished.2

        let start = schedule.start ?? called
        let elapsed = end &- start
        let covered = schedule.covered(untilElapsed: elapsed)
        let count = intervalCount(covering: covered, intervalNanoseconds: intervalNanoseconds)
        recorder.closeAll(below: count)
        try encoder.absorb(
            from: recorder, named: named, progress: progress, intervalSeconds: intervalSeconds, observer: observer, isFinal: true)
        observer?.sampledInFlight(0)
        let scheduled = schedule.scheduled(untilElapsed: elapsed)
        let series = try assembleTimeSeries(
            encoder, sampler: sampler, schedule: schedule, scheduled: scheduled, intervals: count, covering: covered,
            intervalNanoseconds: intervalNanoseconds)
        // Stamped now from the monotonic clock's distance to the start, so that setting the wall
        // clock during the run cannot move the series.
        let startMicroseconds = Platform.unixMicroseconds() &- Int64(clamping: (Platform.monotonicNanoseconds() &- start) / 1_000)
        var total = encoder.run.total
        if schedule.isOpenLoop { total.recordMissed(scheduled - schedule.claimed) }

        let namedFigures = try named.map { named throws(UnreconciledOutcomes) in
            try assembleNamedSeries(
                encoder, names: named.allNames, isOpenLoop: schedule.isOpenLoop, intervals: count, covering: covered,
                intervalNanoseconds: intervalNanoseconds)
        }

        let seconds = Double(elapsed) / 1e9
        let cpuSeconds = Double(cpuAtEnd &- cpuAtStart) / 1e9
        var generator = GeneratorLoad(
            cpuSeconds: cpuSeconds,
            cpuShare: seconds > 0 ? cpuSeconds / (seconds * Double(Platform.cpuCount)) : 0,
            meanInFlight: sampler.whole.time > 0 ? sampler.whole.inFlightTime / sampler.whole.time : 0,
            peakInFlight: sampler.peak,
            lateStarts: lateStarts,
            wakeLateness: schedule.isOpenLoop && wakeLateness.totalCount > 0 ? LatencySummary(wakeLateness) : nil
        )
        let scheduling = SchedulerTimes.elapsed(from: threadsAtStart, to: threadsAtEnd)
        if let share = scheduling.waitingShare {
            generator.runQueueWaitShare = share
            generator.runQueueWaitSeconds = Double(scheduling.waiting) / 1e9
        }
        if let before = machineAtStart, let after = machineAtEnd, after.total > before.total {
            generator.machineCPUShare = Double(after.busy &- before.busy) / Double(after.total - before.total)
        }
        generator.loadAverage = Platform.loadAverage()
        return Drive(
            total: total, schedule: schedule, scheduled: scheduled, elapsed: elapsed,
            timeSeries: TimeSeries(startUnixMicroseconds: startMicroseconds, intervalSeconds: intervalSeconds, intervals: series),
            generator: generator, named: namedFigures, abort: abort
        )
    }

    /// The intervals of `intervalNanoseconds` it takes to cover `covered` nanoseconds, at least one.
    static func intervalCount(covering covered: UInt64, intervalNanoseconds: UInt64) -> Int {
        let (quotient, remainder) = covered.quotientAndRemainder(dividingBy: max(1, intervalNanoseconds))
        return max(1, Int(clamping: quotient) + (remainder > 0 ? 1 : 0))
    }
}

/// A load run whose requests do not add up: some request due was neither sent nor missed, or some
/// request sent ended in no outcome, or in two. The runner checks every run and every interval of
/// its time series, and throws this rather than write a report whose counts cannot be trusted.
public struct UnreconciledOutcomes: Error, CustomStringConvertible {
    /// The counts that do not add up.
    public let outcomes: ScenarioResult.Outcomes
    /// The interval of the time series they belong to; `nil` for the whole run.
    public let interval: Int?
    /// What else they were compared with, when it is not their own parts: the sum of a mix's
    /// requests by name, set against the run's counts.
    public let comparedWith: String?

    /// The counts of the whole run, or of `interval`, that do not add up; or counts that do not
    /// match what they are `comparedWith`.
    public init(outcomes: ScenarioResult.Outcomes, interval: Int? = nil, comparedWith: String? = nil) {
        self.outcomes = outcomes
        self.interval = interval
        self.comparedWith = comparedWith
    }

    /// `scheduled 12 = sent 10 + missed 2, sent 10 ≠ succeeded 7 + errors 2`, after `interval 3: `
    /// for an interval.
    public var description: String {
        let place = interval.map { "interval \($0): " } ?? ""
        if let comparedWith {
            return place + "\(outcomes.reconciliationDescription) do not match \(comparedWith)"
        }
        let scheduling = outcomes.scheduled == outcomes.sent + outcomes.missed ? "=" : "≠"
        let ending = outcomes.sent == outcomes.succeeded + outcomes.failed ? "=" : "≠"
        return place
            + "scheduled \(outcomes.scheduled) \(scheduling) sent \(outcomes.sent) + missed \(outcomes.missed), "
            + "sent \(outcomes.sent) \(ending) succeeded \(outcomes.succeeded) + errors \(outcomes.failed)"
    }
}
