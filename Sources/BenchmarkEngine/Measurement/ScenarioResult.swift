/// Every figure one scenario produced; a row of the report.
///
/// Fields that do not apply to a kind of scenario are `nil`, and are written to JSON as `null`, not
/// left out (``ExplicitNull``), so a reader can tell "not measured" from a missing key. Allocation figures are `nil` when
/// jemalloc is not linked — never `0`, which would read as "allocation-free".
public struct ScenarioResult: Codable, Sendable, Equatable {
    /// How the scenario measures.
    public enum Kind: String, Codable, Sendable {
        /// Batches of operations timed on one thread.
        case micro
        /// Concurrent requests against a transport, each one timed.
        case load
    }

    /// The scenario's name, `group/what`.
    public var name: String
    /// How it measured.
    public var kind: Kind
    /// Operations measured, warm-up excluded.
    public var operations: Int
    /// Operations run to warm up, not measured.
    public var warmupOperations: Int
    /// ``duration`` in seconds, as the report stores it.
    package var durationSeconds: Double
    /// Operations per second over the measured part.
    public var operationsPerSecond: Double
    /// Nanoseconds per operation, one sample per timed batch (micro-benchmarks).
    @ExplicitNull public var nanosecondsPerOperation: SampleStatistics? = nil
    /// `malloc` calls per operation, from jemalloc; `nil` when unavailable.
    @ExplicitNull public var mallocsPerOperation: Double? = nil
    /// Bytes allocated per operation, from jemalloc; `nil` when unavailable.
    @ExplicitNull public var bytesAllocatedPerOperation: Double? = nil
    /// Instructions and estimated cycles per operation, counted under Callgrind (`--instructions`).
    @ExplicitNull public var counts: InstructionCounts? = nil
    /// Payload bytes per operation, for MB/s (decoding).
    @ExplicitNull public var payloadBytesPerOperation: Int? = nil
    /// Objects per operation, for objects/s (decoding).
    @ExplicitNull public var objectsPerOperation: Int? = nil
    /// The scenario this one is compared with, and how many times faster this one is.
    @ExplicitNull public var comparison: Comparison? = nil
    /// Latency of each request (load runs); for open-loop runs, from its intended start.
    @ExplicitNull public var latency: Latency? = nil
    /// Latency from each request's actual start, beside the corrected one (open-loop runs).
    @ExplicitNull public var uncorrectedLatency: Latency? = nil
    /// What became of every request sent (load runs).
    @ExplicitNull public var outcomes: Outcomes? = nil
    /// Concurrent workers (load runs).
    @ExplicitNull public var concurrency: Int? = nil
    /// Requests per second asked for (open-loop runs); with stages, the rate the first ramps from.
    @ExplicitNull public var targetRate: Double? = nil
    /// The stages of a ramping open loop, when it had any.
    @ExplicitNull public var stages: [LoadStage]? = nil
    /// The run interval by interval (load runs).
    @ExplicitNull public var timeSeries: TimeSeries? = nil
    /// How hard the generator itself worked (load runs).
    @ExplicitNull public var generator: GeneratorLoad? = nil
    /// What the requests did to connections (load runs through a transport that counts them).
    @ExplicitNull public var connections: Connections? = nil
    /// The verdict on the service-level objectives the run was given (`--slo`), if any.
    @ExplicitNull public var serviceLevel: ServiceLevelVerdict? = nil
    /// A mix's requests by name (load runs of a ``LoadMix`` with names), in the mix's order; a
    /// journey's steps, in the order they first ran.
    @ExplicitNull public var requests: [NamedRequest]? = nil
    /// What a load run's ``operations``, ``outcomes`` and ``latency`` count: sessions for a journey;
    /// `nil` for requests.
    @ExplicitNull public var unit: LoadUnit? = nil
    /// The checks on the answers (a targets file's `checks`), by name in the file's order: how many
    /// answers passed and failed each; `nil` when the run had none.
    @ExplicitNull public var checks: [Check]? = nil
    /// Why and when the run ended before its end (`--abort-on`); `nil` when it ran its course.
    @ExplicitNull public var abort: Abort? = nil

    /// Wall-clock time of the measured part.
    public var duration: Duration {
        get { Duration(seconds: durationSeconds) }
        set { durationSeconds = newValue.seconds }
    }

    /// A result with the figures every scenario has; the others start out `nil`.
    public init(name: String, kind: Kind, operations: Int, warmupOperations: Int, duration: Duration) {
        self.init(name: name, kind: kind, operations: operations, warmupOperations: warmupOperations, durationSeconds: duration.seconds)
    }

    /// The same, with its durations in the units the report stores.
    package init(name: String, kind: Kind, operations: Int, warmupOperations: Int, durationSeconds: Double) {
        self.name = name
        self.kind = kind
        self.operations = operations
        self.warmupOperations = warmupOperations
        self.durationSeconds = durationSeconds
        operationsPerSecond = durationSeconds > 0 ? Double(operations) / durationSeconds : 0
    }

