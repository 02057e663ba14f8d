import BenchmarkEngine

/// OpenTelemetry's OTLP/HTTP in protobuf: each snapshot POSTed as an `ExportMetricsServiceRequest`
/// (``OTLPRequest``) to the URL as given, such as `http://collector:4318/v1/metrics`.
///
/// Every figure is cumulative from the exporter's creation, its start time: counters as monotonic
/// Sums, the latency as an ExponentialHistogram of scale 3 (within 9 % at any latency).
public struct OTLPExporter: MetricsExporter {
    public let name = "otlp"
    /// Where to POST.
    public let url: String
    /// Extra header fields, such as `Authorization: Bearer …`.
    public let headers: [(String, String)]
    /// The resource's `service.name`.
    public let serviceName: String
    /// When the cumulative figures start: the exporter's creation, in nanoseconds since 1970.
    public let startUnixNanoseconds: UInt64
    private let transport: any MetricsPushTransport

    /// An exporter POSTing to `url` through `transport`, naming the service `serviceName`.
    public init(
        url: String, headers: [(String, String)] = [], serviceName: String = "bench", transport: any MetricsPushTransport
    ) {
        self.url = url
        self.headers = headers
        self.serviceName = serviceName
        self.startUnixNanoseconds = UInt64(clamping: Platform.unixMicroseconds()) &* 1000
        self.transport = transport
    }

    public func export(_ snapshot: MetricsSnapshot) async throws {
        let body = OTLPRequest.encode(snapshot, serviceName: serviceName, startUnixNanoseconds: startUnixNanoseconds)
        let status = try await transport.post(body, to: url, headers: OTLPRequest.headers + headers)
        if let failure = ExportFailure.status(status) { throw failure }
    }

    /// One sample per data point: a counter's, a gauge's or a histogram's.
    public func sampleCount(of snapshot: MetricsSnapshot) -> Int {
        snapshot.sampleCount(nativeHistograms: true)
    }
}
