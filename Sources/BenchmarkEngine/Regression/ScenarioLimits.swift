import Foundation

/// Absolute limits of one scenario's figures, kept in the repository beside the code they limit
/// (`bench thresholds update` writes them, `bench thresholds check` judges a run by them): no
/// baseline to carry from job to job and no history, and a change of limit is a line of a diff that
/// a reviewer sees.
///
/// A limit holds for one metric: its value and a tolerance. A figure beyond `limit × (1 + tolerance)`
/// (below `limit × (1 − tolerance)` for a throughput) breaks it; one better than the limit by more
/// than the tolerance could tighten it.
public struct ScenarioLimits: Codable, Sendable, Equatable {
    /// One metric's limit.
    public struct Limit: Codable, Sendable, Equatable {
        /// The figure the metric is held to.
        public var limit: Double
        /// How far beyond it a figure may go, as a fraction of it (0.02 for 2%).
        public var tolerance: Double
        /// The figure's unit, for a reader of the file.
        public var unit: String

        /// A limit of `limit` with `tolerance`.
        public init(limit: Double, tolerance: Double, unit: String) {
            self.limit = limit
            self.tolerance = tolerance
            self.unit = unit
        }
    }

    /// The scenario's name (its result's, for a scenario measured two ways).
    public var scenario: String
    /// The build the limits were measured with: a debug build's figures are not held to a release
    /// build's limits, nor the reverse.
    public var buildConfiguration: String
    /// Each metric's limit, by the metric's name (``LimitMetric``).
    public var limits: [String: Limit]

    /// Limits of `scenario`.
    public init(scenario: String, buildConfiguration: String, limits: [String: Limit]) {
        self.scenario = scenario
        self.buildConfiguration = buildConfiguration
        self.limits = limits
    }
}

/// A metric a limit may hold: its name in the files, its unit, which way is better, its default
/// tolerance and how to read it from a result.
public struct LimitMetric: Sendable {
    /// Its name, as limits files and messages write it.
    public let name: String
    /// The unit.
    public let unit: String
    /// Whether more is better (a throughput) rather than worse.
    public let isHigherBetter: Bool
    /// The tolerance a new limit gets: what the metric's noise allows. Allocation counts of a micro
    /// run and instruction counts are exact from run to run; estimated cycles move with heap
    /// addresses a little; a p99 and a throughput on a shared machine move by tens of percent.
    public let defaultTolerance: Double
    private let read: @Sendable (ScenarioResult) -> Double?

    /// Every metric limits hold, in the order files and messages list them.
    public static let all: [LimitMetric] = [
        LimitMetric(name: "allocations", unit: "mallocs/op", isHigherBetter: false, defaultTolerance: 0.01) { $0.mallocsPerOperation },
        LimitMetric(name: "instructions", unit: "instructions/op", isHigherBetter: false, defaultTolerance: 0.01) {
            $0.counts?.instructionsPerOperation
        },
        LimitMetric(name: "estimated-cycles", unit: "cycles/op", isHigherBetter: false, defaultTolerance: 0.02) {
            $0.counts?.estimatedCyclesPerOperation
        },
        LimitMetric(name: "p99", unit: "ns", isHigherBetter: false, defaultTolerance: 0.3) { $0.latency.map { Double($0.summary.p99) } },
        // A counted run's clock ran under Valgrind: no throughput to hold it to.
        LimitMetric(name: "throughput", unit: "ops/s", isHigherBetter: true, defaultTolerance: 0.3) {
            $0.counts == nil ? $0.operationsPerSecond : nil
        },
    ]

    /// The metric named `name`, if limits hold one of that name.
    public static func named(_ name: String) -> LimitMetric? {
        all.first { $0.name == name }
    }

