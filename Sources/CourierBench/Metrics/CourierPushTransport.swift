import BenchmarkMetrics
import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Metrics pushes over Courier's own URLSession transport: the bench's exporters send through the
/// client it measures, on a session of their own so that their connections never mix with the
/// run's, and each push gives up after ``timeout``.
struct CourierPushTransport: MetricsPushTransport {
    /// How long one push may take.
    static let timeout: TimeInterval = 5
    private let transport: URLSessionTransport

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.timeout
        configuration.timeoutIntervalForResource = Self.timeout
        transport = URLSessionTransport(configuration: configuration)
    }

    func post(_ body: [UInt8], to url: String, headers: [(String, String)]) async throws -> Int {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.add(name: name, value: value) }
        let request = HTTPRequest(method: "POST", url: url, headers: fields, body: Data(body), maximumResponseBodySize: 1 << 20)
        let (response, _) = try await transport.send(request)
        return response.statusCode
    }
}
