import BenchmarkEngine
import Courier
import CourierFixtureServer
import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import CourierBench

#if os(Linux)
import CourierBenchEngine
import CourierEngine
#endif
#if COURIER_CURL
import CourierBenchCurl
#endif

/// `bench load --transport` and `--reactors`, and the curl transport's requests ending in the same
/// error classes as URLSession's.
/// Serialized: every test starts a server, and all at once they would starve the other suites
/// (and their time bounds) on a two-core machine.
@Suite(.serialized, .timeLimit(.minutes(1))) struct TransportOptionTests {
    @Test func urlSessionIsTheDefault() throws {
        let command = try testSuite.command(["load", "--url", "http://127.0.0.1:1/x"], as: LoadCommand.self)
        #expect(command?.options.request.transport == .urlSession)
    }

    @Test(arguments: [
        (["load", "--url", "http://x", "--transport", "quic"], "invalid value 'quic' for '--transport' (expected urlsession)"),
        (["load", "--url", "http://x", "--transport", "curl"], "invalid value 'curl' for '--transport' (expected urlsession)"),
        (["load", "--url", "http://x", "--reactors", "0"], "invalid value '0' for '--reactors' (expected an integer from 1 to 16)"),
        (["load", "--url", "http://x", "--http", "3"], "invalid value '3' for '--http' (expected 1.1 or 2 or 2-prior-knowledge)"),
        (
            ["load", "--url", "http://x", "--connections", "0"],
            "invalid value '0' for '--connections' (expected an integer from 1 to 4096)"
        ),
        (
            ["load", "--url", "http://x", "--concurrency", "8", "--connections", "9"],
            "'--connections 9' is more than the 8 requests in flight ('--concurrency')"
        ),
        (["load", "--url", "https://x", "--key", "/tmp/k.pem"], "'--key' needs '--cert <file>' (the certificate the key belongs to)"),
        (["load", "--url", "https://x", "--tls-min", "1.4"], "invalid value '1.4' for '--tls-min' (expected 1.0 or 1.1 or 1.2 or 1.3)"),
        (
            ["load", "--url", "https://x", "--tls-min", "1.3", "--tls-max", "1.2"],
            "'--tls-max 1.2' is below '--tls-min 1.3': no TLS version is left"
        ),
        (
            ["load", "--url", "https://x", "--max-body", "2MiB", "--max-body-total", "1MiB"],
            "'--max-body-total' (1048576 bytes) is below '--max-body' (2097152 bytes)"
        ),
        (
            ["capacity", "--url", "http://x", "--slo", "p99<=1s", "--concurrency", "2", "--connections", "3"],
            "'--connections 3' is more than the 2 requests in flight ('--concurrency')"
        ),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try testSuite.parse(arguments) }
        do {
            _ = try testSuite.parse(arguments)
        } catch {
            #expect(error.message == message)
        }
    }

    /// What URLSession cannot do is refused before a request is sent, as a usage error.
    @Test(arguments: [
        (["--http", "2"], "URLSession chooses the HTTP version itself and cannot be asked for one ('--http'); use '--transport curl'"),
        (
            ["--connections", "2"],
            "URLSession cannot queue more requests than it has connections ('--connections' below '--concurrency'); use '--transport curl'"
        ),
        (
            ["--cacert", "/tmp/ca.pem", "--insecure"],
            "URLSession here cannot be given a CA bundle, a client certificate, host pins, insecure TLS or TLS versions ('--cacert'); use '--transport curl'"
        ),
        (
            ["--tls-min", "1.0"],
            "URLSession here cannot be given a CA bundle, a client certificate, host pins, insecure TLS or TLS versions ('--tls-min'); use '--transport curl'"
        ),
        (
            ["--resolve", "api.example.test:443:127.0.0.1"],
            "URLSession here cannot be given a CA bundle, a client certificate, host pins, insecure TLS or TLS versions ('--resolve'); use '--transport curl'"
        ),
    ])
    func whatURLSessionCannotDoIsAUsageError(arguments: [String], message: String) throws {
        let command = try #require(
            try testSuite.command(["load", "--url", "http://127.0.0.1:1/x", "--concurrency", "4"] + arguments, as: LoadCommand.self))
        let error = #expect(throws: UsageError.self) {
            try RequestTarget.open(command.options.request, concurrency: 4, usage: "usage")
        }
        #expect(error?.message == message)
    }

    #if os(Linux)
    /// The engine takes `--http` as h2load takes `-c` and `-m`: the HTTP version asked for, and the
    /// requests in flight shared among the connections as streams, with no more loops than
    /// connections.
    @Test(arguments: [("2", EngineConfiguration.HTTPVersion.http2), ("2-prior-knowledge", .http2PriorKnowledge), ("1.1", .http1_1)])
    func theEngineTakesTheHTTPVersionAndStreams(option: String, version: EngineConfiguration.HTTPVersion) async throws {
        let suite = BenchSuite(tool: "bench", scenarios: [], models: testSuite.models, transports: [.engine])
        let command = try #require(
            try suite.command(
                [
                    "load", "--url", "http://127.0.0.1:1/x", "--transport", "engine", "--http", option, "--connections", "1",
                    "--concurrency", "16",
                ],
                as: LoadCommand.self))
        guard EngineTransport.speaksHTTP2 || version == .http1_1 else {
            #expect(throws: UsageError.self) { try RequestTarget.open(command.options.request, concurrency: 16, usage: "usage") }
            return
        }
        let target = try RequestTarget.open(command.options.request, concurrency: 16, usage: "usage")
        let engine = try #require(target.transport.transport as? EngineTransport)
        #expect(engine.configuration.httpVersion == version && engine.configuration.maximumStreamsPerConnection == 16)
        #expect(engine.configuration.loopCount == 1 && engine.executors.count == 1)
        await target.transport.shutDown()
    }
    #endif

    /// `--url` is sent as it is, request after request: its query once, in its own order (the
    /// client once gave an absolute URL the base URL's query a second time).
    @Test func theURLIsSentAsItIsGiven() async throws {
        let sent = Mutex<[String]>([])
        let recording = TransportKind(name: "recording", summary: "in memory, recording each URL") { _ in
            OpenTransport(
                InMemoryTransport { request in
                    sent.withLock { $0.append(request.url) }
                    return (HTTPResponse(statusCode: 200), Data())
                }, shutDown: {})
        }
        let suite = BenchSuite(tool: "bench", scenarios: [], models: testSuite.models, transports: [recording])
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("url-as-given-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let url = "http://127.0.0.1:1/movies?sort=new&page=2#top"
        let status = await suite.status(
            ["load", "--url", url, "--transport", "recording", "--concurrency", "1", "--requests", "3", "--out", out.path])
        #expect(status == 0)
        #expect(sent.withLock { $0 } == Array(repeating: url, count: 3))
    }

    #if COURIER_CURL
    /// The test suite with the curl transport added, as a bench that imports CourierBenchCurl has it.
    private let curlSuite = BenchSuite(tool: "bench", scenarios: [], models: testSuite.models, transports: [.curl])

    @Test func curlAndItsReactorsParse() throws {
        let command = try curlSuite.command(
            ["load", "--url", "http://x/y", "--transport", "curl", "--reactors", "3"], as: LoadCommand.self)
        #expect(command?.options.request.transport == .curl && command?.options.request.reactors == 3)
        #expect(LoadCommand.help(in: curlSuite).contains("curl (libcurl's multi interface"))
    }

    @Test func aCurlLoadRunWritesAReconciledReportUnderItsOwnName() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-load")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await curlSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--transport", "curl", "--requests", "500",
            "--concurrency", "8", "--decode", "tinyObject", "--out", directory.path,
        ])
        #expect(status == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.first?.name == "load/url/curl")
        #expect(report.scenarios.first?.outcomes == .init(sent: 500, succeeded: 500, errors: [:]))
        #expect(report.load?.insecure == nil)
    }

    @Test func trustOptionsReachTheCurlTransportAndItsRefusalsAreUsageErrors() throws {
        let arguments = [
            "load", "--url", "https://api.example.test:8443/x", "--transport", "curl", "--cacert", "/nonexistent/ca.pem", "--insecure",
            "--cert", "/tmp/c.pem", "--resolve", "api.example.test:8443:127.0.0.1", "--resolve", "b:1:::1",
        ]
        let command = try #require(try curlSuite.command(arguments, as: LoadCommand.self))
        let trust = command.options.request.trust
        #expect(
            trust.certificateAuthorities == "/nonexistent/ca.pem" && trust.allowsInsecureConnections
                && trust.clientCertificate == "/tmp/c.pem")
        #expect(trust.resolvedHosts == ["api.example.test:8443:127.0.0.1", "b:1:::1"] && trust.privateKey == nil)
        let error = #expect(throws: UsageError.self) { try RequestTarget.open(command.options.request, concurrency: 1, usage: "usage") }
        #expect(error?.message == "cannot read the CA bundle '/nonexistent/ca.pem'")
    }

    /// TLS versions RFC 8996 forbids, allowed on purpose: recorded in the load plan, said under the
    /// summary and on the page.
    @Test func aRunThatAllowsOldTLSSaysSoInEveryReport() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-load")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await curlSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--transport", "curl", "--requests", "20", "--tls-min", "1.0",
            "--tls-max", "1.2", "--out", directory.path,
        ])
        #expect(status == 0)
        let latest = directory.appendingPathComponent("latest")
        let report = try JSONReportWriter.read(Data(contentsOf: latest.appendingPathComponent("report.json")))
        #expect(report.load?.tlsVersions == "1.0-1.2")
        let summary = try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(
            summary.contains(
                "TLS versions: 1.0-1.2 were allowed (--tls-min, --tls-max), not the default 1.2 and up, versions RFC 8996 forbids."))
        let page = try String(contentsOf: latest.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("versions 1.0-1.2 (--tls-min, --tls-max); certificates checked"))
    }

    /// Eight workers over two kept-alive connections: the report says so in every format, and
    /// records the cap, the version asked for and that certificates went unchecked.
    @Test func aCurlRunCountsItsConnectionsInEveryReport() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-load")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await curlSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--transport", "curl", "--requests", "400", "--concurrency", "8",
            "--connections", "2", "--http", "1.1", "--reactors", "1", "--insecure", "--out", directory.path,
        ])
        #expect(status == 0)
        let latest = directory.appendingPathComponent("latest")
        let report = try JSONReportWriter.read(Data(contentsOf: latest.appendingPathComponent("report.json")))
        let connections = try #require(report.scenarios.first?.connections)
        #expect(connections.requests == 400 && connections.tlsHandshakes == 0 && connections.responsesByHTTPVersion == ["1.1": 400])
        #expect((1...2).contains(connections.opened), "\(connections)")
        #expect(report.load?.connections == 2 && report.load?.http == "1.1" && report.load?.insecure == true)
        let summary = try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("Connections of load/url/curl: \(connections.opened) connection"))
        #expect(summary.contains("Insecure: the servers' TLS certificates and names were not checked (--insecure)."))
        #expect(report.load?.tlsVersions == nil && !summary.contains("TLS versions:"), "the default range is not called out")
        let page = try String(contentsOf: latest.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("versions 1.2 and up; certificates not checked (--insecure)"))
        let csv = try String(contentsOf: latest.appendingPathComponent("report.csv"), encoding: .utf8).split(separator: "\n")
        #expect(
            csv[0].contains("connections_opened,tls_handshakes,http_versions,tls_sessions_resumed,dns_p50_ns,dns_p99_ns,connect_p50_ns"))
        #expect(
            csv[0].hasSuffix(
                "transfer_p50_ns,transfer_p99_ns,most_streams_per_connection,goaways,stream_resets,status,failure_cause,failure_reason,failure_log"
            ))
        #expect(csv[1].contains(",\(connections.opened),0,1.1:400,0,"))
        let html = try String(contentsOf: latest.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("TLS handshakes") && html.contains("HTTP/1.1") && html.contains("time to first byte"))

        // Cleartext: each connection resolved and connected, none shook hands, and every request
        // waited for its first byte.
        let phases = try #require(connections.phases)
        #expect(
            phases.connect?.summary.count == UInt64(connections.opened) && phases.nameLookup?.summary.count == UInt64(connections.opened))
        #expect(phases.tlsHandshake == nil && connections.tlsSessionsResumed == 0)
        #expect(phases.timeToFirstByte?.summary.count == 400 && phases.transfer?.summary.count == 400)
        #expect(summary.contains("Phases of load/url/curl (p50, p99, requests): DNS "))
        #expect(summary.contains("; time to first byte ") && summary.contains(" (400); transfer "))
        let log = try String(contentsOf: latest.appendingPathComponent("latency.hlog"), encoding: .utf8)
        #expect(log.contains("Tag=phase-ttfb,0.000,") && !log.contains("Tag=phase-tls,"))
    }

    /// The classes of ErrorClassTests' table, now through the curl transport.
    @Test(
        arguments: [
            ("/faults/reset", [:], "connectionLost"),
            ("/faults/truncated", [:], "connectionLost"),
            ("/faults/garbage", [:], "transport(-1002)"),
            ("/faults/503", [:], "badStatus(503)"),
            ("/movies/1", ["delay": "5000"], "timeout"),
        ] as [(String, [String: String], String)])
    func faultsThroughCurlEndInURLSessionsClasses(path: String, query: [String: String], expected: String) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let transport = try TransportKind.curl.make(
            TransportSettings(connections: 2, timeout: query["delay"] == nil ? .seconds(5) : .milliseconds(500)))
        let client = APIClient(baseURL: server.baseURL, transport: transport.transport)
        let result = await outcome { try await client.send(FixturePath(path: path, query: query)) }
        await transport.shutDown()
        #expect(result == .failure(expected))
    }

    @Test func nothingListeningIsConnectionRefusedThroughCurl() async throws {
        let refusing = try RefusingEndpoint()
        let transport = try TransportKind.curl.make(TransportSettings(connections: 2, timeout: .seconds(5)))
        let client = APIClient(baseURL: refusing.url, transport: transport.transport)
        let result = await outcome { try await client.send(FixturePath(path: "/movies/1")) }
        await transport.shutDown()
        withExtendedLifetime(refusing) {}
        #expect(result == .failure("connectionRefused"))
    }
    #endif
}
