import Foundation

/// Renders `capacity.csv`: one row per step of a capacity search, units in the column names.
public enum CapacityCSVWriter {
    private typealias Table = CSVTable<CapacityStep>
    private static let format = Table.format

    private static let table = Table(columns: [
        ("step", { String($0.number) }),
        ("phase", { $0.phase.rawValue }),
        ("target_rate_per_s", { $0.concurrency == nil ? format($0.targetRate) : nil }),
        ("concurrency", { $0.concurrency.map(String.init) }),
        ("achieved_rate_per_s", { format($0.achievedRate) }),
        ("throughput_per_s", { format($0.throughput) }),
        ("start_s", { format($0.startSeconds) }),
        ("warmup_s", { format($0.warmupSeconds) }),
        ("measured_s", { format($0.measuredSeconds) }),
        ("scheduled", { String($0.outcomes.scheduled) }),
        ("sent", { String($0.outcomes.sent) }),
        ("missed", { String($0.outcomes.missed) }),
        ("succeeded", { String($0.outcomes.succeeded) }),
        ("errors", { String($0.outcomes.failed) }),
        ("errors_by_class", { Table.errors($0.outcomes.errors) }),
        ("latency_p50_ns", { String($0.latency.summary.p50) }),
        ("latency_p90_ns", { String($0.latency.summary.p90) }),
        ("latency_p99_ns", { String($0.latency.summary.p99) }),
        ("latency_p999_ns", { String($0.latency.summary.p999) }),
        ("latency_max_ns", { String($0.latency.summary.max) }),
        ("latency_mean_ns", { format($0.latency.summary.mean) }),
        ("uncorrected_latency_p50_ns", { String($0.uncorrectedLatency.summary.p50) }),
        ("uncorrected_latency_p99_ns", { String($0.uncorrectedLatency.summary.p99) }),
        ("uncorrected_latency_mean_ns", { format($0.uncorrectedLatency.summary.mean) }),
        ("in_flight_mean", { $0.meanInFlight.map(format) }),
        ("in_flight_littles_law", { format($0.littlesLawInFlight) }),
        ("generator_cpu_share", { $0.generator.map { format($0.cpuShare) } }),
        ("late_starts", { $0.generator.map { String($0.lateStarts) } }),
        ("generator_cpu_s", { $0.generator.map { format($0.cpuSeconds) } }),
        ("generator_run_queue_wait_share", { $0.generator?.runQueueWaitShare.map(format) }),
        ("machine_cpu_share", { $0.generator?.machineCPUShare.map(format) }),
        ("load_average", { $0.generator?.loadAverage.map(format) }),
        ("send_rate_share", { $0.generatorCheck?.sendRateShare.map(format) }),
        ("generator_kept_up", { $0.generatorCheck.map { String($0.keptUp) } }),
    ])
    private static let verdict = Table(columns: [
        ("status", { $0.status.rawValue }),
        ("reasons", { $0.reasons.joined(separator: "; ") }),
    ])

    /// The CSV text: a `server_<name>` column per server query, before the verdict, empty where
    /// the figure could not be read.
    public static func render(_ report: CapacityReport) -> String {
        let server = (report.serverMetrics?.queries ?? []).map { query in
            (
                name: "server_\(query.name)",
                cell: { @Sendable (step: CapacityStep) in
                    step.server?.first { $0.name == query.name }?.value.map(format)
                }
            )
        }
        return Table(columns: table.columns + server + verdict.columns).render(report.steps)
    }

    private typealias Curve = CSVTable<(kind: String, step: Int?, concurrency: Double, throughput: Double, bounds: ScalabilityFit.Bounds?)>
    private static let curve = Curve(columns: [
        ("kind", { $0.kind }),
        ("step", { $0.step.map(String.init) }),
        ("concurrency", { format($0.concurrency) }),
        ("throughput_per_s", { format($0.throughput) }),
        ("lower_per_s", { $0.bounds.map { format($0.lower) } }),
        ("upper_per_s", { $0.bounds?.upper.map(format) }),
    ])

    /// `scalability.csv`: the steps fitted (`measured`), then the fitted curve, `fitted` within
    /// the concurrencies measured and `prediction` beyond them, with its confidence bounds; `nil`
    /// when no law was fitted.
    public static func renderScalability(_ report: CapacityReport) -> String? {
        guard let fit = report.result.scalability else { return nil }
        let measured = fit.points.map {
            (
                kind: "measured", step: Optional($0.step), concurrency: $0.concurrency, throughput: $0.throughput,
                bounds: ScalabilityFit.Bounds?.none
            )
        }
        let fitted = fit.curve.map {
            (
                kind: $0.isPrediction ? "prediction" : "fitted", step: Int?.none, concurrency: $0.concurrency, throughput: $0.throughput,
                bounds: Optional($0.bounds)
            )
        }
        return curve.render(measured + fitted)
    }
}

extension CapacityReport {
    /// Every file of the search, rendered: `capacity.json`, `capacity.csv`, `scalability.csv`
    /// (when a law was fitted), `checks.csv` (when the answers were checked), `summary.md` and
    /// `report.html`.
    public func files() throws -> [ReportFile] {
        var files = [
            ReportFile(name: "capacity.json", data: try JSONReportWriter.render(value: self)),
            ReportFile(name: "capacity.csv", data: Data(CapacityCSVWriter.render(self).utf8)),
        ]
        if let scalability = CapacityCSVWriter.renderScalability(self) {
            files.append(ReportFile(name: "scalability.csv", data: Data(scalability.utf8)))
        }
        if let checks = ChecksCSVWriter.render(self) { files.append(ReportFile(name: "checks.csv", data: Data(checks.utf8))) }
        return files + [
            ReportFile(name: "summary.md", data: Data(CapacitySummary.markdown(self).utf8)),
            ReportFile(name: ReportFormat.html.fileName, data: Data(HTMLReportWriter.render(self).utf8)),
        ]
    }
}
