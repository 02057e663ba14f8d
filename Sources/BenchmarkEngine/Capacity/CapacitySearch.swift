import Foundation

/// Finds the highest request rate a server sustains within its service-level objectives.
///
/// Open-loop steps, each with a warm-up that is discarded: the rate grows geometrically from the
/// minimum until a step fails (an objective broken, an error storm, or the generator unable to keep
/// its schedule), twice in a row at the same rate, then the gap between the last rate that passed and the first that failed is
/// halved (geometrically) until it is within the precision. No step starts once the time allowed is
/// spent, so a search ends within that time plus one step, whatever the server does; cancelling the
/// caller ends it after the step in flight is given up, which is discarded.
///
/// ```swift
/// let search = CapacitySearch(objectives: [try ServiceLevelObjective(parsing: "p99<=50ms")])
/// let found = await search.run(with: runner) { step in print(step.targetRate, step.status) }
/// found.result.maximumSustainableRate
/// ```
public struct CapacitySearch: Sendable {
    /// What every step must meet.
    public var objectives: [ServiceLevelObjective]
    /// Over what each step's measured part is judged.
    public var window = ObjectiveWindow.whole
    /// The first step's rate and the most a step asks for, requests per second.
    public var minimumRate = 10.0
    public var maximumRate = 100_000.0
    /// How much each step of the first phase multiplies the rate by.
    public var growthFactor = 2.0
    /// Bisection stops when the failing rate is within this fraction above the passing one.
    public var precision = 0.05
    /// Each step's measured part, and the warm-up before it.
    public var step: Duration = .seconds(10)
    public var warmup: Duration = .seconds(2)
    /// No step starts after this much time searching.
    public var maximumTime: Duration = .seconds(600)
    /// The time series' interval within each step.
    public var interval: Duration = .seconds(1)
    /// The most requests in flight, and each request's time limit.
    public var concurrency = 256
    public var requestTimeout: Duration = .seconds(10)
    /// What else decides a step.
    public var limits = CapacityStep.Limits()
    /// What stops a step and the whole search early (`--abort-on`); `nil` for nothing.
    public var abort: AbortCondition?

    /// A search for the rate that meets `objectives`, with the other settings at their defaults.
    public init(objectives: [ServiceLevelObjective]) {
        self.objectives = objectives
    }

    /// The steps run and what they show.
    public struct Outcome: Sendable {
        /// Every step completed, in order.
        public var steps: [CapacityStep]
        /// The verdict.
        public var result: CapacityResult
    }

    /// The open loop of one step at `rate`.
    public func configuration(rate: Double) -> LoadConfiguration {
        var configuration = LoadConfiguration(
            concurrency: concurrency, rate: rate,
            duration: Duration(nanoseconds: warmup.nanoseconds.addingSaturated(step.nanoseconds)), requestTimeout: requestTimeout
        )
        configuration.interval = interval
        configuration.abort = abort
        return configuration
    }

    /// Searches, running each step on `runner` and passing it to `stepCompleted` as it completes.
    /// With `server`, each step carries the service's figures over its measured part and is judged
    /// on them too, before the search decides where to go next.
    public func run(
        with runner: some CapacityStepRunner, watching server: ServerWatch? = nil, stepCompleted: (CapacityStep) -> Void = { _ in }
    ) async -> Outcome {
        var sequence = StepSequence(runner: runner, maximumTime: maximumTime, server: server)
        var passing: CapacityStep?
        var failing: CapacityStep?

        /// Runs one step at `rate`; `nil` when the search must stop first.
        func step(_ rate: Double, _ phase: CapacityStep.Phase) async -> CapacityStep? {
            await sequence.step(configuration(rate: rate), named: "the step at \(Self.rate(rate))", completed: stepCompleted) {
                result, number, start in
                try CapacityStep(
                    judging: result, number: number, phase: phase, targetRate: rate, startSeconds: start,
                    warmupSeconds: warmup.seconds, objectives: objectives, window: window, maximumInFlight: concurrency, limits: limits
                )
            }
        }

        /// Runs a step at `rate`, and once more when it fails: a busy machine only ever adds latency
        /// (it preempts the generator or the server for a moment), so one failure may be the
        /// machine's, and only a second one in a row stands.
        func judgedStep(_ rate: Double, _ phase: CapacityStep.Phase) async -> CapacityStep? {
            guard let completed = await step(rate, phase) else { return nil }
            guard completed.status.isFailure else { return completed }
            return await step(rate, phase) ?? completed
        }

        var rate = min(minimumRate, maximumRate)
        growing: while let completed = await judgedStep(rate, .grow) {
            guard !completed.status.isFailure else {
                failing = completed
                break growing
            }
            passing = completed
            guard rate < maximumRate else {
                sequence.stop = (.maximumRateSustained, nil)
                break growing
            }
            rate = min(rate * max(growthFactor, 1 + precision), maximumRate)
        }
        if sequence.stop == nil, passing == nil, failing != nil {
            sequence.stop = (.failedAtMinimumRate, nil)
        }
        while sequence.stop == nil, let low = passing, let high = failing {
            guard high.targetRate > low.targetRate * (1 + precision) else {
                sequence.stop = (.converged, nil)
                break
            }
            guard let completed = await judgedStep((low.targetRate * high.targetRate).squareRoot(), .bisect) else { break }
            if completed.status.isFailure { failing = completed } else { passing = completed }
        }
        let reason = sequence.stop ?? (.converged, nil)
        return Outcome(
            steps: sequence.steps,
            result: Self.result(
                reason: reason.reason, detail: reason.detail, passing: passing, failing: failing, steps: sequence.steps,
                seconds: sequence.elapsedSeconds))
    }

