#if COURIER_OPENSSL && COURIER_CURL
import BenchmarkEngine
import CourierBench
import CourierFixtureServer
import Foundation
import Testing

@testable import bench

/// One way a TLS or HTTP/2 server misbehaves, and the classes `bench load` must count its requests in.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let name: String
    let behaviour: HostileBehaviour
    var tls = HostileServer.TLS.modern
    /// Options beyond the common ones: `--tls-min`, say.
    var options: [String] = []
    /// The classes requests may end in (`success` among them for a case that must succeed); the
    /// first is the one at least one request must end in.
    let expected: [String]
    /// The classes through Courier's own engine where they differ from libcurl's.
    var engineExpected: [String]? = nil

    var testDescription: String { name }

    /// HTTP/2 cases run as issue 45 tried them: one connection, eight streams in flight.
    var isHTTP2: Bool {
        switch behaviour {
        case .http1OK, .http1CloseDelimited: false
        default: true
        }
    }

    static let all: [HostileCase] = [
        HostileCase(name: "HTTP/1.1 over TLS 1.2+ (the control)", behaviour: .http1OK, expected: ["success"]),
        HostileCase(name: "TLS 1.0 only, static RSA", behaviour: .http1OK, tls: .legacy10StaticRSA, expected: ["tls(protocolMismatch)"]),
        HostileCase(name: "TLS 1.0 only, ECDHE", behaviour: .http1OK, tls: .legacy10ECDHE, expected: ["tls(protocolMismatch)"]),
        HostileCase(name: "TLS 1.1 only", behaviour: .http1OK, tls: .legacy11, expected: ["tls(protocolMismatch)"]),
        HostileCase(
            name: "TLS 1.0 allowed on purpose", behaviour: .http1OK, tls: .legacy10StaticRSA, options: ["--tls-min", "1.0"],
            expected: ["success"]),
        HostileCase(
            name: "TLS 1.0 allowed, ECDHE signed with SHA-1", behaviour: .http1OK, tls: .legacy10ECDHE, options: ["--tls-min", "1.0"],
            expected: ["tls(protocolMismatch)"]),
        HostileCase(
            name: "a close-delimited body with close_notify", behaviour: .http1CloseDelimited(bodyBytes: 4096, closeNotify: true),
            expected: ["success"]),
        HostileCase(
            name: "a close-delimited body cut without close_notify", behaviour: .http1CloseDelimited(bodyBytes: 4096, closeNotify: false),
            expected: ["truncated"]),
        HostileCase(name: "HTTP/2 (the control)", behaviour: .h2OK, expected: ["success"]),
        HostileCase(name: "GOAWAY after every 10 requests", behaviour: .h2GoAwayAfter(requests: 10), expected: ["success"]),
        HostileCase(
            name: "RST_STREAM(INTERNAL_ERROR) mid-body", behaviour: .h2ResetMidBody(.internalError),
            expected: ["http2Stream(INTERNAL_ERROR)"]
        ),
        HostileCase(name: ":status abc", behaviour: .h2Status("abc"), expected: ["http2Stream(PROTOCOL_ERROR)"]),
        HostileCase(name: ":status 99", behaviour: .h2Status("99"), expected: ["http2Stream(PROTOCOL_ERROR)"]),
        HostileCase(name: "no :status", behaviour: .h2Status(nil), expected: ["http2Stream(PROTOCOL_ERROR)"]),
        HostileCase(name: "an upper-case field name", behaviour: .h2UpperCaseFieldName, expected: ["http2Stream(PROTOCOL_ERROR)"]),
        HostileCase(name: "a connection: field", behaviour: .h2ConnectionSpecificField, expected: ["http2Stream(PROTOCOL_ERROR)"]),
        HostileCase(
            name: "a content-length the DATA disagrees with", behaviour: .h2ContentLengthMismatch, expected: ["http2Stream(PROTOCOL_ERROR)"]
        ),
        // libcurl sends a refused stream again on a new connection, five times at most, closing the
        // old one each time: a request refused every time is counted as refused, never as lost.
        HostileCase(
            name: "REFUSED_STREAM beyond one stream, 100 advertised", behaviour: .h2RefuseBeyond(concurrentStreams: 1, advertised: false),
            expected: ["success", "http2Stream(REFUSED_STREAM)"],
            // The engine sends a refused stream again once and carries fewer streams from then on.
            engineExpected: ["success"]),
        HostileCase(
            name: "REFUSED_STREAM beyond the one stream advertised", behaviour: .h2RefuseBeyond(concurrentStreams: 1, advertised: true),
            expected: ["success", "http2Stream(REFUSED_STREAM)"]),
        // The client tears the connection down (nghttp2 answers with GOAWAY); libcurl tries each
        // request on five more connections, then gives up: one class for the one cause.
        HostileCase(name: "a WINDOW_UPDATE that overflows the window", behaviour: .h2WindowUpdateOverflow, expected: ["connectionLost"]),
        HostileCase(name: "a PUSH_PROMISE with push disabled", behaviour: .h2PushPromise, expected: ["connectionLost"]),
        HostileCase(name: "no SETTINGS before the answer", behaviour: .h2NoSettings, expected: ["connectionLost"]),
        HostileCase(name: "a WINDOW_UPDATE of 0", behaviour: .h2ZeroWindowUpdate, expected: ["connectionLost"]),
        HostileCase(name: "a header list of 200 KB", behaviour: .h2HugeHeaderList(bytes: 200_000), expected: ["responseTooLarge"]),
        HostileCase(
            name: "CONTINUATION frames without end", behaviour: .h2EndlessContinuation, expected: ["responseTooLarge"],
            // The block cannot be left half read: the engine ends the connection, and the streams
            // waiting behind the block lose it.
            engineExpected: ["responseTooLarge", "connectionLost"]),
    ]
}

