#if COURIER_CURL
import Courier
import CourierCurl
import CourierFixtureServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Every failure the fixture server can play, through `APIClient` over both transports: each call
/// ends within a bound, as the same `APIError` kind with the same `URLError` code on both.
///
/// Serialized: every case starts a server, and all at once they would starve the other suites (and
/// their time bounds) on a two-core machine.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct FaultMatrixTests {
    /// The transports' own request timeout: what ends a stalled or trickling server.
    static let requestTimeout = Duration.seconds(1)
    /// The outer bound on each call, far beyond the request timeout: a call still running then hangs.
    static let bound = Duration.seconds(20)

    @Test(arguments: TransportKind.allCases, Fault.all)
    func everyFaultEndsPromptlyAsItsKind(_ kind: TransportKind, _ fault: Fault) async throws {
        try await fault.place.withBaseURL { base in
            try await withTransport(kind, CurlConfiguration(timeout: Self.requestTimeout)) { transport in
                let client = APIClient(baseURL: base, transport: transport)
                let path = fault.path
                let error = try await withTimeLimit(Self.bound) { () async -> APIError? in
                    do throws(APIError) {
                        _ = try await client.send(MovieAt(path: path))
                        return nil
                    } catch {
                        return error
                    }
                }
                let failure = try #require(error, "\(fault) succeeded")
                fault.expected.check(failure, fault: fault, kind: kind)
            }
        }
    }

    /// One way a server fails, and what the client must make of it.
    struct Fault: CustomTestStringConvertible, Sendable {
        let name: String
        let place: Place
        let path: String
        let expected: Outcome

        var testDescription: String { name }

        static let all: [Fault] = [
            Fault(name: "refused", place: .refusing, path: "movies/1", expected: .transport(.cannotConnectToHost)),
            Fault(
                name: "reset before the request is read", place: .server(.reset), path: "movies/1",
                expected: .transport(.networkConnectionLost)),
            Fault(
                name: "reset after the request is read", place: .server(.serve), path: "faults/reset",
                expected: .transport(.networkConnectionLost)),
            Fault(
                name: "closed without a response", place: .server(.serve), path: "faults/close", expected: .transport(.badServerResponse)),
            Fault(name: "truncated body", place: .server(.serve), path: "faults/truncated", expected: .transport(.networkConnectionLost)),
            Fault(name: "garbage status line", place: .server(.serve), path: "faults/garbage", expected: .transport(.unsupportedURL)),
            Fault(name: "slow headers", place: .server(.serve), path: "faults/slow-headers", expected: .transport(.timedOut)),
            Fault(name: "slow response", place: .server(.serve), path: "faults/slow", expected: .transport(.timedOut)),
            Fault(name: "dripping body", place: .server(.serve), path: "drip", expected: .transport(.timedOut)),
            Fault(name: "whole server stalled", place: .server(.stall), path: "movies/1", expected: .transport(.timedOut)),
            Fault(
                name: "401 Basic", place: .server(.serve), path: "faults/401", expected: .unauthorized([#"Basic realm="courier-fixtures""#])
            ),
            Fault(
                name: "401 Bearer", place: .server(.serve), path: "faults/401/bearer",
                expected: .unauthorized([#"Bearer realm="courier-fixtures", error="invalid_token""#])),
            Fault(
                name: "401 Digest", place: .server(.serve), path: "faults/401/digest",
                expected: .unauthorized([
                    #"Digest realm="courier-fixtures", qop="auth", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41""#
                ])),
            Fault(
                name: "401 Basic and Bearer", place: .server(.serve), path: "faults/401/basic-bearer",
                expected: .unauthorized([
                    #"Basic realm="courier-fixtures""#, #"Bearer realm="courier-fixtures""#,
                ])),
            Fault(name: "503 with Retry-After", place: .server(.serve), path: "faults/503", expected: .retryLater(status: 503, after: "1")),
            Fault(
                name: "huge body that is not JSON", place: .server(.serve), path: "faults/huge", expected: .decoding(bodyBytes: 16 << 20)),
        ]
    }

    /// Where a fault is played.
    enum Place: Sendable {
        /// A port that refuses every connection.
        case refusing
        /// A fixture server that handles its connections this way, with the standard routes and
        /// `/drip`: one byte every 3 s, so that a byte never races the 1 s request timeout (which
        /// URLSession counts from the last byte, curl from the start).
        case server(FixtureServer.Configuration.Acceptance)

        /// Runs `body` with the base URL of a fresh place of this kind, released afterwards.
        func withBaseURL(_ body: (URL) async throws -> Void) async throws {
            switch self {
            case .refusing:
                let endpoint = try RefusingEndpoint()
                try await body(endpoint.url)
                withExtendedLifetime(endpoint) {}
            case .server(let acceptance):
                var routes = FixtureServer.standardRoutes
                routes["/drip"] = FixtureRoute.payload(.tinyObject).with(fault: .slowDrip(chunkBytes: 1, interval: .seconds(3)))
                var configuration = FixtureServer.Configuration(routes: routes)
                configuration.acceptance = acceptance
                let server = try FixtureServer.start(configuration)
                defer { server.stop() }
                try await body(server.baseURL)
            }
        }
    }

    /// What the call must end as.
    enum Outcome: Sendable {
        /// No HTTP answer: `.transport`, with this `URLError` code.
        case transport(URLError.Code)
        /// `badStatus(401)` with these challenges and the server's JSON explanation.
        case unauthorized([String])
        /// `badStatus(status)` with its `Retry-After` and body.
        case retryLater(status: Int, after: String)
        /// A 2xx whose body did not decode, kept whole.
        case decoding(bodyBytes: Int)

        func check(_ error: APIError, fault: Fault, kind: TransportKind) {
            switch self {
            case .transport(var code):
                // libcurl (under URLSession too) calls a reply that is not HTTP an unsupported
                // protocol; the engine's parser calls it what it is, a bad server response.
                if kind == .engine, code == .unsupportedURL { code = .badServerResponse }
                #expect(error.kind == .transport, "\(fault)")
                #expect(error.urlErrorCode == code, "\(fault): \(error.debugDescription)")
            case .unauthorized(let challenges):
                #expect(error.kind == .badStatus(401), "\(fault): \(error.debugDescription)")
                #expect(error.response?.headers.values(for: "WWW-Authenticate") == challenges, "\(fault)")
                let body = error.responseBody.map { String(decoding: $0, as: UTF8.self) }
                #expect(body == #"{"error":"unauthorized","detail":"the credentials are missing or expired"}"#, "\(fault)")
            case .retryLater(let status, let after):
                #expect(error.kind == .badStatus(status), "\(fault): \(error.debugDescription)")
                #expect(error.response?.headers["Retry-After"] == after, "\(fault)")
                #expect(error.responseBody.map { String(decoding: $0, as: UTF8.self) } == #"{"error":"retry later"}"#, "\(fault)")
            case .decoding(let bytes):
                #expect(error.kind == .decoding, "\(fault): \(error.debugDescription)")
                #expect(error.responseBody?.count == bytes, "\(fault)")
            }
        }
    }
}

/// A movie at a path of the fixture server: decodes the server's movie, and fails on anything else.
private struct MovieAt: Endpoint {
    struct Movie: Decodable {
        let id: Int
        let title: String
    }

    typealias Response = Movie
    let path: String
}
#endif
