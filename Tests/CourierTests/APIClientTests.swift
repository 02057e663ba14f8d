import Courier
import CourierJSON
import CourierTesting
import Foundation
import Testing

@Suite struct APIClientTests {
    @Test(arguments: Flavour.allCases)
    func decodesTheEndpointsOwnResponseType(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/movies", query: ["page": "2"], .json(#"[{"id":1,"title":"Alien"}]"#))
        let movies = try await flavour.client(for: server).send(Movies(page: 2))
        #expect(movies == [Movie(id: 1, title: "Alien")])
    }

    @Test(arguments: Flavour.allCases)
    func returnsTheRawBodyAsData(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/raw", .json("not json at all"))
        let data = try await flavour.client(for: server).send(Get(path: "raw"), as: Data.self)
        #expect(data == Data("not json at all".utf8))
    }

    @Test(arguments: Flavour.allCases)
    func acceptsAnEmptyBodyAsEmpty(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("DELETE", "/movies/1", .status(204))
        struct Delete: Endpoint {
            var path: String { "movies/1" }
            var method: String { "DELETE" }
        }
        let result = try await flavour.client(for: server).send(Delete())
        #expect(result == Empty())
    }

    @Test func emptyBodyForADecodableTypeIsADecodingError() async throws {
        let server = StubServer()
        server.route("GET", "/movies", .status(204))
        await #expect(throws: APIError.decoding) { try await Flavour.inMemory.client(for: server).send(Movies(page: 1)) }
    }