/// Issue 45's matrix: a hostile TLS and HTTP/2 server of our own (the fixture server's
/// `HostileServer`, with a CA made in the test) through `bench load --transport curl`. Each run is
/// an open loop of 20 requests over half a second; it must end within its duration, timeout and
/// grace, count every request in its case's classes, and reconcile.
///
/// Serialized, so that the runs' time bounds measure the bench and not each other.
@Suite(.serialized, .timeLimit(.minutes(5))) struct HostileTLSMatrixTests {
    @Test(arguments: HostileCase.all)
    func eachCaseEndsOnTimeInItsClassAndReconciles(hostile: HostileCase) async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(hostile.behaviour, tls: hostile.tls, authority: authority)
        defer { server.stop() }
        let run = try await Self.load(server, authority: authority, options: hostile.options + Self.protocolOptions(hostile))
        #expect(run.elapsed < .seconds(25), "\(hostile.name): \(run.elapsed)")
        #expect(run.outcomes.scheduled == 20 && run.outcomes.reconciles, "\(run.outcomes)")
        let classes = run.outcomes.errors.keys.sorted() + (run.outcomes.succeeded > 0 ? ["success"] : [])
        #expect(classes.contains(hostile.expected[0]), "\(hostile.name): \(run.outcomes.errors), \(run.outcomes.succeeded) succeeded")
        #expect(Set(classes).isSubset(of: hostile.expected), "\(hostile.name): \(run.outcomes.errors)")
    }

    /// The TLS and HTTP/1.1 cases through Courier's own engine, which speaks OpenSSL on its sockets
    /// itself: the same classes as libcurl's.
    @Test(arguments: HostileCase.all.filter { !$0.isHTTP2 })
    func theEngineEndsEachTLSCaseInItsClass(hostile: HostileCase) async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(hostile.behaviour, tls: hostile.tls, authority: authority)
        defer { server.stop() }
        let run = try await Self.load(server, authority: authority, options: hostile.options + ["--transport", "engine"])
        #expect(run.elapsed < .seconds(25), "\(hostile.name): \(run.elapsed)")
        #expect(run.outcomes.scheduled == 20 && run.outcomes.reconciles, "\(run.outcomes)")
        let classes = run.outcomes.errors.keys.sorted() + (run.outcomes.succeeded > 0 ? ["success"] : [])
        #expect(classes.contains(hostile.expected[0]), "\(hostile.name): \(run.outcomes.errors), \(run.outcomes.succeeded) succeeded")
        #expect(Set(classes).isSubset(of: hostile.expected), "\(hostile.name): \(run.outcomes.errors)")
    }

    /// The HTTP/2 cases through the engine's own HTTP/2 (nghttp2 on its loops), which `--http 2`
    /// chooses when no transport is named: each in its class, in bounded time.
    @Test(arguments: HostileCase.all.filter(\.isHTTP2))
    func theEngineEndsEachHTTP2CaseInItsClass(hostile: HostileCase) async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(hostile.behaviour, tls: hostile.tls, authority: authority)
        defer { server.stop() }
        let run = try await Self.load(
            server, authority: authority, options: hostile.options + Self.protocolOptions(hostile) + ["--transport", "engine"])
        let expected = hostile.engineExpected ?? hostile.expected
        #expect(run.elapsed < .seconds(25), "\(hostile.name): \(run.elapsed)")
        #expect(run.outcomes.scheduled == 20 && run.outcomes.reconciles, "\(run.outcomes)")
        let classes = run.outcomes.errors.keys.sorted() + (run.outcomes.succeeded > 0 ? ["success"] : [])
        #expect(classes.contains(expected[0]), "\(hostile.name): \(run.outcomes.errors), \(run.outcomes.succeeded) succeeded")
        #expect(Set(classes).isSubset(of: expected), "\(hostile.name): \(run.outcomes.errors)")
    }

    /// A graceful GOAWAY every 10 requests on the one connection: the streams above its last stream
    /// id go again on a new connection and none is lost, and the connections opened are about one
    /// per GOAWAY, not one per request.
    @Test(arguments: ["curl", "engine"])
    func aGracefulGoAwayLosesNoRequest(transport: String) async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(.h2GoAwayAfter(requests: 10), authority: authority)
        defer { server.stop() }
        let run = try await Self.load(
            server, authority: authority,
            options: [
                "--http", "2", "--connections", "1", "--concurrency", "8", "--rate", "400", "--duration", "1s", "--transport", transport,
            ])
        #expect(run.outcomes.errors.isEmpty && run.outcomes.succeeded == run.outcomes.sent, "\(run.outcomes)")
        #expect(server.goAwaysSent >= 10, "\(server.goAwaysSent) GOAWAYs")
        let opened = try #require(run.connections?.opened)
        #expect(opened <= server.goAwaysSent + 2, "\(opened) connections for \(server.goAwaysSent) GOAWAYs")
        if transport == "engine" {
            #expect(run.connections?.goAwaysByCode?["NO_ERROR"] == server.goAwaysSent, "\(String(describing: run.connections))")
            #expect((2...8).contains(run.connections?.mostStreamsPerConnection ?? 0), "\(String(describing: run.connections))")
        }
    }

    /// `bench capacity --http 2` runs on the engine unless told: its steps speak HTTP/2, and the
    /// search's connection counts are the engine's (GOAWAYs and resets counted, none here).
    @Test func aCapacitySearchOverHTTP2RunsOnTheEngine() async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(.h2OK, authority: authority)
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-capacity-h2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await Bench.suite.main(arguments: [
            "capacity", "--url", server.url("/hostile").absoluteString, "--cacert", authority.caFile, "--http", "2", "--connections", "1",
            "--concurrency", "8", "--min-rate", "50", "--max-rate", "100", "--step", "300ms", "--slo", "p99<=2s", "--out", directory.path,
        ])
        #expect(status == .success)
        let data = try Data(contentsOf: directory.appendingPathComponent("latest/capacity.json"))
        let capacity = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let connections = try #require(capacity["connections"] as? [String: Any])
        #expect((connections["responsesByHTTPVersion"] as? [String: Int])?.keys.sorted() == ["2"], "\(connections)")
        #expect(connections["goAwaysByCode"] as? [String: Int] == [:] && connections["opened"] as? Int == 1, "\(connections)")
    }

    /// URLSession on Linux cannot be given the test's CA, so every handshake it completes ends
    /// untrusted; against a server that speaks only TLS 1.0, that it ends `tls(untrusted)` rather
    /// than `tls(protocolMismatch)` shows it negotiated TLS 1.0: no floor is set (the docs say so).
    @Test func urlSessionSetsNoTLSFloorOnLinux() async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(.http1OK, tls: .legacy10StaticRSA, authority: authority)
        defer { server.stop() }
        let run = try await Self.load(server, authority: nil, options: ["--transport", "urlsession"])
        #expect(run.outcomes.errors.keys.sorted() == ["tls(untrusted)"], "\(run.outcomes.errors)")
    }

    /// `--http 2 --connections 1 --concurrency 8` for an HTTP/2 case, nothing for the others.
    private static func protocolOptions(_ hostile: HostileCase) -> [String] {
        hostile.isHTTP2 ? ["--http", "2", "--connections", "1", "--concurrency", "8"] : []
    }

    /// One `bench load` run against `server`, trusting `authority` over curl (unless the options
    /// choose another transport): its outcomes, its connections and how long it took.
    private static func load(
        _ server: HostileServer, authority: TestCertificateAuthority?, options: [String]
    ) async throws -> (outcomes: ScenarioResult.Outcomes, connections: ScenarioResult.Connections?, elapsed: Duration) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = ["load", "--url", server.url("/hostile").absoluteString, "--timeout", "2s", "--out", directory.path]
        if !options.contains("--transport") { arguments += ["--transport", "curl"] }
        if let authority { arguments += ["--cacert", authority.caFile] }
        if !options.contains("--rate") { arguments += ["--rate", "40", "--duration", "500ms"] }
        if !options.contains("--concurrency") { arguments += ["--concurrency", "4"] }
        let started = ContinuousClock.now
        _ = await Bench.suite.main(arguments: arguments + options)
        let elapsed = ContinuousClock.now - started
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        let scenario = try #require(report.scenarios.first)
        return (try #require(scenario.outcomes), scenario.connections, elapsed)
    }
}
#endif
