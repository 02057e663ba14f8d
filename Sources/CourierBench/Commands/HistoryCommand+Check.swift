import BenchmarkEngine
import Foundation

extension HistoryCommand {
    /// Prints each selected scenario's verdict over its series of `metric`
    /// (``checked(_:following:window:selecting:allowingDebug:)``); `.failure` when any scenario's
    /// newest runs open a regression.
    static func check(
        _ path: String, following metric: String, window: Int, selecting selection: ScenarioSelection = ScenarioSelection(),
        allowingDebug: Bool = false
    ) throws -> BenchExitCode {
        let outcome = try checked(path, following: metric, window: window, selecting: selection, allowingDebug: allowingDebug)
        print(outcome.text)
        return outcome.regressed ? .failure : .success
    }

    /// Each scenario's verdict over its series of `metric`, with every change point (the first run
    /// and commit after it, its size and direction), and whether any scenario's newest runs open a
    /// regression.
    ///
    /// A newest run of a debug build after release runs is not judged unless `allowingDebug`: its
    /// times and counts would be set against a release build's.
    ///
    /// - Throws: ``MissingInput`` when no scenario has the figure, ``DebugBuildError`` for a debug
    ///   run judged against release ones, and the history's errors.
    static func checked(
        _ path: String, following metric: String, window: Int, selecting selection: ScenarioSelection = ScenarioSelection(),
        allowingDebug: Bool = false
    ) throws -> (text: String, regressed: Bool) {
        let trends = try scenarioTrends(of: path, following: metric, window: window, selecting: selection)
        if !allowingDebug {
            let runs = trends.flatMap(\.runs)
            if let newest = runs.max(by: { $0.id < $1.id }), newest.buildConfiguration == Report.Environment.debugBuild,
                runs.contains(where: { $0.buildConfiguration == Report.Environment.releaseBuild })
            {
                throw DebugBuildError(judged: "the newest run of \(path) (\(newest.runID))", against: "the release runs before it")
            }
        }
        let reports = trends.map { report(of: $0.check, scenario: $0.scenario, runs: $0.runs, metric: metric) }
        let regressions = trends.count { $0.check.verdict == .regression }
        let summary =
            regressions == 0
            ? "No regression in the newest runs of \(reports.count) scenarios."
            : "\(regressions) of \(reports.count) scenarios regressed in their newest runs."
        return ((reports + [summary]).joined(separator: "\n"), regressions > 0)
    }

    /// Writes the page of every scenario's trend of `metric` (``HTMLReportWriter/render(history:source:)``)
    /// to `output`, whole or not at all.
    ///
    /// - Throws: ``MissingInput`` when no scenario has the figure, and the history's errors.
    static func writePage(
        of path: String, following metric: String, window: Int, to output: String,
        selecting selection: ScenarioSelection = ScenarioSelection()
    ) throws {
        let trends = try scenarioTrends(of: path, following: metric, window: window, selecting: selection)
        let destination = URL(fileURLWithPath: output)
        try Platform.makeDirectories(destination.deletingLastPathComponent())
        try Platform.writeAtomically(Data(HTMLReportWriter.render(history: trends, source: path).utf8), to: destination)
        let regressions = trends.count { $0.check.verdict == .regression }
        print("Wrote \(destination.path): \(trends.count) scenarios, \(regressions) regressed in their newest runs")
    }

    /// Every selected scenario's trend of `metric` in the history at `path`.
    ///
    /// - Throws: ``MissingInput`` when no selected scenario has the figure, and the history's errors.
    private static func scenarioTrends(
        of path: String, following metric: String, window: Int, selecting selection: ScenarioSelection
    ) throws -> [ScenarioTrend] {
        let history = try RunHistory(file: URL(fileURLWithPath: path), create: false)
        let names = selection.isNarrowed ? Set(try history.scenarioNames().filter(selection.selects)) : nil
        let trends = try ScenarioTrend.trends(in: history, following: metric, window: window, scenarios: names)
        guard !trends.isEmpty else {
            let selected = selection.isNarrowed ? " selected by \(selection.description)" : ""
            throw MissingInput("no scenario\(selected) in \(path) has the figure '\(metric)'")
        }
        return trends
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
            lines.append(
                "  newest run: \(newest.verdict.rawValue), \(percent(newest.relativeChange)) against the \(newest.referenceCount) runs before it"
            )
        }
        return lines.joined(separator: "\n")
    }

    private static func percent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }
}
