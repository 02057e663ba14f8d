import Foundation

/// The comparison of a run with a baseline: every row, whether the two ran on like machines, and the
/// count of regressions that decides the exit code.
public struct RunComparison: Codable, Sendable, Equatable {
    /// The baseline's name (or path).
    public var baselineName: String
    /// The baseline report's run.
    public var baselineRunID: String
    /// The current report's run.
    public var currentRunID: String
    /// The commit the baseline was measured at, when its report knows it: on a pull request, the
    /// merge base, which the comment names so that a reader knows what the head was set against.
    public var baselineCommit: String?
    /// The commit the current run was measured at, when known.
    public var currentCommit: String?
    /// Set when the two runs' machines or settings differ, saying how: times are then not comparable.
    public var machineWarning: String?
    /// The thresholds used by default (scenarios may have overridden some of them).
    public var thresholds: Thresholds
    /// One row per scenario and metric.
    public var rows: [MetricComparison]

    /// Compares `current` with `baseline` at `thresholds`, each scenario's with the metrics
    /// `overrides` names for it replaced. A scenario that failed in `current`, or that `baseline`
    /// has and `current` lacks, is a regression unless `accepting` names it.
    public init(
        baselineName: String, baseline: Report, current: Report, thresholds: Thresholds,
        accepting accepted: Set<String> = [], overrides: (String) -> ThresholdOverrides? = { _ in nil }
    ) {
        self.baselineName = baselineName
        baselineRunID = baseline.runID
        currentRunID = current.runID
        baselineCommit = baseline.environment.gitCommit
        currentCommit = current.environment.gitCommit
        machineWarning = Self.machineDifference(baseline.environment, current.environment)
        if baseline.isQuick != current.isQuick {
            let settings = "one run used --quick and the other did not, so their samples differ"
            machineWarning = machineWarning.map { "\($0); \(settings)" } ?? settings
        }
        self.thresholds = thresholds
        rows = Comparator.compare(baseline: baseline, current: current, accepting: accepted) { thresholds.overridden(by: overrides($0)) }
    }

    /// Rows whose verdict fails the comparison.
    public var regressions: [MetricComparison] {
        rows.filter { $0.verdict == .regression }
    }

    /// Rows worth a look that do not fail it.
    public var warnings: [MetricComparison] {
        rows.filter { $0.verdict == .warning }
    }

    /// How the machines differ in what moves the figures; `nil` when they do not.
    static func machineDifference(_ a: Report.Environment, _ b: Report.Environment) -> String? {
        var differences: [String] = []
        if a.cpuModel != b.cpuModel { differences.append("CPU \(a.cpuModel ?? "unknown") vs \(b.cpuModel ?? "unknown")") }
        if a.cpuCount != b.cpuCount { differences.append("\(a.cpuCount) vs \(b.cpuCount) CPUs") }
        if a.operatingSystem.split(separator: " ").first != b.operatingSystem.split(separator: " ").first
            || a.operatingSystem.split(separator: " ").last != b.operatingSystem.split(separator: " ").last
        {
            differences.append("\(a.operatingSystem) vs \(b.operatingSystem)")
        }
        if a.buildConfiguration != b.buildConfiguration { differences.append("\(a.buildConfiguration) vs \(b.buildConfiguration) build") }
        if a.allocator != b.allocator { differences.append("allocator \(a.allocator ?? "none") vs \(b.allocator ?? "none")") }
        return differences.isEmpty
            ? nil : "baseline and current ran on different machines or builds: " + differences.joined(separator: "; ")
    }

    /// A Markdown table for a terminal or a pull-request comment; only rows that changed or could not
    /// be compared, unless `all`.
    public func markdown(all: Bool = false) -> String {
        let baselineRun = "run \(baselineRunID)" + (baselineCommit.map { ", commit \($0.prefix(12))" } ?? "")
        let currentRun = "run \(currentRunID)" + (currentCommit.map { " (commit \($0.prefix(12)))" } ?? "")
        var lines = ["Comparison with baseline `\(baselineName)` (\(baselineRun)) → \(currentRun)", ""]
        if let machineWarning { lines += ["> Warning: \(machineWarning).", ""] }
        let shown = all ? rows : rows.filter { $0.verdict != .withinNoise }
        if shown.isEmpty {
            lines.append("All \(rows.count) metrics within noise.")
        } else {
            lines.append("| scenario | metric | baseline | current | change | verdict | why |")
            lines.append("|---|---|--:|--:|--:|---|---|")
            for row in shown {
                let change = row.relativeChange.map { String(format: "%+.1f%%", $0 * 100) } ?? "–"
                let value = { (value: Double?) in value.map(Comparator.format) ?? "–" }
                lines.append(
                    "| \(row.scenario) | \(row.metric) | \(value(row.baseline)) | \(value(row.current)) | \(change) | \(row.verdict.rawValue) | \(row.reason) |"
                )
            }
            if !all { lines += ["", "\(rows.count - shown.count) more metrics within noise."] }
        }
        lines += ["", "\(regressions.count) regressions, \(warnings.count) warnings."]
        return lines.joined(separator: "\n") + "\n"
    }
}
