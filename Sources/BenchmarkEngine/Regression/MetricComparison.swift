/// One metric of one scenario in two runs, and what the change means.
public struct MetricComparison: Codable, Sendable, Equatable {
    /// What a change amounts to.
    public enum Verdict: String, Codable, Sendable {
        /// Worse beyond the thresholds: fails the comparison.
        case regression
        /// Worse beyond the tolerance and the noise, but not by enough to fail (times), or worse in a
        /// metric too noisy to fail on (load runs).
        case warning
        /// Better beyond the thresholds.
        case improvement
        /// No change that the thresholds and noise allow calling one.
        case withinNoise = "within noise"
        /// Measured in one run only, or unavailable (no jemalloc) in one of them.
        case notComparable = "not comparable"
    }

    /// The scenario's name.
    public let scenario: String
    /// The metric, such as `mallocs/op` or `speedup vs baseline`.
    public let metric: String
    /// Whether a larger value is better (a speedup, a throughput) or worse (a time, a count).
    public let higherIsBetter: Bool
    /// The baseline run's value.
    @ExplicitNull public private(set) var baseline: Double?
    /// The current run's value.
    @ExplicitNull public private(set) var current: Double?
    /// `current / baseline - 1`, when both exist and the baseline is not zero; kept in the row so
    /// that readers of `comparison.json` need not recompute it.
    @ExplicitNull public private(set) var relativeChange: Double?
    /// What the change amounts to.
    public let verdict: Verdict
    /// Why, in a few words: the threshold or noise test that decided.
    public let reason: String
    /// The relative changes (as ``relativeChange`` counts them) that the thresholds and the two runs'
    /// noise count as no change; `nil` where there is no change to judge. Reports written before it
    /// existed read as `nil`.
    @ExplicitNull public private(set) var noiseBand: NoiseBand?

    /// A range of relative changes: `-0.1` is 10% lower than the baseline.
    public struct NoiseBand: Codable, Sendable, Equatable {
        /// The lowest change within noise.
        public var lower: Double
        /// The highest change within noise; `nil` when any rise is (a throughput whose tolerance
        /// allows it to fall to nothing).
        @ExplicitNull public var upper: Double?

        /// The band from `lower` to `upper`.
        public init(lower: Double, upper: Double?) {
            self.lower = lower
            self.upper = upper
        }
    }

    /// A comparison row; `noiseBand` is kept only when there is a change to set against it.
    public init(
        scenario: String, metric: String, higherIsBetter: Bool, baseline: Double?, current: Double?,
        verdict: Verdict, reason: String, noiseBand: NoiseBand? = nil
    ) {
        self.scenario = scenario
        self.metric = metric
        self.higherIsBetter = higherIsBetter
        self.baseline = baseline
        self.current = current
        if let baseline, let current, baseline != 0 {
            relativeChange = current / baseline - 1
        }
        self.verdict = verdict
        self.reason = reason
        self.noiseBand = relativeChange == nil ? nil : noiseBand
    }
}