    /// The figure in `result`, `nil` when it was not measured (or is not a number).
    public func value(in result: ScenarioResult) -> Double? {
        read(result).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The worst figure `limit` allows.
    public func bound(of limit: ScenarioLimits.Limit) -> Double {
        limit.limit * (isHigherBetter ? 1 - limit.tolerance : 1 + limit.tolerance)
    }

    /// Whether `value` breaks `limit`.
    public func breaks(_ limit: ScenarioLimits.Limit, with value: Double) -> Bool {
        isHigherBetter ? value < bound(of: limit) : value > bound(of: limit)
    }

    /// Whether `value` is better than `limit` by more than its tolerance: the limit could be tightened.
    public func tightens(_ limit: ScenarioLimits.Limit, with value: Double) -> Bool {
        isHigherBetter ? value > limit.limit * (1 + limit.tolerance) : value < limit.limit * (1 - limit.tolerance)
    }
}

/// One metric of one scenario held to its limit.
public struct LimitVerdict: Sendable, Equatable {
    /// What the figure amounts to.
    public enum Status: String, Sendable {
        /// Within the limit and its tolerance.
        case within
        /// Beyond them: fails the check.
        case beyond
        /// Better than the limit by more than the tolerance: `update` would tighten it.
        case tightenable
        /// The run did not measure it (an instruction count in a timed run, say): not judged.
        case unmeasured
    }

    /// The scenario.
    public var scenario: String
    /// The metric's name.
    public var metric: String
    /// The limit it was held to.
    public var limit: ScenarioLimits.Limit
    /// The run's figure; `nil` when unmeasured.
    public var value: Double?
    /// The verdict.
    public var status: Status

    /// The metric and its figures in a line: `decode/x allocations: 380 mallocs/op, limit 373 ± 1%`.
    public var line: String {
        let measured = value.map { "\(Self.format($0)) \(limit.unit)" } ?? "not measured"
        let change = value.flatMap { value in limit.limit == 0 ? nil : String(format: " (%+.1f%%)", (value / limit.limit - 1) * 100) } ?? ""
        return "\(scenario) \(metric): \(measured)\(change), limit \(Self.format(limit.limit)) ± \(Self.format(limit.tolerance * 100))%"
    }

    /// A figure to a tenth, whole numbers without a decimal point.
    public static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(format: "%.1f", rounded)
    }
}

extension ScenarioLimits {
    /// Each limit held against `result`, in ``LimitMetric/all``'s order; limits of metrics this build
    /// does not know are left out.
    public func verdicts(for result: ScenarioResult) -> [LimitVerdict] {
        LimitMetric.all.compactMap { metric in
            guard let limit = limits[metric.name] else { return nil }
            guard let value = metric.value(in: result) else {
                return LimitVerdict(scenario: scenario, metric: metric.name, limit: limit, value: nil, status: .unmeasured)
            }
            let status: LimitVerdict.Status =
                metric.breaks(limit, with: value) ? .beyond : metric.tightens(limit, with: value) ? .tightenable : .within
            return LimitVerdict(scenario: scenario, metric: metric.name, limit: limit, value: value, status: status)
        }
    }

    /// These limits updated by `result`: a metric without a limit gets one at its figure with the
    /// metric's default tolerance; a limit the figure betters by more than its tolerance is tightened
    /// to it; the others, a broken one included, stay (loosening one is a decision, made by editing
    /// the file). Figures are kept to a tenth.
    public func updated(by result: ScenarioResult) -> ScenarioLimits {
        var updated = self
        for metric in LimitMetric.all {
            guard let value = metric.value(in: result) else { continue }
            let rounded = (value * 10).rounded() / 10
            if let limit = limits[metric.name] {
                if metric.tightens(limit, with: value) { updated.limits[metric.name]?.limit = rounded }
            } else {
                updated.limits[metric.name] = Limit(limit: rounded, tolerance: metric.defaultTolerance, unit: metric.unit)
            }
        }
        return updated
    }

    /// The results of `report` that limits may hold: its own, not those measured beside them for
    /// comparison (Foundation's `JSONDecoder`, `URLComponents`), which are not its code to limit.
    public static func limitable(_ report: Report) -> [ScenarioResult] {
        let partners = Set(report.scenarios.flatMap { [$0.comparison?.baseline, $0.counts?.baseline].compactMap { $0 } })
        return report.scenarios.filter { !partners.contains($0.name) }
    }
}