    /// This result with its speed compared to `baseline`'s, measured in the same run, and with its
    /// instruction count's ratio to the baseline's when both were counted.
    ///
    /// The two were sampled in alternating batches, so sample `i` of each comes from the same moment;
    /// the ratio of each such pair cancels whatever the machine was doing then, and their median is
    /// the speedup. When the samples do not pair up, the ratio of the medians stands in.
    ///
    /// `judgingTime` asks a later comparison with a baseline run to judge this result's median time
    /// too (``Comparison/timeIsJudged``); `judgingCountRatios`, to judge its counts by their ratios
    /// to the baseline's (``InstructionCounts/ratiosAreJudged``).
    public func compared(with baseline: ScenarioResult, judgingTime: Bool = false, judgingCountRatios: Bool = false) -> ScenarioResult {
        var result = self
        if let theirs = baseline.counts, theirs.instructionsPerOperation > 0, var counts = result.counts {
            counts.baseline = baseline.name
            counts.instructionRatio = counts.instructionsPerOperation / theirs.instructionsPerOperation
            if let ours = counts.estimatedCyclesPerOperation, let cycles = theirs.estimatedCyclesPerOperation, cycles > 0 {
                counts.estimatedCycleRatio = ours / cycles
            }
            counts.ratiosAreJudged = judgingCountRatios ? true : nil
            result.counts = counts
        }
        guard let ours = nanosecondsPerOperation, let theirs = baseline.nanosecondsPerOperation, ours.median > 0 else {
            return result
        }
        if ours.samples.count == theirs.samples.count, ours.samples.allSatisfy({ $0 > 0 }),
            let ratios = SampleStatistics(zip(theirs.samples, ours.samples).map { $0 / $1 })
        {
            result.comparison = Comparison(baseline: baseline.name, speedup: ratios.median, pairedRatios: ratios)
        } else {
            result.comparison = Comparison(baseline: baseline.name, speedup: theirs.median / ours.median, pairedRatios: nil)
        }
        result.comparison?.timeIsJudged = judgingTime ? true : nil
        return result
    }

    /// Whether a result called `resultName` is one the scenario `scenario` makes: its own, or one
    /// measured beside it, whose name is the scenario's and a space (`decode/x (baseline: JSONDecoder)`).
    public static func isResult(_ resultName: String, of scenario: String) -> Bool {
        resultName == scenario || resultName.hasPrefix(scenario + " ")
    }

    /// Payload megabytes (10⁶ bytes) decoded per second; derived, so not stored in the report.
    public var megabytesPerSecond: Double? {
        payloadBytesPerOperation.map { Double($0) * operationsPerSecond / 1e6 }
    }

    /// Objects decoded per second; derived, so not stored in the report.
    public var objectsPerSecond: Double? {
        objectsPerOperation.map { Double($0) * operationsPerSecond }
    }

    /// How a scenario compares with another measured in the same run.
    public struct Comparison: Codable, Sendable, Equatable {
        /// The other scenario's name.
        public var baseline: String
        /// How many times faster this one is than the baseline (above 1: faster): the median of the
        /// per-round ratios baseline time ÷ this time.
        public var speedup: Double
        /// The distribution of those per-round ratios, whose spread is the comparison's noise.
        @ExplicitNull public var pairedRatios: SampleStatistics?
        /// Whether a comparison with a baseline run judges the median time as well as the speedup;
        /// `nil` (the speedup alone) unless set. Set when the partner runs code under test too — a
        /// user's model decoded by `JSONDecoder` alone — where a slower model slows both sides and
        /// leaves their ratio where it was.
        @ExplicitNull public var timeIsJudged: Bool? = nil

        /// A comparison with `baseline`.
        public init(baseline: String, speedup: Double, pairedRatios: SampleStatistics?) {
            self.baseline = baseline
            self.speedup = speedup
            self.pairedRatios = pairedRatios
        }
    }

    /// A latency distribution: its summary and the whole histogram, encoded.
    public struct Latency: Codable, Sendable, Equatable {
        /// Percentiles, mean and spread, in nanoseconds.
        public var summary: LatencySummary
        /// The histogram in HdrHistogram's V2 compressed form, base64: any HdrHistogram library decodes
        /// and merges it.
        public var histogram: String

        /// A latency with this summary and encoded histogram.
        public init(summary: LatencySummary, histogram: String) {
            self.summary = summary
            self.histogram = histogram
        }

        /// The summary and encoding of `histogram`.
        public init(_ histogram: Histogram) {
            self.init(summary: LatencySummary(histogram), histogram: histogram.encoded())
        }
    }

