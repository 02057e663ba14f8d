import Foundation

/// Renders `report.csv`: a header, then one flat row per result and one per failed scenario (its
/// name, `failed` and why, every figure empty). Units are in the column names; a figure that does
/// not apply, or is unavailable, is an empty cell.
public enum CSVReportWriter {
    private typealias Table = CSVTable<ScenarioResult>
    private static let format = Table.format

    private typealias Column = (name: String, cell: @Sendable (ScenarioResult) -> String?)

    private static let table = Table(columns: figureColumns + phaseColumns + streamColumns + statusColumns)

    private static let figureColumns: [Column] = [
        ("scenario", { $0.name }),
        ("kind", { $0.kind.rawValue }),
        ("operations", { String($0.operations) }),
        ("warmup_operations", { String($0.warmupOperations) }),
        // A counted run's clock ran under Valgrind: its time is no figure.
        ("duration_s", { $0.counts == nil ? format($0.durationSeconds) : nil }),
        ("ops_per_s", { $0.counts == nil ? format($0.operationsPerSecond) : nil }),
        ("samples", { $0.nanosecondsPerOperation.map { String($0.count) } }),
        ("ns_per_op_median", { $0.nanosecondsPerOperation.map { format($0.median) } }),
        ("ns_per_op_p25", { $0.nanosecondsPerOperation.map { format($0.p25) } }),
        ("ns_per_op_p75", { $0.nanosecondsPerOperation.map { format($0.p75) } }),
        ("ns_per_op_min", { $0.nanosecondsPerOperation.map { format($0.min) } }),
        ("ns_per_op_max", { $0.nanosecondsPerOperation.map { format($0.max) } }),
        ("ns_per_op_stdev", { $0.nanosecondsPerOperation.map { format($0.standardDeviation) } }),
        ("mallocs_per_op", { $0.mallocsPerOperation.map(format) }),
        ("bytes_allocated_per_op", { $0.bytesAllocatedPerOperation.map(format) }),
        ("payload_bytes_per_op", { $0.payloadBytesPerOperation.map(String.init) }),
        ("mb_per_s", { $0.megabytesPerSecond.map(format) }),
        ("objects_per_s", { $0.objectsPerSecond.map(format) }),
        ("baseline", { $0.comparison?.baseline }),
        ("speedup_x", { $0.comparison.map { format($0.speedup) } }),
        ("concurrency", { $0.concurrency.map(String.init) }),
        ("target_rate_per_s", { $0.targetRate.map(format) }),
        ("sent", { $0.outcomes.map { String($0.sent) } }),
        ("succeeded", { $0.outcomes.map { String($0.succeeded) } }),
        ("errors", { $0.outcomes.map { String($0.errors.values.reduce(0, +)) } }),
        ("errors_by_class", { $0.outcomes.map { Table.errors($0.errors) } }),
        ("latency_p50_ns", { $0.latency.map { String($0.summary.p50) } }),
        ("latency_p90_ns", { $0.latency.map { String($0.summary.p90) } }),
        ("latency_p99_ns", { $0.latency.map { String($0.summary.p99) } }),
        ("latency_p999_ns", { $0.latency.map { String($0.summary.p999) } }),
        ("latency_max_ns", { $0.latency.map { String($0.summary.max) } }),
        ("latency_mean_ns", { $0.latency.map { format($0.summary.mean) } }),
        ("uncorrected_latency_p50_ns", { $0.uncorrectedLatency.map { String($0.summary.p50) } }),
        ("uncorrected_latency_p99_ns", { $0.uncorrectedLatency.map { String($0.summary.p99) } }),
        // Added after the first schema: appended, so that earlier columns keep their places.
        ("scheduled", { $0.outcomes.map { String($0.scheduled) } }),
        ("missed", { $0.outcomes.map { String($0.missed) } }),
        ("slo_passed", { $0.serviceLevel.map { String($0.passed) } }),
        ("slo_breaches", { $0.serviceLevel.map { $0.breaches.map(\.objective).joined(separator: ";") } }),
        ("instructions_per_op", { $0.counts.map { format($0.instructionsPerOperation) } }),
        ("estimated_cycles_per_op", { $0.counts?.estimatedCyclesPerOperation.map(format) }),
        ("instruction_ratio_to_baseline", { $0.counts?.instructionRatio.map(format) }),
        ("connections_opened", { $0.connections.map { String($0.opened) } }),
        ("tls_handshakes", { $0.connections.map { String($0.tlsHandshakes) } }),
        (
            "http_versions",
            { $0.connections?.responsesByHTTPVersion.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ";") }
        ),
        ("tls_sessions_resumed", { $0.connections?.tlsSessionsResumed.map(String.init) }),
    ]

    /// What HTTP/2 connections carried and what their servers sent, after the phases.
    private static let streamColumns: [Column] = [
        ("most_streams_per_connection", { $0.connections?.mostStreamsPerConnection.map(String.init) }),
        ("goaways", { $0.connections?.goAwaysByCode.map(codes) }),
        ("stream_resets", { $0.connections?.streamResetsByCode.map(codes) }),
    ]

    /// `NO_ERROR:2;PROTOCOL_ERROR:1`, as `http_versions` lists its counts.
    private static func codes(_ byCode: [String: Int]) -> String {
        byCode.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ";")
    }

    /// Whether the scenario ran, and why not; a failed scenario fills only these and its name.
    private static let statusColumns: [Column] = [
        ("status", { _ in "ok" }),
        ("failure_cause", { _ in nil }),
        ("failure_reason", { _ in nil }),
        ("failure_log", { _ in nil }),
    ]

    /// Each connection phase's median and 99th percentile: `dns_p50_ns`, `dns_p99_ns`, `connect_p50_ns`, …
    private static let phaseColumns: [Column] =
        ScenarioResult.ConnectionPhase.allCases.flatMap { phase -> [Column] in
            let latency: @Sendable (ScenarioResult) -> ScenarioResult.Latency? = { $0.connections?.phases?[phase] }
            return [
                ("\(phase.columnName)_p50_ns", { latency($0).map { String($0.summary.p50) } }),
                ("\(phase.columnName)_p99_ns", { latency($0).map { String($0.summary.p99) } }),
            ]
        }

    /// The CSV text, lines ending in `\n`.
    public static func render(_ report: Report) -> String {
        table.render(
            report.scenarios,
            then: report.failedScenarios.map { failure in
                [
                    "scenario": failure.name, "status": "failed", "failure_cause": failure.cause.rawValue, "failure_reason": failure.reason,
                    "failure_log": failure.log ?? "",
                ]
            })
    }
}
