/// How throughput grows with the requests in flight: closed-loop steps at N = 1, 2, 4, … workers,
/// each with a warm-up that is discarded, and the Universal Scalability Law fitted to them.
///
/// Every level runs, whatever the objectives say, so that the fit sees the curve bend; the
/// objectives, when there are any, give the most workers (and their throughput) that meet them.
/// Steps in which the generator did not keep up are kept in the report and left out of the fit.
/// No step starts once the time allowed is spent, and cancelling the caller ends the sweep after
/// the step in flight is given up, which is discarded. An ``abort`` condition that holds ends the
/// step in which it held, which is kept as far as it went, and the sweep with it.
///
/// ```swift
/// let sweep = ConcurrencySweep(objectives: [], levels: ConcurrencySweep.doubling(upTo: 64))
/// let swept = await sweep.run(with: runner)
/// swept.result.scalability?.peakConcurrency
/// ```
public struct ConcurrencySweep: Sendable {
    /// What a level must meet to count as passing; may be empty.
    public var objectives: [ServiceLevelObjective]
    /// Over what each step's measured part is judged.
    public var window = ObjectiveWindow.whole
    /// The workers of each step, in the order run.
    public var levels: [Int]
    /// Each step's measured part.
    public var step: Duration = .seconds(10)
    /// What each step runs first and discards, so that connections are open and the closed loop
    /// has settled before anything counts.
    public var warmup: Duration = .seconds(2)
    /// No step starts after this much time sweeping.
    public var maximumTime: Duration = .seconds(600)
    /// The time series' interval within each step: the bootstrap of the fit draws from them.
    public var interval: Duration = .seconds(1)
    /// Each request's time limit.
    public var requestTimeout: Duration = .seconds(10)
    /// What else decides a step.
    public var limits = CapacityStep.Limits()
    /// What stops a step and the whole sweep early (`--abort-on`): a service that broke down
    /// gains nothing from more workers; `nil` for nothing.
    public var abort: AbortCondition?

    /// A sweep over `levels` judged against `objectives`, the other settings at their defaults.
    public init(objectives: [ServiceLevelObjective], levels: [Int]) {
        self.objectives = objectives
        self.levels = levels
    }

    /// 1, 2, 4, … up to `maximum`, and `maximum` itself when it is not a power of two.
    public static func doubling(upTo maximum: Int) -> [Int] {
        var levels: [Int] = []
        var level = 1
        while level < maximum {
            levels.append(level)
            level *= 2
        }
        return levels + [max(1, maximum)]
    }

    /// The closed loop of one step of `workers`.
    public func configuration(workers: Int) -> LoadConfiguration {
        var configuration = LoadConfiguration(
            concurrency: workers,
            duration: Duration(nanoseconds: warmup.nanoseconds.addingSaturated(step.nanoseconds)), requestTimeout: requestTimeout
        )
        configuration.interval = interval
        configuration.abort = abort
        return configuration
    }

    /// Sweeps, running each step on `runner` and passing it to `stepCompleted` as it completes.
    /// With `server`, each step carries the service's figures over its measured part and is judged
    /// on them too.
    public func run(
        with runner: some CapacityStepRunner, watching server: ServerWatch? = nil, stepCompleted: (CapacityStep) -> Void = { _ in }
    ) async -> CapacitySearch.Outcome {
        var sequence = StepSequence(runner: runner, maximumTime: maximumTime, server: server)
        for workers in levels {
            let completed = await sequence.step(
                configuration(workers: workers), named: "the step of \(workers) workers", completed: stepCompleted
            ) { result, number, start in
                try CapacityStep(
                    judging: result, number: number, phase: .sweep, targetRate: 0, startSeconds: start, warmupSeconds: warmup.seconds,
                    objectives: objectives, window: window, concurrency: workers, limits: limits)
            }
            if completed == nil { break }
        }
        let stop = sequence.stop ?? (.swept, nil)
        return CapacitySearch.Outcome(
            steps: sequence.steps,
            result: result(reason: stop.reason, detail: stop.detail, steps: sequence.steps, seconds: sequence.elapsedSeconds))
    }

    private func result(reason: CapacityResult.StopReason, detail: String?, steps: [CapacityStep], seconds: Double) -> CapacityResult {
        var sentences: [String] = []
        switch reason {
        case .swept: sentences.append("Every level ran, \(Self.levels(steps)).")
        case .timeLimit: sentences.append("The time allowed ran out after \(Self.levels(steps)).")
        case .interrupted:
            sentences.append("Interrupted after \(steps.count) step\(steps.count == 1 ? "" : "s"); the step in progress was discarded.")
        case .stepFailed, .aborted: sentences.append("Stopped: \(detail ?? "a step could not run").")
        case .converged, .maximumRateSustained, .failedAtMinimumRate: break
        }
        let behind = steps.filter { $0.generatorCheck?.keptUp == false }
        if !behind.isEmpty {
            sentences.append(
                "The generator did not keep up at \(behind.map { "N = \($0.concurrency ?? 0)" }.joined(separator: ", ")) "
                    + "(\(behind[0].generatorCheck?.findings.first ?? "")): those steps measured the generator, not the server, "
                    + "and are left out of the fit.")
        }
        var result = CapacityResult(stopReason: reason, explanation: sentences.joined(separator: " "), searchSeconds: seconds)
        if !objectives.isEmpty {
            // The most workers that passed, among the levels below every failure the server is blamed for.
            let firstServerFailure = steps.filter { $0.status == .failed || $0.status == .errorStorm }.compactMap(\.concurrency).min()
            let passing = steps.filter { $0.status == .passed && ($0.concurrency ?? 0) < (firstServerFailure ?? .max) }
            if let best = passing.max(by: { ($0.concurrency ?? 0) < ($1.concurrency ?? 0) }) {
                result.largestPassingConcurrency = best.concurrency
                result.maximumSustainableRate = best.throughput
                result.concurrencyAtMaximum = CapacityResult.Concurrency(
                    rate: best.throughput, meanLatencySeconds: best.uncorrectedLatency.summary.mean / 1e9, measured: best.meanInFlight)
            }
            result.limitedBy = firstServerFailure != nil ? .server : (behind.isEmpty ? nil : .generator)
        } else if !behind.isEmpty {
            result.limitedBy = .generator
        }
        result.knee = CapacityResult.Knee(in: steps)
        result.scalability = ScalabilityFit(steps: steps)
        return result
    }

    /// `N = 1 to 64 (7 steps)`.
    private static func levels(_ steps: [CapacityStep]) -> String {
        let levels = steps.compactMap(\.concurrency)
        guard let first = levels.first, let last = levels.max() else { return "no step" }
        return "N = \(first) to \(last) (\(steps.count) step\(steps.count == 1 ? "" : "s"))"
    }
}
