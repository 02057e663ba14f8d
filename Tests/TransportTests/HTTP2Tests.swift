#if os(Linux) && COURIER_OPENSSL
import Courier
import CourierEngine
import CourierFixtureServer
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The engine's HTTP/2: streams over nginx's cleartext HTTP/2 (prior knowledge), and the servers
/// of our own that go away, refuse or break the protocol. Where the curl transport's HTTP/2 is
/// libcurl's, these are the engine's own behaviours, so they run on the engine alone.
@Suite(.timeLimit(.minutes(2)))
struct HTTP2Tests {
    private func stack(streams: Int = 16, connections: Int = 2, timeout: Duration = .seconds(10)) -> StackConfiguration {
        StackConfiguration(
            maximumConnectionsPerHost: connections, timeout: timeout, httpVersion: .http2PriorKnowledge,
            maximumStreamsPerConnection: streams)
    }

    private func expectHello(through transport: any Transport, from server: Nginx) async throws {
        let (response, body) = try await transport.fetch(server.http2Origin + "/hello")
        #expect(response.statusCode == 200 && body.text == "hello")
    }

    /// 64 requests at once share two connections as streams, at most 16 at a time on each, and
    /// every answer says HTTP/2.
    @Test func manyRequestsShareFewConnectionsAsStreams() async throws {
        try await withNginx { server in
            let url = server.http2Origin + "/protocol"
            try await withTransport(.engine, stack()) { transport in
                let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<64 { group.addTask { try await transport.fetch(url).1.text } }
                    return try await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(bodies == Array(repeating: "HTTP/2.0", count: 64))
                let counts = try #require(connectionCounts(of: transport))
                #expect((1...2).contains(counts.connectionsOpened) && counts.responsesByHTTPVersion == ["2": 64], "\(counts)")
                #expect((2...16).contains(counts.mostStreamsPerConnection), "\(counts)")
            }
        }
    }

    /// A connection that uses up its stream ids takes no new stream, ends those in flight, and
    /// closes; the requests after them go on a new connection. Each connection here starts six
    /// ids before the last (2^31 - 1), so 20 requests, at most 4 at a time on one connection,
    /// take four connections, and none fails.
    @Test func aConnectionOutOfStreamIdsHandsOverToANewOne() async throws {
        try await withNginx { server in
            var configuration = stack(streams: 4, connections: 1)
            configuration.firstStreamID = Int32.max - 2 * 5
            try await withTransport(.engine, configuration) { transport in
                let url = server.http2Origin + "/protocol"
                let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<20 { group.addTask { try await transport.fetch(url).1.text } }
                    return try await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(bodies == Array(repeating: "HTTP/2.0", count: 20))
                let counts = try #require(connectionCounts(of: transport))
                #expect(counts.connectionsOpened == 4 && counts.responsesByHTTPVersion == ["2": 20], "\(counts)")
            }
        }
    }

    /// A body larger than a frame and the initial window goes out whole; field names go lower-case
    /// and the server's fields come back as sent.
    @Test func bodiesAndFieldsGoBothWays() async throws {
        try await withNginx { server in
            try await withTransport(.engine, stack()) { transport in
                let payload = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
                let (echoed, body) = try await transport.fetch(server.http2Origin + "/echo", method: "PUT", body: payload)
                #expect(echoed.statusCode == 200 && echoed.headers["X-Method"] == "PUT" && body == payload)
                let (reply, text) = try await transport.fetch(
                    server.http2Origin + "/headers", headers: HTTPHeaders(["X-Custom": "Mixed Case"]))
                #expect(reply.headers["X-Echo"] == "Mixed Case" && reply.headers["x-reply"] == "one" && text.text == "Mixed Case")
                let (busy, _) = try await transport.fetch(server.http2Origin + "/status/503")
                #expect(busy.statusCode == 503 && busy.headers["Retry-After"] == "7")
                let (compressed, inflated) = try await transport.fetch(server.http2Origin + "/gzipped")
                #expect(compressed.headers["Content-Encoding"] == "gzip" && inflated.text == "hello, compressed")
            }
        }
    }

