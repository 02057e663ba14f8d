import Foundation

/// Renders `latency.hlog`: the time series' histograms as an HdrHistogram interval log, the format
/// HdrHistogram's own tools read (`HistogramLogReader` in Java, C, Python and JavaScript;
/// `HistogramLogProcessor`, HdrHistogramVisualizer).
///
/// ```
/// #[Histogram log format version 1.3]
/// #[StartTime: 1795974155.123 (seconds since epoch), 2026-11-29T18:42:35.123Z]
/// #[BaseTime: 1795974155.123 (seconds since epoch)]
/// "StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"
/// Tag=corrected,0.000,1.000,12.345,HISTFAAAA…
/// Tag=uncorrected,0.000,1.000,3.210,HISTFAAAA…
/// ```
///
/// One line per interval and histogram: the start, in seconds from the base time (the earliest
/// series' start); the length in seconds; the largest value in milliseconds (values are recorded in
/// nanoseconds, so the unit ratio is the customary 10⁶); the V2 compressed histogram in base64.
/// Lines are tagged `corrected` (from each request's intended start) and `uncorrected` (from its
/// actual start, open loops only), and a transport that times connection phases adds one line per
/// phase over the whole run (`phase-dns`, `phase-connect`, `phase-tls`, `phase-ttfb`,
/// `phase-transfer`). A mix's requests and a journey's steps follow, each name's intervals tagged
/// with the name, `search:corrected`. In a report with several load scenarios the tag starts with
/// the scenario's name, `load/in-memory/open:corrected`. Tags may hold no comma or space, so those
/// in a name become `_`.
public enum IntervalLogWriter {
    /// The log, or `nil` when no scenario of the report has a time series.
    public static func render(_ report: Report) -> String? {
        let series = report.scenarios.compactMap { scenario in scenario.timeSeries.map { (scenario, $0) } }
        guard let base = series.map(\.1.startUnixMicroseconds).min() else { return nil }
        let baseSeconds = String(format: "%.3f", Double(base) / 1e6)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var lines = [
            "#[Histogram log format version 1.3]",
            "#[StartTime: \(baseSeconds) (seconds since epoch), \(formatter.string(from: Date(timeIntervalSince1970: Double(base) / 1e6)))]",
            "#[BaseTime: \(baseSeconds) (seconds since epoch)]",
            "#[Written by bench \(report.environment.toolVersion), run \(report.runID): latency in nanoseconds, Interval_Max in milliseconds]",
            #""StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram""#,
        ]
        for (scenario, timeSeries) in series {
            let prefix = series.count == 1 ? "" : tag(scenario.name) + ":"
            let offset = Double(timeSeries.startUnixMicroseconds - base) / 1e6
            func line(_ kind: String, start: Double, length: Double, _ latency: ScenarioResult.Latency) -> String {
                let times = String(format: "%.3f,%.3f,%.3f", offset + start, length, Double(latency.summary.max) / 1e6)
                return "Tag=\(prefix)\(kind),\(times),\(latency.histogram)"
            }
            func histogramLines(of series: TimeSeries, tagged name: String) -> [String] {
                series.intervals.flatMap { interval in
                    [("corrected", interval.latency), ("uncorrected", interval.uncorrectedLatency)].compactMap { kind, latency in
                        latency.map { line(name + kind, start: interval.startSeconds, length: interval.durationSeconds, $0) }
                    }
                }
            }
            lines += histogramLines(of: timeSeries, tagged: "")
            // The transport times phases over the whole run, not per interval: one line spans it.
            for phase in ScenarioResult.ConnectionPhase.allCases {
                guard let latency = scenario.connections?.phases?[phase] else { continue }
                lines.append(line("phase-\(phase.columnName)", start: 0, length: scenario.durationSeconds, latency))
            }
            for request in scenario.requests ?? [] {
                guard let named = request.timeSeries else { continue }
                lines += histogramLines(of: named, tagged: tag(request.name) + ":")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A scenario's or a request's name as a tag: no comma, space or line break.
    private static func tag(_ name: String) -> String {
        String(name.map { $0 == "," || $0.isWhitespace ? "_" : $0 })
    }
}
