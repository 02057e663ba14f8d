/// Where each run came from: its identifier, start, command line and machine.
enum RunSection {
    /// The section's HTML: a table with a column per run.
    static func html(_ runs: [ReportRun]) -> String {
        var fields: [(String, (Report) -> String)] = [
            ("run", { $0.runID }),
            ("started", { $0.startedAt }),
            ("command line", { $0.commandLine.joined(separator: " ") }),
            ("quick settings", { $0.isQuick ? "yes" : "no" }),
            ("tool version", { $0.environment.toolVersion }),
            ("git commit", { $0.environment.gitCommit ?? "unknown" }),
            ("build", { "\($0.environment.buildConfiguration), Swift \($0.environment.swiftVersion)" }),
            ("operating system", { $0.environment.operatingSystem }),
            ("CPU", { "\($0.environment.cpuModel ?? "unknown model"), \($0.environment.cpuCount) logical CPUs" }),
            ("allocator", { $0.environment.allocator ?? "system malloc (no allocation figures)" }),
        ]
        // Said wherever a load run weakened TLS on purpose, as under its summary.
        if runs.contains(where: { $0.report.load?.insecure == true || $0.report.load?.tlsVersions != nil }) {
            fields.append(("TLS", Self.tls))
        }
        var html = "<table class=\"runs\"><caption>The runs on this page</caption><thead><tr><th scope=\"col\">field</th>"
        html += runs.map { "<th scope=\"col\">\(HTML.escape($0.label))</th>" }.joined()
        html += "</tr></thead><tbody>"
        for (name, value) in fields {
            html += "<tr><th scope=\"row\">\(HTML.escape(name))</th>"
            html += runs.map { "<td><code>\(HTML.escape(value($0.report)))</code></td>" }.joined()
            html += "</tr>"
        }
        return html + "</tbody></table>\n"
    }

    /// What a load run's TLS allowed beyond the defaults (TLS 1.2 and up, certificates checked).
    private static func tls(_ report: Report) -> String {
        let versions = report.load?.tlsVersions.map { "versions \($0) (--tls-min, --tls-max)" } ?? "versions 1.2 and up"
        let certificates = report.load?.insecure == true ? "certificates not checked (--insecure)" : "certificates checked"
        return "\(versions); \(certificates)"
    }
}

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
            return cells + [
                .text("✖ \(failure.cause.rawValue)", className: "regression"), .text(failure.reason), .text(failure.log ?? "–"),
            ]
        }
        let count = failures.count == 1 ? "One scenario" : "\(failures.count) scenarios"
        return "<p>\(count) ran and produced no figures, so \(failures.count == 1 ? "it is" : "they are") in no chart. "
            + "A comparison with a baseline fails on each unless told to accept it.</p>\n"
            + DataTable(columns: columns, rows: rows, caption: "Scenarios that failed").html() + "\n"
    }
}