    @Test func usesTheInjectedDecoderStrategies() async throws {
        struct Event: Decodable, Equatable { let startsAt: Date }
        let server = StubServer()
        server.route("GET", "/event", .json(#"{"starts_at":"2026-11-29T18:00:00Z"}"#))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let event = try await Flavour.inMemory.client(for: server, decoder: decoder).send(Get(path: "event"), as: Event.self)
        #expect(event.startsAt == Date(timeIntervalSince1970: 1_795_975_200))
    }

    @Test func decodesWithCourierJSONDecoderAndItsStrategies() async throws {
        struct Event: Decodable, Equatable { let startsAt: Date }
        let server = StubServer()
        server.route("GET", "/event", .json(#"{"starts_at":"2026-11-29T18:00:00Z"}"#))
        let decoder = CourierJSONDecoder(keyDecodingStrategy: .convertFromSnakeCase, dateDecodingStrategy: .iso8601)
        let client = Flavour.inMemory.client(for: server, decoder: decoder)
        let event = try await client.send(Get(path: "event"), as: Event.self)
        #expect(event.startsAt == Date(timeIntervalSince1970: 1_795_975_200))
    }

    @Test func courierJSONDecoderFailuresAreDecodingErrorsWithTheirPath() async throws {
        let server = StubServer()
        server.route("GET", "/movies", query: ["page": "1"], .json(#"[{"id":1,"title":"Alien"},{"id":"2","title":"Aliens"}]"#))
        server.route("GET", "/movies", query: ["page": "2"], .json(#"[{"id":1,"title":"Alien"},]"#))
        let client = Flavour.inMemory.client(for: server, decoder: CourierJSONDecoder())
        let mismatch = await #expect(throws: APIError.decoding) { try await client.send(Movies(page: 1)) }
        guard case .typeMismatch(_, let context) = mismatch?.decodingError else {
            Issue.record("\(String(describing: mismatch))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 1", "id"])
        // JSONDecoder accepts the trailing comma; CourierJSONDecoder does not.
        let invalid = await #expect(throws: APIError.decoding) { try await client.send(Movies(page: 2)) }
        let message = invalid?.decodingError.map { "\($0)" } ?? ""
        #expect(message.contains("Trailing comma before ']'") && message.contains("line 1, column 26"), "\(message)")
    }

    @Test(arguments: Flavour.allCases)
    func sendsHeadersAndAJSONBody(flavour: Flavour) async throws {
        struct Login: Encodable, Sendable { let userName: String }
        struct SignIn: Endpoint {
            var path: String { "/session" }
            var method: String { "POST" }
            var headers: [String: String] { ["X-Trace": "t-1"] }
            var body: RequestBody? { .json(Login(userName: "ripley")) }
        }
        let server = StubServer()
        server.route("POST", "/session", .status(201))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        try await flavour.client(for: server, encoder: encoder).send(SignIn())

        let seen = try #require(server.requests.first)
        #expect(seen.method == "POST")
        #expect(seen.headers["x-trace"] == "t-1")
        #expect(seen.headers["Content-Type"] == "application/json")
        #expect(seen.body == Data(#"{"user_name":"ripley"}"#.utf8))
    }

    @Test(arguments: Flavour.allCases)
    func encodesBodiesWithCourierJSONEncoderAndItsStrategies(flavour: Flavour) async throws {
        struct Login: Encodable, Sendable {
            let userName: String
            let signedInAt: Date
            let scopes: [String]
        }
        struct SignIn: Endpoint {
            var path: String { "/session" }
            var method: String { "POST" }
            var body: RequestBody? { .json(Login(userName: "ripley", signedInAt: Date(timeIntervalSince1970: 0), scopes: ["a/b"])) }
        }
        let server = StubServer()
        server.route("POST", "/session", .status(201))
        let encoder = CourierJSONEncoder(
            outputFormatting: .sortedKeys, keyEncodingStrategy: .convertToSnakeCase, dateEncodingStrategy: .iso8601)
        try await flavour.client(for: server, encoder: encoder).send(SignIn())

        let seen = try #require(server.requests.first)
        #expect(seen.headers["Content-Type"] == "application/json")
        #expect(seen.body == Data(#"{"scopes":["a\/b"],"signed_in_at":"1970-01-01T00:00:00Z","user_name":"ripley"}"#.utf8))
    }

    @Test func anEndpointsOwnContentTypeWins() throws {
        struct Upload: Endpoint {
            var path: String { "upload" }
            var headers: [String: String] { ["content-type": "application/vnd.api+json"] }
            var body: RequestBody? { .json(["a": 1]) }
        }
        let request = try Flavour.inMemory.client(for: StubServer()).request(for: Upload())
        #expect(request.headers.values(for: "Content-Type") == ["application/vnd.api+json"])
    }
}

@Suite struct APIClientErrorTests {
    @Test(arguments: Flavour.allCases)
    func badStatusCarriesTheResponseHeadAndBody(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/movies", StubResponse(status: 503, headers: ["Retry-After": "7"], body: Data("down".utf8)))
        let error = await #expect(throws: APIError.self) { try await flavour.client(for: server).send(Movies(page: 1)) }
        #expect(error == .badStatus(503))
        #expect(error?.statusCode == 503)
        #expect(error?.response?.headers["retry-after"] == "7")
        #expect(error?.responseBody == Data("down".utf8))
        #expect(error?.request?.url.hasSuffix("/movies?page=1") == true)
        #expect(error.map(String.init(describing:)) == "badStatus(503)")
    }

    @Test(arguments: [199, 300, 304, 400, 401, 404, 500, 599])
    func everyStatusOutsideTheSuccessRangeIsBadStatus(status: Int) async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(status))
        await #expect(throws: APIError.badStatus(status)) { try await Flavour.inMemory.client(for: server).send(Get(path: "x")) }
    }

    @Test(arguments: Flavour.allCases)
    func decodingErrorKeepsTheCodingPath(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/movies", .json(#"[{"id":1,"title":"Alien"},{"id":"two","title":"Aliens"}]"#))
        let error = await #expect(throws: APIError.decoding) { try await flavour.client(for: server).send(Movies(page: 1)) }
        guard case .typeMismatch(_, let context) = try #require(error?.decodingError) else {
            Issue.record("expected a type mismatch, got \(String(describing: error?.decodingError))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 1", "id"])
        #expect(error.map(String.init(describing:)) == "decoding")
    }

    @Test(arguments: Flavour.allCases, [URLError.Code.timedOut, .cannotConnectToHost, .networkConnectionLost])
    func transportFailureKeepsTheURLErrorCode(flavour: Flavour, code: URLError.Code) async throws {
        let server = StubServer()
        server.route("GET", "/movies", .failure(code))
        let error = await #expect(throws: APIError.transport) { try await flavour.client(for: server).send(Movies(page: 1)) }
        #expect(error?.urlErrorCode == code)
    }

    @Test(arguments: Flavour.allCases)
    func cancellingTheCallerIsCancellationNotTransport(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/slow", StubResponse(body: Data("{}".utf8)).delayed(by: .seconds(120)))
        let client = flavour.client(for: server)
        let started = ContinuousClock.now
        let call = Task { try await client.send(Get(path: "slow"), as: Data.self) }
        try await Task.sleep(for: .milliseconds(50))
        call.cancel()
        let result = await call.result
        #expect(throws: APIError.cancelled) { try result.get() }
        // A bound against hanging, not a speed claim: the stub would take 120 s, and a third of that
        // holds while the whole test suite keeps both cores of a small machine busy.
        #expect(ContinuousClock.now - started < .seconds(40))
    }

    @Test func unencodableBodyIsAnEncodingError() async throws {
        struct Bad: Endpoint {
            var path: String { "x" }
            var method: String { "POST" }
            var body: RequestBody? { .json(["nan": Double.nan]) }
        }
        let server = StubServer()
        await #expect(throws: APIError.encoding) { try await Flavour.inMemory.client(for: server).send(Bad()) }
        let error = await #expect(throws: APIError.encoding) {
            try await Flavour.inMemory.client(for: server, encoder: CourierJSONEncoder()).send(Bad())
        }
        guard case .invalidValue(_, let context)? = error?.underlyingError as? EncodingError else {
            Issue.record("expected the encoder's EncodingError, got \(String(describing: error?.underlyingError))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["nan"])
        #expect(server.requests.isEmpty)
    }

    @Test func unusableBaseURLIsInvalidURLAndSendsNothing() async throws {
        let server = StubServer()
        let client = APIClient(baseURL: try #require(URL(string: "relative/path")), transport: server.transport)
        await #expect(throws: APIError.invalidURL) { try await client.send(Get(path: "x")) }
        #expect(server.requests.isEmpty)
    }

    @Test func anAPIErrorFromTheTransportPassesThroughUnwrapped() async throws {
        let transport = InMemoryTransport { _ in throw APIError(.badStatus(418)) }
        let client = APIClient(baseURL: try #require(URL(string: "https://h.test")), transport: transport)
        await #expect(throws: APIError.badStatus(418)) { try await client.send(Get(path: "x")) }
    }

    @Test func anyOtherTransportErrorIsTransport() async throws {
        struct Broken: Error {}
        let client = APIClient(baseURL: try #require(URL(string: "https://h.test")), transport: InMemoryTransport { _ in throw Broken() })
        let error = await #expect(throws: APIError.transport) { try await client.send(Get(path: "x")) }
        #expect(error?.underlyingError is Broken)
    }

    @Test func catchPatternsMatchByKind() async throws {
        let server = StubServer()
        server.route("GET", "/x", .json("nope"))
        do {
            _ = try await Flavour.inMemory.client(for: server).send(Get(path: "x"), as: [Int].self)
            Issue.record("expected a decoding error")
        } catch APIError.decoding {
            // The pattern matched by kind although the error carries context.
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func debugDescriptionCarriesTheContext() {
        let error = APIError(.badStatus(500), request: HTTPRequest(url: "https://h.test/x"), responseBody: Data("oops".utf8))
        #expect(error.debugDescription == "badStatus(500); GET https://h.test/x; body: 4 bytes")
        let withToken = APIError(.badStatus(401), request: HTTPRequest(url: "https://u:pw@h.test/x?api_key=k3y&page=2"))
        #expect(withToken.debugDescription == "badStatus(401); GET https://REDACTED@h.test/x?api_key=REDACTED&page=2")
    }
}