    /// Requests scheduled and sent, and how each ended: `scheduled == sent + missed` and
    /// `sent == succeeded + Σ errors`.
    ///
    /// Reports written before `scheduled` and `missed` existed read as a run that missed nothing.
    public struct Outcomes: Codable, Sendable, Equatable {
        /// Requests due to start: in an open loop, those whose intended start fell within the
        /// duration (at most `--requests`); in a closed loop, where each request is due when its
        /// worker is free, the requests sent.
        public var scheduled: Int
        /// Requests started.
        public var sent: Int
        /// Requests due that never started, because the run's duration ended first (open loop).
        public var missed: Int
        /// Requests that ended in success.
        public var succeeded: Int
        /// Failed requests by error class (`badStatus(503)`, `transport`, …).
        public var errors: [String: Int]

        /// Outcomes with these counts; by default nothing was missed.
        public init(scheduled: Int? = nil, sent: Int, missed: Int = 0, succeeded: Int, errors: [String: Int]) {
            self.scheduled = scheduled ?? sent + missed
            self.sent = sent
            self.missed = missed
            self.succeeded = succeeded
            self.errors = errors
        }

        private enum CodingKeys: String, CodingKey {
            case scheduled, sent, missed, succeeded, errors
        }

        /// Decodes the outcomes, taking a report without `scheduled` and `missed` to have missed nothing.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sent = try container.decode(Int.self, forKey: .sent)
            missed = try container.decodeIfPresent(Int.self, forKey: .missed) ?? 0
            scheduled = try container.decodeIfPresent(Int.self, forKey: .scheduled) ?? sent + missed
            succeeded = try container.decode(Int.self, forKey: .succeeded)
            errors = try container.decode([String: Int].self, forKey: .errors)
        }

        /// Every failed request, whatever its class.
        public var failed: Int {
            errors.values.reduce(0, +)
        }

        /// Adds `other`'s counts to these: two intervals, or shards of one schedule, as one.
        public mutating func add(_ other: Outcomes) {
            scheduled += other.scheduled
            sent += other.sent
            missed += other.missed
            succeeded += other.succeeded
            errors.merge(other.errors, uniquingKeysWith: +)
        }

        /// Takes `other`'s counts, added before, out of these; classes that drop to 0 go.
        mutating func subtract(_ other: Outcomes) {
            scheduled -= other.scheduled
            sent -= other.sent
            missed -= other.missed
            succeeded -= other.succeeded
            for (kind, count) in other.errors {
                let remaining = errors[kind, default: 0] - count
                errors[kind] = remaining > 0 ? remaining : nil
            }
        }

        /// Whether every request due was sent or missed, and every request sent ended in exactly one
        /// outcome.
        public var reconciles: Bool {
            scheduled == sent + missed && sent == succeeded + failed
        }

        /// The counts reconciliation compares, for a message saying they do not add up.
        public var reconciliationDescription: String {
            "scheduled \(scheduled), sent \(sent), missed \(missed), succeeded \(succeeded), failed \(failed)"
        }
    }
}

/// What a load run counts as one unit: the schedule starts one, the outcomes count how each ended.
public enum LoadUnit: String, Codable, Sendable {
    /// One user's session of a journey, whose steps the run counts by name.
    case session
}

extension ScenarioResult {
    /// One check's figures: how many answers it was applied to passed and failed it. A request that
    /// failed before an answer came (a timeout, say) is judged by none.
    public struct Check: Codable, Sendable, Equatable {
        /// The check's name; a failure of it counts in the class `check(<name>)`.
        public var name: String
        /// Answers that passed it.
        public var passes: Int
        /// Answers that failed it.
        public var failures: Int

        /// The figures of the check `name`.
        public init(name: String, passes: Int, failures: Int) {
            self.name = name
            self.passes = passes
            self.failures = failures
        }

        /// Passes as a share of the answers judged, 0–1; `nil` when none was.
        public var passRate: Double? {
            passes + failures > 0 ? Double(passes) / Double(passes + failures) : nil
        }
    }

    /// Why a run stopped early: the condition that held (`--abort-on`), and when.
    public struct Abort: Codable, Sendable, Equatable {
        /// The condition that held, as written (`p99>1s`, `errors>5%`).
        public var objective: String
        /// What it measured in the window in which it held, in ``unit``.
        public var measured: Double
        /// `ns` for a latency, `ratio` for a share (0–1), as the verdicts write values.
        public var unit: String
        /// Seconds from the run's start to the end of that window.
        public var atSeconds: Double

        /// A run stopped at `atSeconds` because `objective` measured `measured`, in `unit`.
        public init(objective: String, measured: Double, unit: String, atSeconds: Double) {
            self.objective = objective
            self.measured = measured
            self.unit = unit
            self.atSeconds = atSeconds
        }
    }
}
