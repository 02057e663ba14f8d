import BenchmarkMetrics
import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bench's own metrics traffic — pushes to a remote-write receiver, queries to a Prometheus —
/// over Courier's URLSession transport: through the client it measures, on a session of their own
/// so that their connections never mix with the run's, and each exchange gives up after
/// ``timeout``.
struct MetricsHTTPTransport: MetricsPushTransport {
    /// How long one exchange may take.
    let timeout: TimeInterval
    private let transport: URLSessionTransport

    init(timeout: TimeInterval = 5) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        transport = URLSessionTransport(configuration: configuration)
    }

    func post(_ body: [UInt8], to url: String, headers: [(String, String)]) async throws -> Int {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.add(name: name, value: value) }
        let request = HTTPRequest(method: "POST", url: url, headers: fields, body: Data(body), maximumResponseBodySize: 1 << 20)
        do {
            let (response, _) = try await transport.send(request)
            return response.statusCode
        } catch {
            throw ExportFailure(Self.reason(error, url: url), isRetryable: true)
        }
    }

    /// What went wrong, as a closing line may print it: Foundation's own words for a URL error (its
    /// user info holds the URL, secrets and all), and the URL's secrets redacted wherever it appears.
    static func reason(_ error: any Error, url: String) -> String {
        let error = error as NSError
        let text = error.domain == NSURLErrorDomain ? error.localizedDescription : "\(error)"
        return text.replacingOccurrences(of: url, with: Redaction.url(url))
    }

    /// GETs `url` and returns the status and body, a body larger than `maximumBodyBytes` being an
    /// error.
    func get(_ url: String, maximumBodyBytes: Int) async throws -> (status: Int, body: Data) {
        let request = HTTPRequest(method: "GET", url: url, maximumResponseBodySize: maximumBodyBytes)
        let (response, body) = try await transport.send(request)
        return (response.statusCode, body)
    }
}
