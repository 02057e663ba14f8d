import BenchmarkEngine
import Courier
import CourierFixtureServer
import Foundation
import Testing
@testable import bench

/// `bench load --transport` and `--reactors`, and the curl transport's requests ending in the same
/// error classes as URLSession's.
/// Serialized: every test starts a server, and all at once they would starve the other suites
/// (and their time bounds) on a two-core machine.
@Suite(.serialized, .timeLimit(.minutes(1))) struct TransportOptionTests {
    @Test func urlSessionIsTheDefault() throws {
        guard case .load(let options) = try BenchCommand.parse(["load", "--url", "http://127.0.0.1:1/x"]) else {
            Issue.record("expected load")
            return
        }
        #expect(options.transport == .urlsession)
    }

    @Test(arguments: [
        (["load", "--url", "http://x", "--transport", "quic"], "invalid value 'quic' for '--transport' (expected \(TransportChoice.available.map(\.rawValue).joined(separator: " or ")))"),
        (["load", "--url", "http://x", "--reactors", "0"], "invalid value '0' for '--reactors' (expected an integer from 1 to 16)"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try BenchCommand.parse(arguments) }
        do {
            _ = try BenchCommand.parse(arguments)
        } catch {
            #expect(error.message == message)
        }
    }

    #if COURIER_CURL
    @Test func curlAndItsReactorsParse() throws {
        guard case .load(let options) = try BenchCommand.parse(["load", "--url", "http://x/y", "--transport", "curl", "--reactors", "3"]) else {
            Issue.record("expected load")
            return
        }
        #expect(options.transport == .curl && options.reactors == 3)
    }

    @Test func aCurlLoadRunWritesAReconciledReportUnderItsOwnName() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-load-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await BenchApp.main(arguments: [
            "load", "--url", server.url("/movies/1").absoluteString, "--transport", "curl", "--requests", "500",
            "--concurrency", "8", "--decode", "tinyObject", "--out", directory.path,
        ])
        #expect(status == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.first?.name == "load/url/curl")
        #expect(report.scenarios.first?.outcomes == .init(sent: 500, succeeded: 500, errors: [:]))
    }

    /// The classes of ErrorClassTests' table, now through the curl transport.
    @Test(arguments: [
        ("/faults/reset", [:], "connectionLost"),
        ("/faults/truncated", [:], "connectionLost"),
        ("/faults/garbage", [:], "transport(-1002)"),
        ("/faults/503", [:], "badStatus(503)"),
        ("/movies/1", ["delay": "5000"], "timeout"),
    ] as [(String, [String: String], String)])
    func faultsThroughCurlEndInURLSessionsClasses(path: String, query: [String: String], expected: String) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let transport = try TransportChoice.curl.make(connections: 2, timeoutSeconds: query["delay"] == nil ? 5 : 0.5)
        let client = APIClient(baseURL: server.baseURL, transport: transport.transport)
        let result = await outcome { try await client.send(FixturePath(path: path, query: query)) }
        await transport.shutDown()
        #expect(result == .failure(expected))
    }

    @Test func nothingListeningIsConnectionRefusedThroughCurl() async throws {
        let refusing = try RefusingEndpoint()
        let transport = try TransportChoice.curl.make(connections: 2, timeoutSeconds: 5)
        let client = APIClient(baseURL: refusing.url, transport: transport.transport)
        let result = await outcome { try await client.send(FixturePath(path: "/movies/1")) }
        await transport.shutDown()
        withExtendedLifetime(refusing) {}
        #expect(result == .failure("connectionRefused"))
    }
    #endif
}
