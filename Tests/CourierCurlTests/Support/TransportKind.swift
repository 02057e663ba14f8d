#if COURIER_CURL
import Courier
import CourierCurl
import CourierEngine
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transports. Tests that talk to a real server run against each, so that the curl
/// transport and Courier's own engine are held to what URLSession does.
enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession, curl, engine

    var testDescription: String { rawValue }

    /// The transports with their own connection pools, caps and threads.
    static let ownStacks: [TransportKind] = [.curl, .engine]

    /// A transport of this kind with its own connections; `shutDown` releases them.
    func make(_ configuration: CurlConfiguration = CurlConfiguration()) throws -> (
        transport: any Transport, shutDown: @Sendable () async -> Void
    ) {
        switch self {
        case .urlSession:
            let settings = URLSessionConfiguration.ephemeral
            if let timeout = configuration.timeout {
                settings.timeoutIntervalForRequest = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            }
            // A session of its own that declines challenges, so that a 401 cannot hang it on Linux.
            let transport = URLSessionTransport(configuration: settings)
            return (transport, { transport.session.invalidateAndCancel() })
        case .curl:
            let transport = try CurlTransport(configuration: configuration)
            return (transport, { await transport.shutdown() })
        case .engine:
            let transport = try EngineTransport(configuration: EngineConfiguration(configuration))
            return (transport, { await transport.shutdown() })
        }
    }
}

/// What `transport`'s requests did to connections, for the transports that count them.
func connectionCounts(of transport: any Transport) -> ConnectionCounts? {
    (transport as? CurlTransport)?.connectionCounts() ?? (transport as? EngineTransport)?.connectionCounts()
}

/// Runs `body` with a fresh transport of `kind`, shutting it down afterwards.
func withTransport<T>(
    _ kind: TransportKind,
    _ configuration: CurlConfiguration = CurlConfiguration(),
    _ body: (any Transport) async throws -> T
) async throws -> T {
    let (transport, shutDown) = try kind.make(configuration)
    do {
        let result = try await body(transport)
        await shutDown()
        return result
    } catch {
        await shutDown()
        throw error
    }
}

extension Transport {
    /// `GET url` (or another method), with optional headers and body.
    func fetch(_ url: String, method: String = "GET", headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil) async throws -> (
        HTTPResponse, Data
    ) {
        try await send(HTTPRequest(method: method, url: url, headers: headers, body: body))
    }

    /// The `URLError` code `request` fails with, or `nil` when it succeeds.
    func failure(_ url: String, method: String = "GET") async -> URLError.Code? {
        do {
            _ = try await fetch(url, method: method)
            return nil
        } catch let error as URLError {
            return error.code
        } catch {
            return .unknown
        }
    }
}

extension EngineConfiguration {
    /// The engine's settings for what a test asks of the curl transport: its caps, time limits,
    /// redirects, budget and TLS, one loop per reactor.
    init(_ curl: CurlConfiguration) {
        self.init(
            loopCount: curl.reactorCount, maximumConnectionsPerHost: curl.maximumConnectionsPerHost,
            maximumConnections: curl.maximumConnections, connectTimeout: curl.connectTimeout, timeout: curl.timeout,
            automaticDecompression: curl.automaticDecompression, maximumRedirects: curl.maximumRedirects,
            maximumResponseBytesInFlight: curl.maximumResponseBytesInFlight, tls: curl.tls)
    }
}

extension Data {
    var text: String { String(decoding: self, as: UTF8.self) }
}
#endif
