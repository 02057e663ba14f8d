/// Where each run came from: its identifier, start, command line and machine.
enum RunSection {
    /// The section's HTML: a table with a column per run.
    static func html(_ runs: [ReportRun]) -> String {
        let fields: [(String, (Report) -> String)] = [
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
}
