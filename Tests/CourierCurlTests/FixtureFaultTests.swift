import Courier
import CourierCurl
import CourierFixtureServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Every fault the fixture server can play, through both transports: the same outcome, or the
/// documented difference.
/// Serialized: every test starts a server, and all at once they would starve the other suites
/// (and their time bounds) on a two-core machine.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct FixtureFaultTests {
    /// libcurl reports a body cut short as "partial file". Linux's URLSession passes that on as
    /// `.unknown` with curl's message ("transfer closed with … remaining"); the curl transport says
    /// what it is, `.networkConnectionLost`, the code a reset gets.
    @Test(arguments: TransportKind.allCases)
    func aTruncatedBodyIsALostConnection(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind) { server, transport in
            let code = await transport.failure(server.url("/faults/truncated").absoluteString)
            switch kind {
            case .curl: #expect(code == .networkConnectionLost)
            case .urlSession: #expect(code == .networkConnectionLost || code == .unknown)
            }
        }
    }

    /// A reset is a lost connection. libcurl refuses a reply without a status line as HTTP/0.9,
    /// which URLSession reports as `.unsupportedURL`; the curl transport keeps that code.
    @Test(arguments: TransportKind.allCases, [("/faults/reset", URLError.Code.networkConnectionLost), ("/faults/garbage", .unsupportedURL)])
    func brokenRepliesFailAsURLSessionFailsThem(_ kind: TransportKind, _ fault: (path: String, code: URLError.Code)) async throws {
        try await withFixtureServer(kind) { server, transport in
            #expect(await transport.failure(server.url(fault.path).absoluteString) == fault.code)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func refusedIsCannotConnectToHost(_ kind: TransportKind) async throws {
        let refusing = try RefusingEndpoint()
        let url = refusing.url.appendingPathComponent("movies/1").absoluteString
        try await withTransport(kind) { transport in
            #expect(await transport.failure(url) == .cannotConnectToHost)
        }
        withExtendedLifetime(refusing) {}
    }

    @Test(arguments: TransportKind.allCases)
    func aSlowServerTimesOut(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind, CurlConfiguration(timeout: .milliseconds(300))) { server, transport in
            #expect(await transport.failure(server.url("/movies/1?delay=5000").absoluteString) == .timedOut)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aSlowDripArrivesWhole(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind) { server, transport in
            let (dripped, _) = try await transport.fetch(server.url("/faults/drip").absoluteString)
            let (whole, expected) = try await transport.fetch(server.url("/movies/1").absoluteString)
            #expect(dripped.statusCode == whole.statusCode)
            let (_, body) = try await transport.fetch(server.url("/faults/drip").absoluteString)
            #expect(body == expected)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aHugeBodyArrivesWhole(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind) { server, transport in
            let (response, body) = try await transport.fetch(server.url("/faults/huge").absoluteString)
            #expect(response.statusCode == 200)
            #expect(body.count == 16 << 20)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func throttlingAndChallengesAreResponsesWithTheirHeaders(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind) { server, transport in
            for status in [429, 503] {
                let (response, _) = try await transport.fetch(server.url("/faults/\(status)").absoluteString)
                #expect(response.statusCode == status)
                #expect(response.headers["Retry-After"] == "1")
            }
            let (challenge, _) = try await transport.fetch(server.url("/faults/401").absoluteString)
            #expect(challenge.statusCode == 401)
            #expect(challenge.headers["WWW-Authenticate"]?.hasPrefix("Basic") == true)
        }
    }

    /// Through the client: the error classes callers switch on are the same over both transports.
    @Test(arguments: TransportKind.allCases)
    func theClientSeesTheSameErrorKinds(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind) { server, transport in
            let client = APIClient(baseURL: server.baseURL, transport: transport)
            let movie = try await client.send(RawPath(path: "movies/1"))
            #expect(!movie.isEmpty)
            await #expect(throws: APIError.badStatus(503)) { try await client.send(RawPath(path: "faults/503")) }
            await #expect(throws: APIError.transport) { try await client.send(RawPath(path: "faults/reset")) }
            let call = Task { try await client.send(RawPath(path: "faults/slow")) }
            try await Task.sleep(for: .milliseconds(100))
            call.cancel()
            await #expect(throws: APIError.cancelled) { try await call.value }
        }
    }
}

/// A path on the fixture server, its body kept as bytes.
struct RawPath: Endpoint {
    typealias Response = Data
    let path: String
}

/// Runs `body` with a fresh fixture server and a fresh transport of `kind`, stopping both after.
func withFixtureServer(
    _ kind: TransportKind,
    _ configuration: CurlConfiguration = CurlConfiguration(timeout: .seconds(10)),
    _ body: (FixtureServer, any Transport) async throws -> Void
) async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    try await withTransport(kind, configuration) { transport in
        try await body(server, transport)
    }
}
