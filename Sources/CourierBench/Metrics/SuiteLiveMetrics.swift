import BenchmarkMetrics

/// Where a suite's load scenarios send their live metrics on every `run`, declared in Swift rather
/// than typed each time: a `/metrics` listener, Prometheus remote write, OTLP, or a team's own
/// `MetricsExporter`. `run`'s `--metrics-listen` takes the place of ``listen``; its
/// `--metrics-remote-write` and `--otlp` push beside ``exporters``; `--metrics-interval` and
/// `--metrics-grace` set how often they push and how long the final figures wait.
///
/// ```swift
/// let suite = BenchSuite(
///     scenarios: [...],
///     liveMetrics: SuiteLiveMetrics(exporters: [SuiteLiveMetrics.otlp("http://collector:4318/v1/metrics")]))
/// ```
public struct SuiteLiveMetrics: Sendable {
    /// Where `/metrics` is served while the load scenarios run; `nil` for nowhere.
    public var listen: ListenAddress?
    /// Where the figures are pushed, each every interval and once more at the end.
    public var exporters: [any MetricsExporter]

    /// Live metrics served on `listen`, when given, and pushed to `exporters`.
    public init(listen: ListenAddress? = nil, exporters: [any MetricsExporter] = []) {
        self.listen = listen
        self.exporters = exporters
    }

    /// Prometheus remote write to `url`, as `--metrics-remote-write` sends it: over Courier's
    /// URLSession transport, each push given up after 5 s.
    public static func remoteWrite(_ url: String, headers: [(String, String)] = [], nativeHistograms: Bool = false) -> any MetricsExporter {
        RemoteWriteExporter(url: url, headers: headers, nativeHistograms: nativeHistograms, transport: MetricsHTTPTransport())
    }

    /// OTLP/HTTP to `url`, as `--otlp` sends it.
    public static func otlp(_ url: String, headers: [(String, String)] = []) -> any MetricsExporter {
        OTLPExporter(url: url, headers: headers, transport: MetricsHTTPTransport())
    }
}
