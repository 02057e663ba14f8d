import BenchmarkEngine
import Foundation

extension HistoryCommand {
    /// Prints each scenario's verdict over its series of `metric` (``checked(_:following:window:)``);
    /// `.failure` when any scenario's newest runs open a regression.
    static func check(_ path: String, following metric: String, window: Int) throws -> BenchExitCode {
        let outcome = try checked(path, following: metric, window: window)
        print(outcome.text)
        return outcome.regressed ? .failure : .success
    }

    /// Each scenario's verdict over its series of `metric`, with every change point (the first run
    /// and commit after it, its size and direction), and whether any scenario's newest runs open a
    /// regression.
    ///
    /// - Throws: ``MissingInput`` when no scenario has the figure, and the history's errors.
    static func checked(_ path: String, following metric: String, window: Int) throws -> (text: String, regressed: Bool) {
        let history = try RunHistory(file: URL(fileURLWithPath: path), create: false)
        let search = ChangePointSearch(configuration: ChangePointConfiguration(window: window))
        var reports: [String] = []
        var regressions = 0
        for scenario in try history.scenarioNames() {
            let points = try history.values(of: metric, in: scenario)
            guard !points.isEmpty else { continue }
            let check = SeriesCheck(points.map(\.value), higherIsBetter: HistoryFigures.isHigherBetter(metric), search: search)
            if check.verdict == .regression { regressions += 1 }
            reports.append(report(of: check, scenario: scenario, runs: points.map(\.run), metric: metric))
        }
        guard !reports.isEmpty else { throw MissingInput("no scenario in \(path) has the figure '\(metric)'") }
        reports.append(
            regressions == 0
                ? "No regression in the newest runs of \(reports.count) scenarios."
                : "\(regressions) of \(reports.count) scenarios regressed in their newest runs."
        )
        return (reports.joined(separator: "\n"), regressions > 0)
    }

    /// A scenario's verdict and its changes, a line each.
    private static func report(of check: SeriesCheck, scenario: String, runs: [HistoryRun], metric: String) -> String {
        var lines = ["\(scenario): \(check.verdict.rawValue) (\(runs.count) runs of \(metric))"]
        if let limitation = check.analysis.limitation { lines.append("  no change looked for: \(limitation)") }
        for change in check.analysis.changePoints {
            let run = runs[change.index]
            let opens = change == check.openingChange ? " — opens a regression" : ""
            lines.append(
                "  change at run \(change.index + 1) (\(run.runID), commit \(short(run.commit))): \(percent(change.relativeChange)) \(change.direction.rawValue), "
                    + "\(format(change.meanBefore)) → \(format(change.meanAfter)), p = \(String(format: "%.1e", change.pValue))\(opens)"
            )
        }
        let newest = check.newest
        if let limitation = newest.limitation {
            lines.append("  newest run: \(newest.verdict.rawValue) (\(limitation))")
        } else {
            lines.append("  newest run: \(newest.verdict.rawValue), \(percent(newest.relativeChange)) against the \(newest.referenceCount) runs before it")
        }
        return lines.joined(separator: "\n")
    }

    private static func percent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }
}