    private static func result(
        reason: CapacityResult.StopReason, detail: String?, passing: CapacityStep?, failing: CapacityStep?, steps: [CapacityStep],
        seconds: Double
    ) -> CapacityResult {
        var sentences: [String] = []
        switch reason {
        case .converged, .swept: break
        case .maximumRateSustained:
            sentences.append(
                "Every step passed up to the maximum rate, \(rate(passing?.targetRate ?? 0)): the server sustains at least that.")
        case .failedAtMinimumRate:
            sentences.append("The first step, at the minimum rate of \(rate(failing?.targetRate ?? 0)), already failed.")
        case .timeLimit: sentences.append("The time allowed ran out before the search converged.")
        case .interrupted:
            sentences.append("Interrupted after \(steps.count) step\(steps.count == 1 ? "" : "s"); the step in progress was discarded.")
        case .stepFailed, .aborted: sentences.append("Stopped: \(detail ?? "a step could not run").")
        }
        if let passing { sentences.append("\(rate(passing.targetRate)) met every objective.") }
        var limit: CapacityResult.Limit?
        if let failing {
            let why = failing.reasons.first.map { " (\($0))" } ?? ""
            switch failing.status {
            case .generatorLimited:
                limit = .generator
                sentences.append(
                    "At \(rate(failing.targetRate)) the generator could not keep its own schedule\(why): that is the generator's limit, "
                        + "not the server's, which is at least \(rate(passing?.targetRate ?? 0)) and may be higher.")
            case .errorStorm, .failed:
                limit = .server
                sentences.append("\(rate(failing.targetRate)) did not\(why).")
            case .passed:
                break
            }
        }
        var result = CapacityResult(stopReason: reason, explanation: sentences.joined(separator: " "), searchSeconds: seconds)
        result.maximumSustainableRate = passing?.targetRate
        result.lowestFailingRate = failing?.targetRate
        result.limitedBy = limit
        result.knee = CapacityResult.Knee(in: steps)
        result.scalability = ScalabilityFit(steps: steps)
        if let passing {
            result.concurrencyAtMaximum = CapacityResult.Concurrency(
                rate: passing.achievedRate, meanLatencySeconds: passing.uncorrectedLatency.summary.mean / 1e9,
                measured: passing.meanInFlight
            )
        }
        return result
    }

    /// `1600/s`, `12.5k/s`.
    static func rate(_ value: Double) -> String {
        (value < 100 ? String(format: "%.1f", value) : SummaryTable.count(value)) + "/s"
    }
}

/// The steps of a search or a sweep as they run: each after the last, none once the time allowed is
/// spent or the caller is cancelled, and a step given up half-way discarded.
struct StepSequence<Runner: CapacityStepRunner> {
    let runner: Runner
    let maximumTime: Duration
    let started: UInt64
    /// What each step reads from the service's monitoring and is judged on, if anything.
    let server: ServerWatch?
    /// Every step completed, in order.
    private(set) var steps: [CapacityStep] = []
    /// Why the steps stopped, once they have.
    var stop: (reason: CapacityResult.StopReason, detail: String?)?

    init(runner: Runner, maximumTime: Duration, server: ServerWatch?) {
        self.runner = runner
        self.maximumTime = maximumTime
        self.server = server
        started = runner.now()
    }

    /// Seconds since the first step was due.
    var elapsedSeconds: Double {
        Double(runner.now() &- started) / 1e9
    }

    /// Runs one step as `configuration` says and judges it with `judge` (given the result, the
    /// step's number and its start in seconds), then on the server's figures, and hands it to
    /// `completed`; `nil`, with ``stop`` set, when the steps must stop first. `name` says which step
    /// in a message.
    mutating func step(
        _ configuration: LoadConfiguration, named name: @autoclosure () -> String, completed: (CapacityStep) -> Void,
        judge: (ScenarioResult, Int, Double) throws -> CapacityStep
    ) async -> CapacityStep? {
        if Task.isCancelled {
            stop = (.interrupted, nil)
            return nil
        }
        let elapsed = runner.now() &- started
        guard elapsed < maximumTime.nanoseconds else {
            stop = (.timeLimit, nil)
            return nil
        }
        do {
            let result = try await runner.runStep(configuration)
            // A step given up half-way says nothing about the load: it is discarded.
            guard !Task.isCancelled else {
                stop = (.interrupted, nil)
                return nil
            }
            var judged = try judge(result, steps.count + 1, Double(elapsed) / 1e9)
            if let server { judged = await server.watch(judged) }
            completed(judged)
            steps.append(judged)
            // The step is kept, judged as far as it went; the search goes no further.
            if let abort = result.abort {
                stop = (.aborted, "\(name()) met the abort condition \(abort.objective) \(String(format: "%.1f", abort.atSeconds)) s in")
                return nil
            }
            return judged
        } catch {
            stop = (.stepFailed, "\(name()) could not run: \(error)")
            return nil
        }
    }
}
