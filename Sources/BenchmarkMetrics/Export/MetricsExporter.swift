/// A backend the bench pushes its live metrics to, every interval while a load runs and once more
/// at its end: Prometheus remote write (``RemoteWriteExporter``), OpenTelemetry's OTLP
/// (``OTLPExporter``), or a team's own, which a bench suite declares in its `liveMetrics`.
///
/// ```swift
/// struct StatsDExporter: MetricsExporter {
///     let name = "statsd"
///     func export(_ snapshot: MetricsSnapshot) async throws {
///         for family in snapshot.families { … }   // send it the team's way
///     }
/// }
/// ```
///
/// Every snapshot holds the figures since the start (counters are cumulative), so a snapshot that
/// could not be sent is superseded by the next, not owed: ``MetricsPusher`` retries one with
/// backoff until a newer one is due, and counts the samples of those it gives up as dropped.
public protocol MetricsExporter: Sendable {
    /// A short name for messages: `remote-write`, `otlp`.
    var name: String { get }
    /// Sends `snapshot`; throws ``ExportFailure`` (or any error, taken as worth retrying) when it
    /// was not accepted.
    func export(_ snapshot: MetricsSnapshot) async throws
    /// How many samples `snapshot` holds as this exporter sends it, for the dropped count.
    func sampleCount(of snapshot: MetricsSnapshot) -> Int
}

/// Why a push was not accepted.
public struct ExportFailure: Error, Equatable, CustomStringConvertible {
    /// What happened, without the URL's secrets.
    public let description: String
    /// Whether sending the same again may succeed (a 5xx, a 429, a timeout) or never will (a 4xx).
    public let isRetryable: Bool

    /// A failure saying `description`.
    public init(_ description: String, isRetryable: Bool) {
        self.description = description
        self.isRetryable = isRetryable
    }

    /// The failure a response with `status` stands for, or `nil` for a 2xx.
    public static func status(_ status: Int) -> ExportFailure? {
        guard !(200..<300).contains(status) else { return nil }
        return ExportFailure("HTTP \(status)", isRetryable: status >= 500 || status == 429 || status == 408)
    }
}

/// How a push leaves the process: an HTTP POST, made by the caller's client (the bench hands in
/// one over Courier's transport), so that this module needs no HTTP client of its own.
public protocol MetricsPushTransport: Sendable {
    /// POSTs `body` with `headers` to `url` and returns the response's status; gives up (throws)
    /// after a time of its own choosing, a few seconds.
    func post(_ body: [UInt8], to url: String, headers: [(String, String)]) async throws -> Int
}
