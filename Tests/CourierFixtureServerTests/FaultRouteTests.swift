import Foundation
import Testing

@testable import CourierFixtureServer

/// The faults the client's fault matrix needs, seen from a raw socket: exactly what goes over the
/// wire, and when. Every test starts its own server.
///
/// Serialized, and its waits short: each keeps time against a server of its own, and the reads
/// block threads of their own beside everything else the machine runs.
@Suite(.serialized, .timeLimit(.minutes(1))) struct FaultRouteTests {
    private func request(_ path: String, method: String = "GET", body: String = "") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// A server that sends nothing: reset unread (the whole server), stalled (the whole server), or
    /// reset after reading (one route, which counts the request it read).
    @Test(arguments: [
        (FixtureServer.Configuration.Acceptance.reset, "/movies/1", RawConnection.End.reset, 0),
        (.stall, "/movies/1", .timedOut, 0),
        (.serve, "/faults/reset", .reset, 1),
    ])
    func nothingButTheEndComesBack(
        acceptance: FixtureServer.Configuration.Acceptance, path: String, end: RawConnection.End, executions: Int
    ) async throws {
        var configuration = FixtureServer.Configuration()
        configuration.acceptance = acceptance
        // A stalled connection is not idle: this timeout must not close it.
        configuration.idleTimeout = .milliseconds(100)
        let server = try FixtureServer.start(configuration)
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port, timeout: 0.3))
        #expect(connection.send(request(path)))
        let (bytes, ending) = await connection.receiveWithEnd()
        #expect(bytes.isEmpty)
        #expect(ending == end)
        #expect(server.requestCount(path) == executions)
    }

    /// The replay trap: a kept-alive connection serves a request, then the next one is read and
    /// the connection closes without a byte of answer.
    @Test func closeWithoutResponseEndsAKeptAliveConnectionAfterReadingThePost() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        connection.send(request("/movies/1"))
        #expect(await connection.receiveResponse().hasPrefix("HTTP/1.1 200 OK"))
        connection.send(request("/faults/close", method: "POST", body: #"{"order":1}"#))
        let (bytes, end) = await connection.receiveWithEnd()
        #expect(bytes.isEmpty)
        #expect(end == .closed)
        #expect(server.requestCount("/faults/close") == 1)
        #expect(server.requestCount("/movies/1") == 1)
    }

    @Test func slowHeaderFieldsSendTheStatusLineAndHoldTheRest() async throws {
        let route = FixtureRoute.payload(.tinyObject).with(fault: .slowHeaderFields(delay: .seconds(1)))
        let server = try FixtureServer.start(FixtureServer.Configuration(routes: ["/slow": route]))
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port, timeout: 0.3))
        connection.send(request("/slow"))
        let (first, end) = await connection.receiveWithEnd()
        #expect(String(decoding: first, as: UTF8.self) == "HTTP/1.1 200 OK\r\n")
        #expect(end == .timedOut, "the header fields wait")
        connection.setTimeout(5)
        let rest = await connection.receiveResponse()
        #expect(rest.contains("Content-Length: "))
        #expect(rest.hasSuffix(String(decoding: route.body, as: UTF8.self)))
    }

    @Test func theTrickleSendsTheHeadThenOneByteAtATime() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port, timeout: 0.3))
        connection.send(request("/faults/trickle"))
        let text = String(decoding: await connection.receive(), as: UTF8.self)
        let head = try #require(text.range(of: "\r\n\r\n"))
        #expect(text.hasPrefix("HTTP/1.1 200 OK"))
        #expect(text[head.upperBound...].count == 1, "one byte within the first 0.3 s")
    }

    @Test(arguments: [
        ("/faults/401", [#"Basic realm="courier-fixtures""#]),
        ("/faults/401/bearer", [#"Bearer realm="courier-fixtures", error="invalid_token""#]),
        (
            "/faults/401/digest",
            [
                #"Digest realm="courier-fixtures", qop="auth", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41""#
            ]
        ),
        ("/faults/401/basic-bearer", [#"Basic realm="courier-fixtures""#, #"Bearer realm="courier-fixtures""#]),
    ])
    func everyChallengeComesWithAJSONErrorBody(path: String, challenges: [String]) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        connection.send(request(path))
        let response = await connection.receiveResponse()
        #expect(response.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"))
        #expect(
            response.components(separatedBy: "\r\n").filter { $0.hasPrefix("WWW-Authenticate: ") }
                == challenges.map { "WWW-Authenticate: \($0)" })
        #expect(response.contains("Content-Type: application/json"))
        #expect(response.hasSuffix(#"{"error":"unauthorized","detail":"the credentials are missing or expired"}"#))
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func redirectsPointAtTheEcho(status: Int) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        connection.send(request("/redirect/\(status)", method: "POST", body: "abc"))
        let response = await connection.receiveResponse()
        #expect(response.hasPrefix("HTTP/1.1 \(status) "))
        #expect(response.contains("\r\nLocation: /echo\r\n"))
        #expect(server.requestCount("/redirect/\(status)") == 1)
    }

    @Test func theEchoDescribesTheRequest() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        connection.send(request("/echo", method: "PATCH", body: "héllo"))
        #expect(
            await connection.receiveResponse().hasSuffix(
                #"{"body":"héllo","bodyLength":6,"headers":{"content-length":"6","host":"x"},"method":"PATCH"}"#))
        connection.send("GET /echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nX-Api-Key:  k1 \r\nx-api-key: k2\r\n\r\n")
        #expect(
            await connection.receiveResponse().hasSuffix(
                #"{"authorization":"Bearer t","body":"","bodyLength":0,"headers":{"authorization":"Bearer t","host":"x","x-api-key":"k1, k2"},"method":"GET"}"#
            ))
        connection.send(request("/echo?status=201"))
        let second = await connection.receiveResponse()
        #expect(second.hasPrefix("HTTP/1.1 201 "))
        #expect(second.hasSuffix(#"{"body":"","bodyLength":0,"headers":{"content-length":"0","host":"x"},"method":"GET"}"#))
        #expect(server.requestCount("/echo") == 3)
    }

    @Test func repeatedFieldsGoOutOncePerEntryInOrder() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        connection.send(request("/faults/repeated-headers"))
        let lines = await connection.receiveResponse().components(separatedBy: "\r\n")
        let sent = FixtureServer.repeatedHeaders.fields.map { "\($0.name): \($0.value)" }
        #expect(lines.filter { line in sent.contains(line) } == sent)
        #expect(lines.filter { $0.hasPrefix("WWW-Authenticate:") }.count == 2)
        #expect(lines.filter { $0.hasPrefix("Set-Cookie:") }.count == 2)
    }

    @Test func onlyConfiguredPathsAreCounted() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        for _ in 0..<3 {
            connection.send(request("/movies/1?delay=0"))
            _ = await connection.receiveResponse()
        }
        connection.send(request("/nowhere"))
        _ = await connection.receiveResponse()
        #expect(server.requestCount("/movies/1") == 3)
        #expect(server.requestCount("/nowhere") == 0)
        #expect(server.requestCount("/movies") == 0)
    }

    @Test func aProtectedRouteAnswersOnlyItsCredential() async throws {
        let route = FixtureRoute.json(#"{"ok":true}"#).requiring(authorization: "Bearer new", challenges: ["Bearer", #"Basic realm="x""#])
        let server = try FixtureServer.start(FixtureServer.Configuration(routes: ["/me": route]))
        defer { server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        for authorization in ["", "Authorization: Bearer old\r\n", "Authorization: bearer new\r\n"] {
            connection.send("GET /me HTTP/1.1\r\nHost: x\r\n\(authorization)\r\n")
            let refused = await connection.receiveResponse()
            #expect(refused.hasPrefix("HTTP/1.1 401 "))
            #expect(refused.contains("WWW-Authenticate: Bearer\r\nWWW-Authenticate: Basic realm=\"x\"\r\n"))
        }
        connection.send("GET /me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer new\r\n\r\n")
        #expect(await connection.receiveResponse().hasSuffix(#"{"ok":true}"#))
        #expect(server.requestCount("/me") == 4)
    }
}
