#if COURIER_CURL
import Courier
import CourierCurl
import CourierFixtureServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Redirects over both transports against the fixture server's `/redirect/<status>` routes, which
/// point at `/echo`: what the server received after the redirect is what RFC 9110 §15.4 (and
/// `Redirects`) says, the same on both.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct RedirectTests {
    /// What `/echo` reports.
    struct Echo: Decodable, Equatable {
        let method: String
        let bodyLength: Int
        let authorization: String?
    }

    /// The header fields `/echo` received, by lowercased name.
    struct Received: Decodable {
        let headers: [String: String]
    }

    static let body = Data(#"{"order":42}"#.utf8)

    /// A request redirected with a status, and what the echo must see after the redirect.
    struct Case {
        let status: Int
        let method: String

        /// GET stays GET; 301 and 302 turn only a POST into a GET; 303 turns everything into a GET;
        /// 307 and 308 keep method and body.
        var expected: (method: String, bodyLength: Int) {
            let becomesGET = method == "GET" || status == 303 || (method == "POST" && status < 303)
            return becomesGET ? ("GET", 0) : (method, RedirectTests.body.count)
        }
    }

    static let cases: [Case] = [301, 302, 303, 307, 308].flatMap { status in
        ["GET", "POST", "PUT", "PATCH"].map { Case(status: status, method: $0) }
    }

    @Test(arguments: TransportKind.allCases)
    func methodAndBodyAfterEachRedirectFollowTheRFC(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind) { server, transport in
            for redirect in Self.cases {
                let (status, method, expected) = (redirect.status, redirect.method, redirect.expected)
                let body = method == "GET" ? nil : Self.body
                let (response, data) = try await transport.fetch(
                    server.url("/redirect/\(status)").absoluteString, method: method, body: body)
                #expect(response.statusCode == 200, "\(status) \(method)")
                let echo = try JSONDecoder().decode(Echo.self, from: data)
                #expect(echo.method == expected.method, "\(status) \(method)")
                #expect(echo.bodyLength == expected.bodyLength, "\(status) \(method)")
                #expect(server.requestCount("/redirect/\(status)") >= 1)
            }
        }
    }

    /// The same through the client, with a JSON body that must survive a 307 and a 308.
    @Test(arguments: TransportKind.allCases, [307, 308])
    func aClientPostKeepsItsBodyThrough307And308(_ kind: TransportKind, _ status: Int) async throws {
        try await withFixtureServer(kind) { server, transport in
            let client = APIClient(baseURL: server.baseURL, transport: transport)
            let echo = try await client.send(Order(path: "redirect/\(status)", id: 42), as: Echo.self)
            #expect(echo == Echo(method: "POST", bodyLength: #"{"id":42}"#.utf8.count, authorization: nil))
        }
    }

    /// Fields that carry credentials, by the one rule (`Redaction.isSecret(name:)`) that also keeps
    /// them out of logs and reports.
    static let secretFields = [
        "Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key", "Api-Key", "X-Goog-Api-Key", "Ocp-Apim-Subscription-Key",
        "X-Amz-Security-Token", "PRIVATE-TOKEN", "X-Session-Id", "Stripe-Signature",
    ]

    /// Credentials go along to the same origin and never to another one (the other server's own
    /// port); ordinary fields go to both.
    @Test(arguments: TransportKind.allCases)
    func credentialsStayWithTheirOrigin(_ kind: TransportKind) async throws {
        let other = try FixtureServer.start()
        defer { other.stop() }
        var routes = FixtureServer.standardRoutes
        routes["/away"] = .redirect(status: 307, to: other.url("/echo").absoluteString)
        let server = try FixtureServer.start(FixtureServer.Configuration(routes: routes))
        defer { server.stop() }
        var headers: HTTPHeaders = ["Accept": "application/json", "X-Request-Id": "r-1"]
        for name in Self.secretFields {
            #expect(Redaction.isSecret(name: name))
            headers[name] = "s3cret-\(name)"
        }
        try await withTransport(kind) { transport in
            let (_, here) = try await transport.fetch(server.url("/redirect/307").absoluteString, headers: headers)
            let sameOrigin = try JSONDecoder().decode(Received.self, from: here).headers
            for field in headers {
                #expect(sameOrigin[field.name.lowercased()] == field.value, "\(field.name) did not reach the same origin")
            }
            let (_, away) = try await transport.fetch(server.url("/away").absoluteString, method: "POST", headers: headers, body: Self.body)
            #expect(
                try JSONDecoder().decode(Echo.self, from: away) == Echo(method: "POST", bodyLength: Self.body.count, authorization: nil))
            let otherOrigin = try JSONDecoder().decode(Received.self, from: away).headers
            for name in Self.secretFields {
                #expect(otherOrigin[name.lowercased()] == nil, "\(name) crossed to another origin")
            }
            #expect(otherOrigin["accept"] == "application/json" && otherOrigin["x-request-id"] == "r-1")
            #expect(other.requestCount("/echo") == 1)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aRedirectLoopEndsAsTooManyRedirects(_ kind: TransportKind) async throws {
        let server = try FixtureServer.start(FixtureServer.Configuration(routes: ["/loop": .redirect(status: 302, to: "/loop")]))
        defer { server.stop() }
        try await withTransport(kind) { transport in
            #expect(await transport.failure(server.url("/loop").absoluteString) == .httpTooManyRedirects)
            #expect(server.requestCount("/loop") == Redirects.defaultLimit + 1)
        }
    }

    @Test(arguments: TransportKind.ownStacks)
    func withoutFollowingATransportReturnsTheRedirect(_ kind: TransportKind) async throws {
        try await withFixtureServer(kind, CurlConfiguration(maximumRedirects: 0)) { server, transport in
            let (response, _) = try await transport.fetch(server.url("/redirect/308").absoluteString, method: "POST", body: Self.body)
            #expect(response.statusCode == 308)
            #expect(response.headers["Location"] == "/echo")
            #expect(server.requestCount("/echo") == 0)
        }
    }
}

/// A JSON `POST` to any path.
private struct Order: Endpoint {
    let path: String
    let id: Int
    var method: String { "POST" }
    var body: RequestBody? { .json(["id": id]) }
}
#endif
