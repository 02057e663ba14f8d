/// One step of a capacity search — an open loop at one rate — or of a concurrency sweep — a closed
/// loop of a number of workers — its warm-up discarded, judged against the objectives.
public struct CapacityStep: Codable, Sendable, Equatable {
    /// Which phase of the search ran the step.
    public enum Phase: String, Codable, Sendable {
        /// Growing the rate geometrically until a step fails.
        case grow
        /// Halving the gap between the last rate that passed and the first that failed.
        case bisect
        /// One level of a concurrency sweep: a closed loop of ``CapacityStep/concurrency`` workers.
        case sweep
    }

    /// How the step fared.
    public enum Status: String, Codable, Sendable {
        /// Every objective met.
        case passed
        /// An objective broken: the server's limit.
        case failed
        /// More than the error-storm share of requests failed.
        case errorStorm
        /// The objectives broken because the generator could not keep its own schedule: the
        /// generator's limit, not the server's.
        case generatorLimited

        /// Whether the step counts as a failure in the search.
        public var isFailure: Bool {
            self != .passed
        }
    }

    /// The step's number, from 1.
    public var number: Int
    /// The phase that ran it.
    public var phase: Phase
    /// Requests per second asked for; 0 in a concurrency sweep, whose steps ask for a number of
    /// requests in flight instead.
    public var targetRate: Double
    /// A sweep's closed loop: the workers, each sending its next request when the last one ends;
    /// `nil` for an open-loop step.
    @ExplicitNull public var concurrency: Int? = nil
    /// ``start`` in seconds, as the report stores it.
    package var startSeconds: Double
    /// ``warmup`` in seconds, as the report stores it.
    package var warmupSeconds: Double
    /// ``measured`` in seconds, as the report stores it.
    package var measuredSeconds: Double
    /// The measured part's requests.
    public var outcomes: ScenarioResult.Outcomes
    /// Requests sent per second over the measured part.
    public var achievedRate: Double
    /// Latency over the measured part, from each request's intended start.
    public var latency: ScenarioResult.Latency
    /// Latency over the measured part, from each request's actual start.
    public var uncorrectedLatency: ScenarioResult.Latency
    /// The objectives judged over the measured part.
    public var verdict: ServiceLevelVerdict
    /// How the step fared.
    public var status: Status
    /// Why it failed, one sentence each (empty when it passed).
    public var reasons: [String]
    /// Requests in flight over the measured part: the sampled mean, and Little's law's
    /// `achievedRate × mean uncorrected latency`.
    @ExplicitNull public var meanInFlight: Double? = nil
    public var littlesLawInFlight: Double
    /// How hard the generator worked over the whole step.
    @ExplicitNull public var generator: GeneratorLoad? = nil
    /// Whether the generator kept up with the step's plan; `nil` in reports from before it was
    /// checked.
    @ExplicitNull public var generatorCheck: GeneratorCheck? = nil
    /// The whole step interval by interval, warm-up first.
    @ExplicitNull public var timeSeries: TimeSeries? = nil
    /// A mix's requests by name over the whole step, warm-up included, each with its time series
    /// (its objectives were judged on the measured intervals alone); `nil` for one request.
    @ExplicitNull public var requests: [ScenarioResult.NamedRequest]? = nil
    /// The checks on the answers (a targets file's `checks`) over the whole step, warm-up included
    /// as for ``requests``, by name in the file's order; `nil` without checks.
    @ExplicitNull public var checks: [ScenarioResult.Check]? = nil
    /// The service's own figures over the measured part, read from its monitoring
    /// (`--server-metrics`), in the order the queries were given; `nil` when none were asked for.
    @ExplicitNull public var server: [ServerFigure]? = nil

    /// The load the step offered: its workers in a sweep, its rate otherwise.
    public var offeredLoad: Double {
        concurrency.map(Double.init) ?? targetRate
    }

    /// Requests answered successfully per second over the measured part.
    public var throughput: Double {
        measuredSeconds > 0 ? Double(outcomes.succeeded) / measuredSeconds : 0
    }

    /// The time from the search's start to the step's.
    public var start: Duration {
        get { Duration(seconds: startSeconds) }
        set { startSeconds = newValue.seconds }
    }

    /// The warm-up, discarded.
    public var warmup: Duration {
        get { Duration(seconds: warmupSeconds) }
        set { warmupSeconds = newValue.seconds }
    }

    /// The measured part after the warm-up.
    public var measured: Duration {
        get { Duration(seconds: measuredSeconds) }
        set { measuredSeconds = newValue.seconds }
    }

    /// A step with these figures.
    public init(
        number: Int, phase: Phase, targetRate: Double, start: Duration, warmup: Duration, measured: Duration,
        outcomes: ScenarioResult.Outcomes, latency: ScenarioResult.Latency, uncorrectedLatency: ScenarioResult.Latency,
        verdict: ServiceLevelVerdict, status: Status, reasons: [String]
    ) {
        self.init(
            number: number, phase: phase, targetRate: targetRate, startSeconds: start.seconds, warmupSeconds: warmup.seconds,
            measuredSeconds: measured.seconds, outcomes: outcomes, latency: latency, uncorrectedLatency: uncorrectedLatency,
            verdict: verdict, status: status, reasons: reasons
        )
    }

    /// The same, with its durations in the units the report stores.
    package init(
        number: Int, phase: Phase, targetRate: Double, startSeconds: Double, warmupSeconds: Double, measuredSeconds: Double,
        outcomes: ScenarioResult.Outcomes, latency: ScenarioResult.Latency, uncorrectedLatency: ScenarioResult.Latency,
        verdict: ServiceLevelVerdict, status: Status, reasons: [String]
    ) {
        self.number = number
        self.phase = phase
        self.targetRate = targetRate
        self.startSeconds = startSeconds
        self.warmupSeconds = warmupSeconds
        self.measuredSeconds = measuredSeconds
        self.outcomes = outcomes
        achievedRate = measuredSeconds > 0 ? Double(outcomes.sent) / measuredSeconds : 0
        self.latency = latency
        self.uncorrectedLatency = uncorrectedLatency
        self.verdict = verdict
        self.status = status
        self.reasons = reasons
        littlesLawInFlight = achievedRate * uncorrectedLatency.summary.mean / 1e9
    }
}
