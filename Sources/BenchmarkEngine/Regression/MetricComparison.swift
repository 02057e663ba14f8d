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
    public var scenario: String
    /// The metric, such as `mallocs/op` or `speedup vs baseline`.
    public var metric: String
    /// Whether a larger value is better (a speedup, a throughput) or worse (a time, a count).
    public var higherIsBetter: Bool
    /// The baseline run's value.
    public var baseline: Double?
    /// The current run's value.
    public var current: Double?
    /// `current / baseline - 1`, when both exist and the baseline is not zero.
    public var relativeChange: Double? {
        guard let baseline, let current, baseline != 0 else { return nil }
        return current / baseline - 1
    }
    /// What the change amounts to.
    public var verdict: Verdict
    /// Why, in a few words: the threshold or noise test that decided.
    public var reason: String

    /// A comparison row.
    public init(scenario: String, metric: String, higherIsBetter: Bool, baseline: Double?, current: Double?, verdict: Verdict, reason: String) {
        self.scenario = scenario
        self.metric = metric
        self.higherIsBetter = higherIsBetter
        self.baseline = baseline
        self.current = current
        self.verdict = verdict
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey {
        case scenario, metric, higherIsBetter, baseline, current, relativeChange, verdict, reason
    }

    /// Writes every key, `null` where a value is missing.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(metric, forKey: .metric)
        try container.encode(higherIsBetter, forKey: .higherIsBetter)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(current, forKey: .current)
        try container.encode(relativeChange, forKey: .relativeChange)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(reason, forKey: .reason)
    }

    /// Reads a row back; the relative change is recomputed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scenario = try container.decode(String.self, forKey: .scenario)
        metric = try container.decode(String.self, forKey: .metric)
        higherIsBetter = try container.decode(Bool.self, forKey: .higherIsBetter)
        baseline = try container.decodeIfPresent(Double.self, forKey: .baseline)
        current = try container.decodeIfPresent(Double.self, forKey: .current)
        verdict = try container.decode(Verdict.self, forKey: .verdict)
        reason = try container.decode(String.self, forKey: .reason)
    }
}
