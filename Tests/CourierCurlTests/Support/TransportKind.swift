#if COURIER_CURL
import Courier
import CourierCurl
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The two real transports. Tests that talk to a real server run against both, so that the curl
/// transport is held to what URLSession does.
enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession, curl

    var testDescription: String { rawValue }

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
        }
    }
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

extension Data {
    var text: String { String(decoding: self, as: UTF8.self) }
}
#endif
