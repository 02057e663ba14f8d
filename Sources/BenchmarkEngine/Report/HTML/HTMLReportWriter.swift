/// Renders `report.html`: one self-contained page per run, or several runs overlaid on the same
/// axes (`bench report before/ after/`).
///
/// The page holds its style sheet and its charts (SVG drawn here) inline and nothing else: no
/// script, no font, no request to anywhere, and a Content-Security-Policy that forbids them, so it
/// opens the same from `file://`, from a CI artifact or from an e-mail. Every chart has a caption
/// and a table of its figures beneath it. Everything the report holds as text — scenario names,
/// command lines, error classes, labels — is escaped, and shows exactly what `report.json` holds
/// (command lines already redacted there).
public enum HTMLReportWriter {
    /// The page of one run, with its comparison with a baseline when it has one, and the trends of
    /// its scenarios in a history (`run --history`) when given some.
    public static func render(_ report: Report, trends: [ScenarioTrend] = []) -> String {
        render(runs: [LabeledReport(label: report.runID, report: report)], trends: trends)
    }

    /// One page over several runs, each under its `label` (`before`, `curl`): every run's spectra
    /// and figures on the same axes, told apart by colour and marker, with a legend. A comparison
    /// is shown when a single run carries one.
    public static func render(runs: [LabeledReport], trends: [ScenarioTrend] = []) -> String {
        let runs = ReportRun.numbered(runs)
        var sections: [(name: String, anchor: String, html: String)] = []
        if runs.count == 1, let comparison = runs[0].report.baselineComparison {
            sections.append(("Comparison with the baseline", "comparison", ComparisonSection.html(comparison)))
        }
        if let failures = FailureSection.html(runs) {
            sections.append(("Failed scenarios", "failed", failures))
        }
        if let load = LoadSection.html(runs) {
            sections.append(("Load scenarios", "load", load))
        }
        if let micro = MicroSection.html(runs) {
            sections.append(("Micro-benchmarks", "micro", micro))
        }
        if sections.isEmpty {
            sections.append(("Scenarios", "scenarios", "<p>This report has no scenario results.</p>\n"))
        }
        if let metric = trends.first?.metric {
            let source = "Each scenario's \(metric) over the runs of the history, this run the newest."
            sections.append(("History", "history", TrendSection.html(trends, source: source)))
        }
        sections.append(("Runs", "runs", RunSection.html(runs)))
        if let warning = runs.lazy.compactMap(\.report.environment.debugBuildWarning).first {
            sections.insert(debugSection(warning), at: 0)
        }
        return HTMLPage(title: title(runs), subtitle: subtitle(runs), sections: sections).render()
    }

    /// The page of a history (`history report`): every scenario's trend of one figure over the
    /// runs, with its change points and the commits under them, and the verdict `history check`
    /// gives. `source` names the history, for the heading.
    public static func render(history trends: [ScenarioTrend], source: String) -> String {
        let runs = Set(trends.flatMap { $0.runs.map(\.id) }).count
        let metric = trends.first?.metric ?? HistoryFigures.nanosecondsPerOperation
        let newest = trends.flatMap { $0.runs.map(\.startedAt) }.max() ?? "never"
        let html =
            trends.isEmpty
            ? "<p>No scenario in this history has the figure.</p>\n"
            : TrendSection.html(trends, source: "Each scenario's \(metric), run by run, from the history \(source).")
        return HTMLPage(
            title: "bench history: \(metric)",
            subtitle: "\(trends.count) scenarios over \(runs) runs, the newest started \(newest)",
            sections: [(name: "Trends", anchor: "trends", html: html)]
        ).render()
    }

    /// The page of a capacity search: what it found, its steps charted against the offered rate,
    /// and the machine it ran on.
    public static func render(_ capacity: CapacityReport) -> String {
        // The run table reads a report's fields; a capacity search has the same ones but scenarios.
        let run = Report(
            runID: capacity.runID, startedAt: capacity.startedAt, environment: capacity.environment,
            commandLine: capacity.commandLine, isQuick: false, scenarios: []
        )
        var sections = [
            (name: "Capacity", anchor: "capacity", html: CapacitySection.html(capacity)),
            (name: "Run", anchor: "runs", html: RunSection.html(ReportRun.numbered([LabeledReport(label: capacity.runID, report: run)]))),
        ]
        if let warning = capacity.environment.debugBuildWarning { sections.insert(debugSection(warning), at: 0) }
        return HTMLPage(
            title: "\(tool(capacity.commandLine)) capacity: run \(capacity.runID)",
            subtitle: "\(capacity.steps.count) steps against \(capacity.target), started \(capacity.startedAt)",
            sections: sections
        ).render()
    }

    /// The section that opens the page of a debug build's run, before any figure.
    private static func debugSection(_ warning: String) -> (name: String, anchor: String, html: String) {
        ("Debug build", "debug-build", "<p><strong>\(HTML.escape(warning))</strong></p>\n")
    }

    /// The executable's name, from the command line the report stores.
    private static func tool(_ commandLine: [String]) -> String {
        commandLine.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "bench"
    }

    private static func title(_ runs: [ReportRun]) -> String {
        let tool = tool(runs.first?.report.commandLine ?? [])
        return runs.count == 1 ? "\(tool) report: run \(runs[0].report.runID)" : "\(tool) report: \(runs.count) runs"
    }

    private static func subtitle(_ runs: [ReportRun]) -> String {
        let scenarios = Set(runs.flatMap { $0.report.scenarios.map(\.name) }).count
        let failed = Set(runs.flatMap { $0.report.failedScenarios.map(\.name) }).count
        let started = runs.map(\.report.startedAt).joined(separator: ", ")
        let quick = runs.contains { $0.report.isQuick } ? " (quick settings)" : ""
        return "\(scenarios) scenarios\(quick)\(failed > 0 ? ", \(failed) failed" : ""), started \(started)"
    }
}

/// A run as a page of several shows it: its report, under the label that tells it apart from the
/// others (`before`, `curl`).
public struct LabeledReport: Sendable {
    /// What the page calls the run.
    public var label: String
    /// The run.
    public var report: Report

    /// `report` under `label`.
    public init(label: String, report: Report) {
        self.label = label
        self.report = report
    }
}
