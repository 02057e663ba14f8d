import Courier
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private func get(_ server: StubServer, _ pathAndQuery: String, method: String = "GET") async throws -> (HTTPResponse, Data) {
    try await server.respond(to: HTTPRequest(method: method, url: server.baseURL.absoluteString + pathAndQuery))
}

@Suite struct StubServerTests {
    @Test func matchesMethodAndPathWithOrWithoutALeadingSlash() async throws {
        let server = StubServer()
        server.route("get", "movies", .json("[]"))
        #expect(try await get(server, "/movies").0.statusCode == 200)
        #expect(try await get(server, "/movies", method: "POST").0.statusCode == 404)
        #expect(try await get(server, "/movies/1").0.statusCode == 404)
    }

    @Test func matchesQueryParametersAsASubset() async throws {
        let server = StubServer()
        server.route("GET", "/movies", query: ["page": "2"], .json(#"["two"]"#))
        server.route("GET", "/movies", query: ["page": "3"], .json(#"["three"]"#))
        #expect(try await get(server, "/movies?sort=asc&page=2").1 == Data(#"["two"]"#.utf8))
        #expect(try await get(server, "/movies?page=3").1 == Data(#"["three"]"#.utf8))
        #expect(try await get(server, "/movies?page=4").0.statusCode == 404)
    }

    @Test func aLaterRouteWinsOverAnEarlierOne() async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(200))
        server.route("GET", "/x", .status(404))
        #expect(try await get(server, "/x").0.statusCode == 404)
    }

    @Test func anUnmatchedRequestGetsA404ThatNamesIt() async throws {
        let (head, body) = try await get(StubServer(), "/nowhere")
        #expect(head.statusCode == 404)
        #expect(String(decoding: body, as: UTF8.self) == "no stub route for GET /nowhere")
    }

    @Test func recordsEveryRequestInOrderWithHeadersAndBody() async throws {
        let server = StubServer()
        server.route("POST", "/a", .status(201))
        var request = HTTPRequest(method: "POST", url: server.baseURL.absoluteString + "/a", body: Data("hi".utf8))
        request.headers["X-Id"] = "1"
        _ = try await server.respond(to: request)
        _ = try await get(server, "/b")
        #expect(server.requests.map(\.url) == [server.baseURL.absoluteString + "/a", server.baseURL.absoluteString + "/b"])
        #expect(server.requests.first == request)
    }

    @Test func aHandlerSeesTheRequestAndItsErrorsPropagate() async throws {
        struct Refused: Error {}
        let server = StubServer()
        server.route("GET", "/echo") { request in .json(#"{"url":"\#(request.url)"}"#) }
        server.route("GET", "/boom") { _ in throw Refused() }
        #expect(String(decoding: try await get(server, "/echo").1, as: UTF8.self).contains("/echo"))
        await #expect(throws: Refused.self) { try await get(server, "/boom") }
    }

    @Test func injectedFailuresThrowTheirURLError() async throws {
        let server = StubServer()
        server.route("GET", "/x", .failure(.networkConnectionLost))
        await #expect(throws: URLError(.networkConnectionLost)) { try await get(server, "/x") }
    }

    @Test func delayedAnswersStopWhenCancelled() async throws {
        let server = StubServer()
        server.route("GET", "/slow", StubResponse.status(200).delayed(by: .seconds(30)))
        let call = Task { try await get(server, "/slow") }
        try await Task.sleep(for: .milliseconds(20))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test func encodesValuesAsJSON() async throws {
        let server = StubServer()
        server.route("GET", "/v", try .json(["k": "v"], status: 202))
        let (head, body) = try await get(server, "/v")
        #expect(head.statusCode == 202)
        #expect(head.headers["content-type"] == "application/json")
        #expect(body == Data(#"{"k":"v"}"#.utf8))
    }

    @Test func theSessionServesTheRoutesThroughURLProtocol() async throws {
        let server = StubServer()
        server.route("PUT", "/doc", StubResponse(status: 200, headers: ["ETag": "\"v2\""], body: Data("ok".utf8)))
        var request = URLRequest(url: server.baseURL.appendingPathComponent("doc"))
        request.httpMethod = "PUT"
        request.httpBody = Data("payload".utf8)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let (body, response) = try await server.session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "etag") == "\"v2\"")
        #expect(body == Data("ok".utf8))
        let seen = try #require(server.requests.first)
        #expect(seen.body == Data("payload".utf8))
        #expect(seen.headers["content-type"] == "text/plain")
    }

    /// A redirect stub is followed alike in memory and through URLSession: a 307 keeps the POST and
    /// its body, a 303 turns it into a GET.
    @Test func redirectsAreFollowedAlikeInMemoryAndThroughURLSession() async throws {
        let server = StubServer()
        server.route("POST", "/old", StubResponse(status: 307, headers: ["Location": "/new"]))
        server.route("POST", "/done", StubResponse(status: 303, headers: ["Location": "/new"]))
        server.route("POST", "/new") { request in .json(#"{"got":"\#(String(decoding: request.body ?? Data(), as: UTF8.self))"}"#) }
        server.route("GET", "/new", .json(#"{"got":"a GET"}"#))
        struct Post: Endpoint {
            typealias Response = [String: String]
            let path: String
            var method: String { "POST" }
            var body: RequestBody? { .data(Data("order".utf8), contentType: "text/plain") }
        }
        for client in [
            APIClient(baseURL: server.baseURL, transport: server.transport), APIClient(baseURL: server.baseURL, session: server.session),
        ] {
            #expect(try await client.send(Post(path: "old")) == ["got": "order"])
            #expect(try await client.send(Post(path: "done")) == ["got": "a GET"])
        }
    }

    @Test func aHostWithoutAServerCannotBeFound() async throws {
        let server = StubServer()
        let stranger = try #require(URL(string: "https://nobody.stub.invalid/x"))
        await #expect(throws: URLError(.cannotFindHost)) { try await server.session.data(from: stranger) }
    }

    @Test func inMemoryConstantTransportAnswersEveryRequestAlike() async throws {
        let transport = InMemoryTransport.constant(status: 201, headers: ["A": "1"], body: Data("b".utf8))
        let (head, body) = try await transport.send(HTTPRequest(url: "https://h.test/anything"))
        #expect(head == HTTPResponse(statusCode: 201, headers: ["A": "1"]))
        #expect(body == Data("b".utf8))
    }
}

/// Two servers with conflicting routes for the same path, hammered at once through both flavours:
/// each client must only ever see its own server's answer.
@Suite struct StubIsolationTests {
    @Test(arguments: ["left", "right"])
    func conflictingStubsInParallelDoNotInterfere(name: String) async throws {
        let server = StubServer()
        server.route("GET", "/who", .json(#""\#(name)""#))
        let viaSession = APIClient(baseURL: server.baseURL, session: server.session)
        let inMemory = APIClient(baseURL: server.baseURL, transport: server.transport)
        struct Who: Endpoint {
            typealias Response = String
            var path: String { "who" }
        }
        try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<100 {
                group.addTask { try await (index.isMultiple(of: 2) ? viaSession : inMemory).send(Who()) }
            }
            for try await answer in group {
                #expect(answer == name)
            }
        }
        #expect(server.requests.count == 100)
    }
}
