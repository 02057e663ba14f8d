import CourierSystem
import Foundation
import Testing

@testable import CourierFixtureServer
@testable import CourierFixtures

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server over real sockets; every test starts its own server on its own ephemeral port.
@Suite(.timeLimit(.minutes(1))) struct FixtureServerTests {
    @Test func servesEveryFixturePayloadByteForByte() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        for shape in PayloadShape.allCases {
            let (body, response) = try await session.data(from: server.url("/fixtures/\(shape.rawValue)"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(body == Payload.make(shape).json, "\(shape)")
        }
        let (movies, _) = try await session.data(from: server.url("/movies?page=3"))
        #expect(try JSONDecoder().decode([FixtureMovie].self, from: movies).count == 100)
    }

    @Test func keepsAConnectionAliveAcrossRequestsAndAnswersPipelinedOnesInOrder() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        for _ in 0..<3 {
            connection.send("GET /movies/1 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await connection.receiveResponse().hasPrefix("HTTP/1.1 200 OK"))
        }
        connection.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\nGET /faults/429 HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = await connection.receiveResponse()
        #expect(first.hasPrefix("HTTP/1.1 404"))
        let second = first.count > 200 ? first : (await connection.receiveResponse())
        #expect(second.contains("HTTP/1.1 429"))
    }

    @Test(arguments: [
        ("BREW /pot HTCPCP/1.0\r\n\r\n", "400"),
        ("GET /movies HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "y", count: 20_000))\r\n\r\n", "431"),
        ("POST /movies HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", "413"),
        ("GET /movies?status=999 HTTP/1.1\r\nHost: x\r\n\r\n", "400"),
        ("GET /movies HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", "501"),
    ])
    func refusesBadRequestsWithTheirStatusAndCloses(request: String, status: String) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        connection.send(request)
        let response = String(decoding: await connection.receive(), as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 \(status) "))
        #expect(response.contains("Connection: close"))
    }

    @Test func servesHundredsOfConcurrentConnections() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connections = (0..<300).compactMap { _ in RawConnection(port: server.port) }
        #expect(connections.count == 300)
        for connection in connections {
            connection.send("GET /movies/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        var answered = 0
        for connection in connections where await connection.receiveResponse().hasPrefix("HTTP/1.1 200 OK") {
            answered += 1
        }
        #expect(answered == 300)
    }

    @Test func aDelayedResponseHoldsNoOtherConnectionBack() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let slow = try #require(RawConnection(port: server.port))
        slow.send("GET /movies/1?delay=2000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let fast = try #require(RawConnection(port: server.port, timeout: 1))
        fast.send("GET /movies/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await fast.receiveResponse().hasPrefix("HTTP/1.1 200 OK"))
        #expect(await slow.receiveResponse().hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func closesConnectionsThatStayIdle() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.idleTimeout = .milliseconds(200)
        let server = try FixtureServer.start(configuration)
        defer { server.stop() }
        let idle = try #require(RawConnection(port: server.port, timeout: 5))
        let started = ContinuousClock.now
        #expect(await idle.receive().isEmpty)
        #expect(ContinuousClock.now - started < .seconds(4))
        let waiting = try #require(RawConnection(port: server.port, timeout: 5))
        waiting.send("GET /movies/1?delay=600 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await waiting.receiveResponse().hasPrefix("HTTP/1.1 200 OK"), "a pending response is not idleness")
    }

    @Test func stoppingClosesConnectionsAndRefusesNewOnes() async throws {
        let server = try FixtureServer.start()
        let connection = try #require(RawConnection(port: server.port))
        connection.send("GET /movies/1?delay=10000 HTTP/1.1\r\nHost: x\r\n\r\n")
        server.stop()
        #expect(await connection.receive().isEmpty)
        #expect(RawConnection(port: server.port) == nil)
        server.stop()
    }

    /// A few thousand random and garbled requests: each is answered with 400 (or another refusal)
    /// or the connection is closed, and the server still serves a good request afterwards.
    @Test func survivesFuzzedRequests() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let port = server.port
        // The rounds go 50 at a time, on a thread of their own: one by one, each waited for the
        // server and the client to be scheduled in turn, and on a busy machine (a full parallel
        // test run) the 3,000 took 70-80 s, past the suite's minute.
        let failures = await onOwnThread { () -> [String] in
            var random = SeededRandom(seed: 0xC0FFEE)
            var failures: [String] = []
            let valid = Array(
                "GET /movies/1?page=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nConnection: keep-alive\r\n\r\nabc".utf8)
            for batch in stride(from: 0, to: 3_000, by: 50) {
                var sent: [(round: Int, connection: RawConnection)] = []
                for round in batch..<batch + 50 {
                    var bytes = valid
                    switch round % 4 {
                    case 0:  // random bytes
                        bytes = (0..<Int.random(in: 1...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                    case 1:  // flipped bytes
                        for _ in 0..<Int.random(in: 1...8, using: &random) {
                            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                        }
                    case 2:  // cut short, then the head closed off
                        bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))) + Array("\r\n\r\n".utf8)
                    default:  // spliced tokens
                        let pieces = [
                            "GET", " ", "/", "HTTP/1.1", "\r\n", ":", "Host", "Content-Length: 99", "\u{0}", "\t", "?status=", "%%",
                        ]
                        bytes = (0..<Int.random(in: 1...30, using: &random)).flatMap { _ in
                            Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8)
                        }
                    }
                    guard let connection = RawConnection(port: port, timeout: 5) else {
                        return failures + ["server stopped accepting at round \(round)"]
                    }
                    connection.send(bytes)
                    // Incomplete input would wait for more; the client says it has no more.
                    connection.finishSending()
                    sent.append((round, connection))
                }
                for (round, connection) in sent {
                    let response = String(decoding: connection.blockingReceive(until: { $0.count >= 12 }).bytes, as: UTF8.self)
                    if !response.isEmpty, !response.hasPrefix("HTTP/1.1 ") { failures.append("round \(round): \(response.prefix(40))") }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        let check = try #require(RawConnection(port: server.port))
        check.send("GET /movies/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await check.receiveResponse().hasPrefix("HTTP/1.1 200 OK"))
    }
}

/// The fixtures' own seeded generator, so the fuzz cases are the same on every run.
struct SeededRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 {
        generator.next()
    }
}
