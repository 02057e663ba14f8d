/// One service-level objective a load run is judged by, such as `p99<=50ms`, `errors<=0.1%` or
/// `rate>=99%`.
///
/// ```swift
/// let objective = try ServiceLevelObjective(parsing: "p99.9<=200ms")
/// objective.threshold    // 200_000_000 (nanoseconds)
/// ```
///
/// Latency objectives judge the corrected latency (from each request's intended start); `errors` is
/// the share of requests sent that failed; `rate` is the share of the schedule that was sent, the
/// achieved rate over the target, and applies to open loops only.
public struct ServiceLevelObjective: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// What an objective measures.
    public enum Metric: Sendable, Equatable, Hashable, CustomStringConvertible {
        /// A percentile of the corrected latency, 0 to 100: `p50`, `p99.9`.
        case percentile(Double)
        /// The largest corrected latency.
        case maximum
        /// The mean corrected latency.
        case mean
        /// Failed requests as a share of the requests sent.
        case errors
        /// Requests sent as a share of the requests scheduled (open loops).
        case rate

        /// Whether the metric is a latency, in nanoseconds (else a fraction).
        public var isLatency: Bool {
            switch self {
            case .percentile, .maximum, .mean: true
            case .errors, .rate: false
            }
        }

        /// The metric as written: `p99.9`, `max`, `mean`, `errors`, `rate`.
        public var description: String {
            switch self {
            case .percentile(let value): "p" + Self.number(value)
            case .maximum: "max"
            case .mean: "mean"
            case .errors: "errors"
            case .rate: "rate"
            }
        }

        /// `99`, `99.9`: a number without a trailing `.0`.
        static func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }

    /// How a measured value must compare with the threshold.
    public enum Comparison: String, Sendable, CaseIterable, Hashable {
        case lessThan = "<"
        case atMost = "<="
        case greaterThan = ">"
        case atLeast = ">="

        /// Whether `value` meets the objective `value <op> threshold`.
        public func holds(_ value: Double, _ threshold: Double) -> Bool {
            switch self {
            case .lessThan: value < threshold
            case .atMost: value <= threshold
            case .greaterThan: value > threshold
            case .atLeast: value >= threshold
            }
        }

        /// Whether a larger value is worse (the objective bounds it from above).
        var boundsFromAbove: Bool {
            self == .lessThan || self == .atMost
        }
    }

    /// What is measured.
    public let metric: Metric
    /// How it must compare.
    public let comparison: Comparison
    /// The bound: nanoseconds for latency metrics, a fraction for `errors` and `rate` (`0.001` for
    /// `0.1%`).
    public let threshold: Double
    /// The objective as it was written, without spaces (but for those of a request's name).
    public let expression: String
    /// The one request of a mix it judges (`GET /issues/{id}:p99<=80ms`), `nil` for the whole run.
    public let request: String?

    /// An objective from its parts, on the request named `request` alone if one is named;
    /// `expression` is how it reads.
    public init(metric: Metric, comparison: Comparison, threshold: Double, expression: String, request: String? = nil) {
        self.metric = metric
        self.comparison = comparison
        self.threshold = threshold
        self.expression = expression
        self.request = request
    }

    /// The objective as written.
    public var description: String {
        expression
    }

    /// Whether `value` of this objective's metric meets it.
    public func isMet(by value: Double) -> Bool {
        comparison.holds(value, threshold)
    }

    /// Whether `value` is worse than `other` for this objective.
    func isWorse(_ value: Double, than other: Double) -> Bool {
        comparison.boundsFromAbove ? value > other : value < other
    }
}

/// Over what stretch of a run the objectives are judged.
public enum ObjectiveWindow: Sendable, Equatable, CustomStringConvertible {
    /// The whole run at once: one value per objective.
    case whole
    /// Every interval of the time series on its own: the run passes when every interval does.
    case interval
    /// Every run of consecutive intervals lasting this long (a rolling window), merged: a breach
    /// must last, not be one noisy interval, yet cannot hide in the average of a long run.
    case rolling(Duration)

    /// `whole`, `interval`, or the rolling window's length such as `10s`.
    public var description: String {
        switch self {
        case .whole: return "whole"
        case .interval: return "interval"
        case .rolling(let length):
            let nanoseconds = length.nanoseconds
            return nanoseconds % 1_000_000_000 == 0 ? "\(nanoseconds / 1_000_000_000)s" : "\(Double(nanoseconds) / 1e6)ms"
        }
    }
}
