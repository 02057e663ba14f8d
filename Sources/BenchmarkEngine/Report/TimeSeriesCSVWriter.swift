/// Renders `timeseries.csv`: one row per interval of every load scenario's time series, units in the
/// column names, for a spreadsheet or a plotting script; then, for a mix or a journey, one row per
/// interval of each request or step, named in `request` (empty in the run's own rows).
public enum TimeSeriesCSVWriter {
    /// One interval of one scenario, or of one of its names.
    struct Row {
        let scenario: String
        let request: String?
        let index: Int
        let startUnixMicroseconds: Int64
        let interval: TimeSeries.Interval
    }

    private typealias Table = CSVTable<Row>
    private static let format = Table.format

    private static let table = Table(columns: [
        ("scenario", { $0.scenario }),
        ("request", { $0.request }),
        ("interval", { String($0.index) }),
        ("start_s", { format($0.interval.startSeconds) }),
        ("duration_s", { format($0.interval.durationSeconds) }),
        ("start_unix_ms", { format(Double($0.startUnixMicroseconds) / 1e3 + $0.interval.startSeconds * 1e3) }),
        ("scheduled", { String($0.interval.outcomes.scheduled) }),
        ("sent", { String($0.interval.outcomes.sent) }),
        ("missed", { String($0.interval.outcomes.missed) }),
        ("succeeded", { String($0.interval.outcomes.succeeded) }),
        ("errors", { String($0.interval.outcomes.failed) }),
        ("errors_by_class", { Table.errors($0.interval.outcomes.errors) }),
        ("rate_per_s", { format($0.interval.achievedRate) }),
        (
            "scheduled_rate_per_s",
            { $0.interval.durationSeconds > 0 ? format(Double($0.interval.outcomes.scheduled) / $0.interval.durationSeconds) : nil }
        ),
        ("in_flight_mean", { $0.interval.meanInFlight.map(format) }),
        ("generator_cpu_share", { $0.interval.generatorCPU.map(format) }),
        ("latency_p50_ns", { String($0.interval.latency.summary.p50) }),
        ("latency_p90_ns", { String($0.interval.latency.summary.p90) }),
        ("latency_p99_ns", { String($0.interval.latency.summary.p99) }),
        ("latency_p999_ns", { String($0.interval.latency.summary.p999) }),
        ("latency_max_ns", { String($0.interval.latency.summary.max) }),
        ("latency_mean_ns", { format($0.interval.latency.summary.mean) }),
        ("uncorrected_latency_p50_ns", { $0.interval.uncorrectedLatency.map { String($0.summary.p50) } }),
        ("uncorrected_latency_p99_ns", { $0.interval.uncorrectedLatency.map { String($0.summary.p99) } }),
    ])

    /// The CSV text, or `nil` when no scenario of the report has a time series.
    public static func render(_ report: Report) -> String? {
        let rows = report.scenarios.flatMap { scenario in
            let named = (scenario.requests ?? []).map { (request: Optional($0.name), series: $0.timeSeries) }
            return ([(request: nil, series: scenario.timeSeries)] + named).flatMap { request, series in
                (series?.intervals ?? []).enumerated().map { index, interval in
                    Row(
                        scenario: scenario.name, request: request, index: index, startUnixMicroseconds: series?.startUnixMicroseconds ?? 0,
                        interval: interval)
                }
            }
        }
        return rows.isEmpty ? nil : table.render(rows)
    }
}
