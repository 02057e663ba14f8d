/// Renders `requests.csv`: one row per named request of every load scenario that sent a mix (its
/// counts adding up to the scenario's row of `report.csv`) and per step of every journey (no weight;
/// the scenario's row counts sessions), units in the column names.
public enum RequestsCSVWriter {
    /// One named request of one scenario.
    struct Row {
        let scenario: String
        let request: ScenarioResult.NamedRequest
    }

    private typealias Table = CSVTable<Row>
    private static let format = Table.format

    private static let table = Table(columns: [
        ("scenario", { $0.scenario }),
        ("request", { $0.request.name }),
        ("weight", { row -> String? in row.request.weight.map(format) }),
        ("share", { format($0.request.share) }),
        ("sent", { String($0.request.outcomes.sent) }),
        ("succeeded", { String($0.request.outcomes.succeeded) }),
        ("errors", { String($0.request.outcomes.failed) }),
        ("errors_by_class", { Table.errors($0.request.outcomes.errors) }),
        ("rate_per_s", { format($0.request.operationsPerSecond) }),
        ("latency_p50_ns", { $0.request.latency.map { String($0.summary.p50) } }),
        ("latency_p90_ns", { $0.request.latency.map { String($0.summary.p90) } }),
        ("latency_p99_ns", { $0.request.latency.map { String($0.summary.p99) } }),
        ("latency_p999_ns", { $0.request.latency.map { String($0.summary.p999) } }),
        ("latency_max_ns", { $0.request.latency.map { String($0.summary.max) } }),
        ("latency_mean_ns", { $0.request.latency.map { format($0.summary.mean) } }),
        ("uncorrected_latency_p50_ns", { $0.request.uncorrectedLatency.map { String($0.summary.p50) } }),
        ("uncorrected_latency_p99_ns", { $0.request.uncorrectedLatency.map { String($0.summary.p99) } }),
    ])

    /// The CSV text, or `nil` when no scenario of the report sent a named mix.
    public static func render(_ report: Report) -> String? {
        let rows = report.scenarios.flatMap { scenario in
            (scenario.requests ?? []).map { Row(scenario: scenario.name, request: $0) }
        }
        return rows.isEmpty ? nil : table.render(rows)
    }
}

/// Renders `checks.csv`: one row per check of every load scenario whose requests had checks, or of
/// every step of a capacity search.
public enum ChecksCSVWriter {
    /// One check of one scenario or step, named in the first column.
    struct Row {
        let owner: String
        let check: ScenarioResult.Check
    }

    private typealias Table = CSVTable<Row>

    /// The table whose first column, `owner`, names what the checks are of.
    private static func table(_ owner: String) -> Table {
        Table(columns: [
            (owner, { @Sendable row in row.owner }),
            ("check", { $0.check.name }),
            ("passes", { String($0.check.passes) }),
            ("failures", { String($0.check.failures) }),
            ("pass_rate", { row -> String? in row.check.passRate.map(Table.format) }),
        ])
    }

    /// The CSV text, or `nil` when no scenario of the report had checks.
    public static func render(_ report: Report) -> String? {
        let rows = report.scenarios.flatMap { scenario in (scenario.checks ?? []).map { Row(owner: scenario.name, check: $0) } }
        return rows.isEmpty ? nil : table("scenario").render(rows)
    }

    /// The CSV text of a capacity search's checks, step by step, or `nil` when no step had checks.
    public static func render(_ report: CapacityReport) -> String? {
        let rows = report.steps.flatMap { step in (step.checks ?? []).map { Row(owner: String(step.number), check: $0) } }
        return rows.isEmpty ? nil : table("step").render(rows)
    }
}
