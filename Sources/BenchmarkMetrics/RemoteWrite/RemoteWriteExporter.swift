/// Prometheus remote write 1.0: each snapshot POSTed as a Snappy-compressed `WriteRequest`.
public struct RemoteWriteExporter: MetricsExporter {
    public let name = "remote-write"
    /// Where to POST, such as `http://prometheus:9090/api/v1/write`.
    public let url: String
    /// Extra header fields, such as `Authorization: Bearer …`.
    public let headers: [(String, String)]
    /// Whether histograms go as native (exponential) ones rather than classic buckets.
    public let nativeHistograms: Bool
    private let transport: any MetricsPushTransport

    /// An exporter POSTing to `url` through `transport`.
    public init(
        url: String, headers: [(String, String)] = [], nativeHistograms: Bool = false, transport: any MetricsPushTransport
    ) {
        self.url = url
        self.headers = headers
        self.nativeHistograms = nativeHistograms
        self.transport = transport
    }

    public func export(_ snapshot: MetricsSnapshot) async throws {
        let body = RemoteWriteRequest.body(snapshot, nativeHistograms: nativeHistograms)
        let status = try await transport.post(body, to: url, headers: RemoteWriteRequest.headers + headers)
        if let failure = ExportFailure.status(status) { throw failure }
    }

    public func sampleCount(of snapshot: MetricsSnapshot) -> Int {
        snapshot.sampleCount(nativeHistograms: nativeHistograms)
    }
}
