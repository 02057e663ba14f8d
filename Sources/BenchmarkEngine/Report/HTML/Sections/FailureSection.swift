/// The scenarios that ran and produced no figures: each with how it failed, why, and where its
/// standard error was kept, in words and in the regression colour, so that a failure is never just
/// a row missing from the charts.
enum FailureSection {
    /// The section's HTML, or `nil` when no run has a failed scenario.
    static func html(_ runs: [ReportRun]) -> String? {
        let failures = runs.flatMap { run in run.report.failedScenarios.map { (run, $0) } }
        guard !failures.isEmpty else { return nil }
        var columns = ["scenario"]
        if runs.areSeveral { columns.append("run") }
        columns += ["failed", "why", "standard error"]
        let rows = failures.map { run, failure -> [DataTable.Cell] in
            var cells: [DataTable.Cell] = [.text(failure.name)]
            if runs.areSeveral { cells.append(.text(run.label)) }
            return cells + [.text("✖ \(failure.cause.rawValue)", className: "regression"), .text(failure.reason), .text(failure.log ?? "–")]
        }
        let count = failures.count == 1 ? "One scenario" : "\(failures.count) scenarios"
        return "<p>\(count) ran and produced no figures, so \(failures.count == 1 ? "it is" : "they are") in no chart. "
            + "A comparison with a baseline fails on each unless told to accept it.</p>\n"
            + DataTable(columns: columns, rows: rows, caption: "Scenarios that failed").html() + "\n"
    }
}