    /// A stream past its deadline, or cancelled, ends alone: the connection carries the next
    /// request, and no other is opened.
    @Test func aStreamThatTimesOutOrIsCancelledEndsAlone() async throws {
        try await withNginx { server in
            try await withTransport(.engine, stack(connections: 1, timeout: .milliseconds(300))) { transport in
                await #expect(throws: URLError(.timedOut)) { try await transport.fetch(server.http2Origin + "/stall") }
                try await expectHello(through: transport, from: server)
            }
            let stall = server.http2Origin + "/stall"
            try await withTransport(.engine, stack(connections: 1)) { transport in
                try await expectHello(through: transport, from: server)
                let stalled = Task { try await transport.fetch(stall) }
                let slow = try await transport.fetch(server.http2Origin + "/slow")
                stalled.cancel()
                await #expect(throws: URLError(.cancelled)) { try await stalled.value }
                #expect(slow.1.text == "slow")
                try await expectHello(through: transport, from: server)
                #expect(connectionCounts(of: transport)?.connectionsOpened == 1)
            }
        }
    }

    /// A body past the request's limit resets its stream as it arrives; the connection goes on.
    @Test func aBodyPastItsLimitEndsItsStreamOnly() async throws {
        try await withNginx { server in
            _ = try server.writeLargeFile()
            try await withTransport(.engine, stack(connections: 1)) { transport in
                let request = HTTPRequest(method: "GET", url: server.http2Origin + "/files/large.bin", maximumResponseBodySize: 1 << 20)
                await #expect(throws: ResponseTooLargeError(.body(limit: 1 << 20))) { try await transport.send(request) }
                try await expectHello(through: transport, from: server)
                #expect(connectionCounts(of: transport)?.connectionsOpened == 1)
            }
        }
    }

    /// Shutting down cancels the streams in flight.
    @Test func shutdownCancelsTheStreamsInFlight() async throws {
        try await withNginx { server in
            let (transport, shutDown) = try TransportKind.engine.make(stack())
            let stall = server.http2Origin + "/stall"
            let stalled = Task { try await transport.fetch(stall) }
            try await expectHello(through: transport, from: server)
            await shutDown()
            await #expect(throws: URLError(.cancelled)) { try await stalled.value }
        }
    }

    // MARK: Servers that go away, refuse or break the protocol

