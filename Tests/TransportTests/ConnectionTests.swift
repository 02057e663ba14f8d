#if os(Linux)
import Courier
#if COURIER_CURL
@testable import CourierCurl
#endif
import CourierEngine
import Foundation
import Testing

/// Connection reuse, the caps, the queue and shutdown, proven from nginx's side of the connection.
/// Serialized: every test starts a server, and all at once they would starve the other suites
/// (and their time bounds) on a two-core machine. The time limit is against a hang, not a speed
/// claim: 1,000 sequential requests took over a minute on two cores shared with the whole suite.
@Suite(.serialized, .enabled(if: Nginx.unavailableReason == nil, "\(Nginx.unavailableReason ?? "")"), .timeLimit(.minutes(3)))
struct ConnectionTests {
    /// `/connection` answers nginx's connection serial number and how many requests that connection
    /// has served: one serial for all 1,000 and a count of 1,000 mean one kept-alive connection.
    @Test(arguments: TransportKind.ownStacks)
    func aThousandSequentialRequestsShareOneConnection(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind, StackConfiguration(maximumConnectionsPerHost: 1)) { transport in
                var serials = Set<Substring>()
                var last = ""
                for _ in 0..<1_000 {
                    let (_, body) = try await transport.fetch(server.origin + "/connection")
                    last = body.text
                    serials.insert(last.split(separator: " ")[0])
                }
                #expect(serials.count == 1)
                #expect(last.split(separator: " ").last == "1000")
                let counts = try #require(connectionCounts(of: transport))
                #expect(counts.requests == 1_000 && counts.connectionsOpened == 1 && counts.tlsHandshakes == 0)
                #expect(counts.responsesByHTTPVersion == ["1.1": 1_000])
            }
        }
    }

    /// 64 concurrent slow requests through a cap of 8 connections: all succeed, over at most 8
    /// distinct server-side connections. The cap per host holds below a larger total, and the total
    /// holds when it is the lower (the reactor then keeps no count by origin).
    @Test(arguments: TransportKind.ownStacks, [(8, 256), (8, 8), (64, 8)])
    func concurrentRequestsStayWithinTheCap(_ kind: TransportKind, caps: (perHost: Int, total: Int)) async throws {
        let (perHost, total) = caps
        try await withNginx { server in
            let configuration = StackConfiguration(maximumConnectionsPerHost: perHost, maximumConnections: total)
            try await withTransport(kind, configuration) { transport in
                let url = server.origin + "/connection"
                let slow = server.origin + "/slow"
                let serials = try await withThrowingTaskGroup(of: Substring.self) { group in
                    for index in 0..<64 {
                        group.addTask {
                            // Slow requests hold their connections, so the fast ones have to queue.
                            if index % 2 == 0 { _ = try await transport.fetch(slow) }
                            let (_, body) = try await transport.fetch(url)
                            return body.text.split(separator: " ")[0]
                        }
                    }
                    return try await group.reduce(into: Set<Substring>()) { $0.insert($1) }
                }
                #expect(serials.count <= 8)
                #expect(serials.count > 1)
                let counts = try #require(connectionCounts(of: transport))
                #expect(counts.requests == 96 && (serials.count...8).contains(counts.connectionsOpened))
            }
        }
    }

    #if COURIER_CURL
    /// Streams per connection mean nothing over HTTP/1.1: two connections still carry at most two
    /// requests at once, the rest queued.
    @Test func streamsDoNotRaiseTheCapOverHTTP1() async throws {
        let kind = TransportKind.curl
        try await withNginx { server in
            let configuration = StackConfiguration(maximumConnectionsPerHost: 2, maximumStreamsPerConnection: 8)
            try await withTransport(kind, configuration) { transport in
                let slow = server.origin + "/slow"
                let started = ContinuousClock.now
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<4 {
                        group.addTask { try await transport.fetch(slow).0.statusCode }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
                #expect(statuses == [200, 200, 200, 200])
                // Four 0.5 s requests two at a time take two turns; four at once would take one.
                #expect(ContinuousClock.now - started >= .milliseconds(950))
                let counts = try #require(connectionCounts(of: transport))
                #expect(counts.connectionsOpened <= 2)
            }
        }
    }
    #endif

    /// One connection, a 1 s timeout and three requests of 0.5 s each: the last waits about 1 s in
    /// the queue and still succeeds, because the timeout starts when a request leaves the queue.
    @Test(arguments: TransportKind.ownStacks)
    func timeSpentQueuedDoesNotCountAgainstTheTimeout(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind, StackConfiguration(maximumConnectionsPerHost: 1, timeout: .seconds(1))) { transport in
                let url = server.origin + "/slow"
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<3 {
                        group.addTask { try await transport.fetch(url).0.statusCode }
                    }
                    for try await status in group {
                        #expect(status == 200)
                    }
                }
            }
        }
    }

    /// Three reactors (or loops) with 6 connections in all: requests are dealt to every thread and
    /// still stay within the (split) cap.
    @Test(arguments: TransportKind.ownStacks)
    func severalThreadsShareTheWorkAndTheCap(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind, StackConfiguration(maximumConnectionsPerHost: 6, reactorCount: 3)) { transport in
                let url = server.origin + "/connection"
                let serials = try await withThrowingTaskGroup(of: Substring.self) { group in
                    for _ in 0..<300 {
                        group.addTask { try await transport.fetch(url).1.text.split(separator: " ")[0] }
                    }
                    return try await group.reduce(into: Set<Substring>()) { $0.insert($1) }
                }
                #expect(serials.count <= 6)
                #expect(serials.count >= 3)
            }
        }
    }

    #if COURIER_CURL
    /// With prior knowledge the transport speaks HTTP/2 to a cleartext server. The first request
    /// succeeds; libcurl 7.88.1 (Debian 12) then fails the next one on the same connection with
    /// CURLE_HTTP2 ("Error in the HTTP2 framing layer"), and so does the curl tool itself
    /// (`curl --http2-prior-knowledge URL URL` exits 16 against this nginx): a libcurl bug, kept
    /// here as a known issue so that a fixed libcurl shows up as the test passing.
    @Test func http2PriorKnowledgeSpeaksHTTP2() async throws {
        try await withNginx { server in
            try await withTransport(.curl, StackConfiguration(httpVersion: .http2PriorKnowledge)) { transport in
                await withKnownIssue("libcurl 7.88.1 fails the second request on a reused h2c connection", isIntermittent: true) {
                    for _ in 0..<20 {
                        let (response, body) = try await transport.fetch(server.http2Origin + "/protocol")
                        #expect(response.statusCode == 200)
                        #expect(body.text == "HTTP/2.0")
                    }
                }
            }
        }
    }
    #endif

    @Test(arguments: TransportKind.ownStacks)
    func shutdownCancelsWhatIsInFlightAndRefusesWhatComesAfter(_ kind: TransportKind) async throws {
        try await withNginx { server in
            let (transport, shutDown) = try kind.make()
            let url = server.origin + "/stall"
            let call = Task { try await transport.fetch(url) }
            let (response, _) = try await transport.fetch(server.origin + "/hello")
            #expect(response.statusCode == 200)
            await shutDown()
            await #expect(throws: URLError(.cancelled)) { try await call.value }
            await #expect(throws: URLError(.cancelled)) { try await transport.fetch(server.origin + "/hello") }
            await shutDown()
        }
    }

    @Test(arguments: TransportKind.ownStacks)
    func manyCancellationsLeaveTheTransportWorking(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind, StackConfiguration(maximumConnectionsPerHost: 4)) { transport in
                let url = server.origin + "/stall"
                let calls = (0..<50).map { _ in Task { try await transport.fetch(url) } }
                try await Task.sleep(for: .milliseconds(50))
                for call in calls { call.cancel() }
                for call in calls {
                    await #expect(throws: URLError.self) { try await call.value }
                }
                let (response, _) = try await transport.fetch(server.origin + "/hello")
                #expect(response.statusCode == 200)
            }
        }
    }
}
#endif
