#if os(Linux)
import Courier
#if COURIER_CURL
import CourierCurl
#endif
@testable import CourierEngine
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transports. Tests that talk to a real server run against each, so that the curl
/// transport and Courier's own engine are held to what URLSession does. The curl transport is here
/// only when its trait is: the engine's tests never depend on libcurl.
enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession
    #if COURIER_CURL
    case curl
    #endif
    case engine

    var testDescription: String { rawValue }

    /// The transports with their own connection pools, caps and threads.
    static var ownStacks: [TransportKind] {
        allCases.filter { $0 != .urlSession }
    }

    /// A transport of this kind with its own connections; `shutDown` releases them. `observer` sees
    /// every finished transfer's metrics where the stack reports them (not URLSession).
    func make(
        _ configuration: StackConfiguration = StackConfiguration(), observing observer: (@Sendable (TransferMetrics) -> Void)? = nil
    ) throws -> (transport: any Transport, shutDown: @Sendable () async -> Void) {
        switch self {
        case .urlSession:
            let settings = URLSessionConfiguration.ephemeral
            if let timeout = configuration.timeout {
                settings.timeoutIntervalForRequest = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            }
            // A session of its own that declines challenges, so that a 401 cannot hang it on Linux.
            let transport = URLSessionTransport(configuration: settings)
            return (transport, { transport.session.invalidateAndCancel() })
        #if COURIER_CURL
        case .curl:
            let transport = try CurlTransport(configuration: configuration.curl, observingTransfers: observer)
            return (transport, { await transport.shutdown() })
        #endif
        case .engine:
            let transport = try EngineTransport(configuration: configuration.engine, observingTransfers: observer)
            return (transport, { await transport.shutdown() })
        }
    }
}

/// What a test asks of a transport, in the curl transport's terms (the oldest), made into each
/// stack's own configuration.
struct StackConfiguration: Sendable {
    /// The HTTP versions a test can ask for.
    enum HTTPVersion: Sendable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        case http1_1
        case http2, http2PriorKnowledge
    }

    var maximumConnectionsPerHost = 64
    var maximumConnections = 256
    var connectTimeout: Duration? = .seconds(30)
    var timeout: Duration? = .seconds(60)
    var httpVersion = HTTPVersion.http1_1
    var automaticDecompression = true
    var maximumRedirects = Redirects.defaultLimit
    var reactorCount = 1
    var maximumStreamsPerConnection = 1
    var maximumResponseBytesInFlight: Int?
    var tls = TLSOptions()
    /// The engine's first HTTP/2 stream id on each connection (internal to it).
    var firstStreamID: Int32 = 1

    #if COURIER_CURL
    /// The curl transport's configuration.
    var curl: CurlConfiguration {
        let version: CurlConfiguration.HTTPVersion =
            switch httpVersion {
            case .http1_1: .http1_1
            case .http2: .http2
            case .http2PriorKnowledge: .http2PriorKnowledge
            }
        return CurlConfiguration(
            maximumConnectionsPerHost: maximumConnectionsPerHost, maximumConnections: maximumConnections, connectTimeout: connectTimeout,
            timeout: timeout, httpVersion: version, automaticDecompression: automaticDecompression, maximumRedirects: maximumRedirects,
            reactorCount: reactorCount, maximumStreamsPerConnection: maximumStreamsPerConnection,
            maximumResponseBytesInFlight: maximumResponseBytesInFlight, tls: tls)
    }
    #endif

    /// The engine's configuration: its caps, HTTP version and streams, time limits, redirects,
    /// budget and TLS, one loop per reactor.
    var engine: EngineConfiguration {
        let version: EngineConfiguration.HTTPVersion =
            switch httpVersion {
            case .http1_1: .http1_1
            case .http2: .http2
            case .http2PriorKnowledge: .http2PriorKnowledge
            }
        var configuration = EngineConfiguration(
            loopCount: reactorCount, maximumConnectionsPerHost: maximumConnectionsPerHost, maximumConnections: maximumConnections,
            httpVersion: version, maximumStreamsPerConnection: maximumStreamsPerConnection, connectTimeout: connectTimeout,
            timeout: timeout, automaticDecompression: automaticDecompression,
            maximumRedirects: maximumRedirects, maximumResponseBytesInFlight: maximumResponseBytesInFlight, tls: tls)
        configuration.firstStreamID = firstStreamID
        return configuration
    }
}

/// What `transport`'s requests did to connections, for the transports that count them.
func connectionCounts(of transport: any Transport) -> ConnectionCounts? {
    #if COURIER_CURL
    if let curl = transport as? CurlTransport { return curl.connectionCounts() }
    #endif
    return (transport as? EngineTransport)?.connectionCounts()
}

/// The TLS options `transport` was made with, for the transports that take them.
func tlsOptions(of transport: any Transport) -> TLSOptions? {
    #if COURIER_CURL
    if let curl = transport as? CurlTransport { return curl.configuration.tls }
    #endif
    return (transport as? EngineTransport)?.configuration.tls
}

/// Runs `body` with a fresh transport of `kind`, shutting it down afterwards.
func withTransport<T>(
    _ kind: TransportKind,
    _ configuration: StackConfiguration = StackConfiguration(),
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

extension Data {
    var text: String { String(decoding: self, as: UTF8.self) }
}
#endif
