#if os(Linux)
import Courier
#if COURIER_CURL
import CourierCurl
#endif
import CourierFixtureServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// What a misbehaving fixture server still delivers whole, through both transports; how each
/// failure ends is `FaultMatrixTests`' subject.
/// Serialized: every test starts a server, and all at once they would starve the other suites
/// (and their time bounds) on a two-core machine.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct FixtureFaultTests {
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

    /// Cancelling the caller while the server is still silent ends the call as cancelled.
    @Test(arguments: TransportKind.allCases)
    func cancellingASlowCallEndsItAsCancelled(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind) { server, transport in
            let client = APIClient(baseURL: server.baseURL, transport: transport)
            #expect(try await !client.send(RawPath(path: "movies/1")).isEmpty)
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
    _ configuration: StackConfiguration = StackConfiguration(timeout: .seconds(10)),
    _ body: (FixtureServer, any Transport) async throws -> Void
) async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    try await withTransport(kind, configuration) { transport in
        try await body(server, transport)
    }
}
#endif