    private func withHostile(
        _ behaviour: HostileBehaviour, streams: Int = 8, _ body: (HostileServer, any Transport) async throws -> Void
    ) async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(behaviour, authority: authority)
        defer { server.stop() }
        let configuration = StackConfiguration(
            maximumConnectionsPerHost: 1, timeout: .seconds(5), httpVersion: .http2, maximumStreamsPerConnection: streams,
            tls: TLSOptions(certificateAuthorities: authority.caFile))
        try await withTransport(.engine, configuration) { try await body(server, $0) }
    }

    /// `requests` sent at once, each with `method`: what each ended in.
    private func burst(_ requests: Int, method: String, to url: URL, through transport: any Transport) async -> [Result<Int, any Error>] {
        await withTaskGroup(of: Result<Int, any Error>.self) { group in
            for _ in 0..<requests {
                group.addTask {
                    do {
                        return .success(try await transport.fetch(url.absoluteString, method: method).0.statusCode)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// After a GOAWAY the streams above its last one go again on a new connection when they may
    /// run twice; a POST is not sent twice, and fails as not processed. The server goes away after
    /// every fourth request, so that each burst of eight outlives its first connection.
    @Test func aGoAwaySendsAgainOnlyWhatMayRunTwice() async throws {
        try await withHostile(.h2GoAwayAfter(requests: 4)) { server, transport in
            let gets = await burst(8, method: "GET", to: server.url("/get"), through: transport)
            #expect(gets.allSatisfy { (try? $0.get()) == 200 }, "\(gets)")
            let posts = await burst(8, method: "POST", to: server.url("/post"), through: transport)
            let failures = posts.compactMap { result -> (any Error)? in
                if case .failure(let error) = result { return error }
                return nil
            }
            #expect(posts.count - failures.count >= 1)
            #expect(failures.allSatisfy { ($0 as? HTTP2GoAwayError)?.code == 0 }, "\(failures)")
            let counts = try #require(connectionCounts(of: transport))
            #expect(
                counts.goAwaysByCode["NO_ERROR", default: 0] >= 2 && counts.goAwaysByCode["NO_ERROR"] == server.goAwaysSent, "\(counts)")
        }
    }

    /// A server that refuses all but one stream while advertising 100: each refused request goes
    /// again, once, the connection carries one stream at a time from then on, and no other
    /// connection is opened.
    @Test func refusedStreamsGoAgainOnTheSameConnection() async throws {
        try await withHostile(.h2RefuseBeyond(concurrentStreams: 1, advertised: false)) { server, transport in
            let results = await burst(8, method: "GET", to: server.url("/get"), through: transport)
            #expect(results.allSatisfy { (try? $0.get()) == 200 }, "\(results)")
            let counts = try #require(connectionCounts(of: transport))
            #expect(counts.connectionsOpened == 1 && server.connectionsAccepted == 1, "\(counts)")
            #expect(counts.streamResetsByCode["REFUSED_STREAM", default: 0] == server.streamsRefused && server.streamsRefused > 0)
        }
    }

    /// A stream reset mid-body fails with its code, and is counted.
    @Test func aResetStreamFailsWithItsCode() async throws {
        try await withHostile(.h2ResetMidBody(.internalError)) { server, transport in
            await #expect(throws: HTTP2StreamError(code: 2)) { try await transport.fetch(server.url("/get").absoluteString) }
            #expect(connectionCounts(of: transport)?.streamResetsByCode == ["INTERNAL_ERROR": 1])
        }
    }

    /// Answers HTTP/2 forbids are refused by the client, stream by stream.
    @Test(arguments: [
        HostileBehaviour.h2Status("abc"), .h2Status(nil), .h2UpperCaseFieldName, .h2ConnectionSpecificField, .h2ContentLengthMismatch,
    ])
    func aMalformedAnswerFailsItsStream(_ behaviour: HostileBehaviour) async throws {
        try await withHostile(behaviour) { server, transport in
            await #expect(throws: HTTP2StreamError(code: 1)) { try await transport.fetch(server.url("/get").absoluteString) }
        }
    }

    /// A server that breaks the protocol loses its connection, with nghttp2's words; the request
    /// is tried once more on a new one, and fails the same way.
    @Test(arguments: [HostileBehaviour.h2PushPromise, .h2NoSettings, .h2WindowUpdateOverflow, .h2ZeroWindowUpdate])
    func aServerBreakingTheProtocolLosesItsConnection(_ behaviour: HostileBehaviour) async throws {
        try await withHostile(behaviour) { server, transport in
            let error = await #expect(throws: URLError.self) { try await transport.fetch(server.url("/get").absoluteString) }
            #expect(error?.code == .networkConnectionLost)
            #expect(
                (error?.errorUserInfo[NSLocalizedDescriptionKey] as? String)?.contains("HTTP/2") == true, "\(String(describing: error))")
            #expect(server.connectionsAccepted == 2)
        }
    }

    /// A header list past the limit, or a block that never ends, is refused as too large, in
    /// bounded time.
    @Test(arguments: [HostileBehaviour.h2HugeHeaderList(bytes: 200_000), .h2EndlessContinuation])
    func anOversizedHeaderBlockIsRefused(_ behaviour: HostileBehaviour) async throws {
        try await withHostile(behaviour) { server, transport in
            await #expect(throws: ResponseTooLargeError(.headers)) { try await transport.fetch(server.url("/get").absoluteString) }
        }
    }
}
#endif
