import Courier
import CourierTesting
import Foundation
import Testing

@Suite struct CacheMiddlewareTests {
    private struct Setup {
        let server = StubServer()
        let clock = TestClock()
        let cache: ResponseCache
        let calls = Counter()

        init(capacity: Int = 10_000_000) {
            cache = ResponseCache(capacity: capacity)
        }

        /// Routes `path` to a body naming the call's number, with these header fields.
        func route(_ path: String = "/x", headers: HTTPHeaders) {
            let calls = self.calls
            server.route("GET", path) { _ in
                StubResponse(status: 200, headers: headers, body: Data("\(calls.increment())".utf8))
            }
        }

        func client(_ flavour: Flavour = .inMemory, before: [any Middleware] = []) -> APIClient {
            flavour.client(for: server, middlewares: before + [CacheMiddleware(cache: cache, clock: clock)])
        }

        func body(_ client: APIClient, _ path: String = "x") async throws -> String {
            String(decoding: try await client.send(Get(path: path), as: Data.self), as: UTF8.self)
        }
    }

    @Test(arguments: Flavour.allCases)
    func servesAFreshResponseWithoutAskingTheServer(flavour: Flavour) async throws {
        let setup = Setup()
        setup.route(headers: ["Cache-Control": "max-age=60"])
        let client = setup.client(flavour)
        #expect(try await setup.body(client) == "1")
        setup.clock.advance(by: .seconds(59))
        #expect(try await setup.body(client) == "1")
        #expect(setup.server.requests.count == 1)
        setup.clock.advance(by: .seconds(2))
        #expect(try await setup.body(client) == "2")
    }

    @Test func theAgeTheResponseArrivedWithCounts() async throws {
        let setup = Setup()
        setup.route(headers: ["Cache-Control": "max-age=60", "Age": "50"])
        let client = setup.client()
        _ = try await setup.body(client)
        setup.clock.advance(by: .seconds(11))
        #expect(try await setup.body(client) == "2")
    }

    @Test(arguments: Flavour.allCases)
    func revalidatesAStaleEntryAndServesItsBodyOnA304(flavour: Flavour) async throws {
        let setup = Setup()
        setup.server.route("GET", "/x") { request in
            if request.headers["If-None-Match"] == #""v1""# {
                return StubResponse(status: 304, headers: ["Cache-Control": "max-age=30"])
            }
            return StubResponse(status: 200, headers: ["ETag": #""v1""#, "Cache-Control": "max-age=10"], body: Data("payload".utf8))
        }
        let client = setup.client(flavour)
        #expect(try await setup.body(client) == "payload")
        setup.clock.advance(by: .seconds(11))
        #expect(try await setup.body(client) == "payload")
        #expect(setup.server.requests.last?.headers["If-None-Match"] == #""v1""#)
        // The 304's max-age now applies: fresh for 30 s more without asking.
        setup.clock.advance(by: .seconds(20))
        #expect(try await setup.body(client) == "payload")
        #expect(setup.server.requests.count == 2)
    }

    @Test func revalidatesWithLastModifiedAndStoresANewAnswer() async throws {
        let setup = Setup()
        setup.route(headers: ["Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT"])
        let client = setup.client()
        #expect(try await setup.body(client) == "1")
        #expect(try await setup.body(client) == "2")
        #expect(setup.server.requests.last?.headers["If-Modified-Since"] == "Wed, 21 Oct 2015 07:28:00 GMT")
    }

    @Test func noCacheStoresButAlwaysRevalidates() async throws {
        let setup = Setup()
        setup.server.route("GET", "/x") { request in
            request.headers["If-None-Match"] == "e"
                ? .status(304)
                : StubResponse(status: 200, headers: ["ETag": "e", "Cache-Control": "no-cache, max-age=600"], body: Data("b".utf8))
        }
        let client = setup.client()
        #expect(try await setup.body(client) == "b")
        #expect(try await setup.body(client) == "b")
        #expect(setup.server.requests.map { $0.headers["If-None-Match"] } == [nil, "e"])
    }

    @Test func noStoreIsNeverStoredAndEvictsAnEarlierEntry() async throws {
        let setup = Setup()
        let calls = setup.calls
        setup.server.route("GET", "/x") { _ in
            let first = calls.increment() == 1
            return StubResponse(status: 200, headers: first ? ["Cache-Control": "max-age=10", "ETag": "e"] : ["Cache-Control": "no-store"])
        }
        setup.server.route("GET", "/y", StubResponse(status: 200, headers: ["Cache-Control": "private, no-store"]))
        let client = setup.client()
        _ = try await setup.body(client, "y")
        _ = try await setup.body(client, "y")
        #expect(setup.server.requests.count == 2)
        _ = try await setup.body(client)
        #expect(setup.cache.count == 1)
        setup.clock.advance(by: .seconds(11))
        _ = try await setup.body(client)
        #expect(setup.cache.count == 0)
    }

    @Test func privateResponsesAreStoredByThisClientCache() async throws {
        let setup = Setup()
        setup.route(headers: ["Cache-Control": "private, max-age=60"])
        let client = setup.client()
        _ = try await setup.body(client)
        #expect(try await setup.body(client) == "1")
    }

    @Test func responsesNeverCrossFromOneCredentialToAnother() async throws {
        let setup = Setup()
        setup.route(headers: ["Cache-Control": "private, max-age=600"])
        let alice = TokenStore(credential: Credential(token: "alice")) { _ in Credential(token: "alice") }
        let bob = TokenStore(credential: Credential(token: "bob")) { _ in Credential(token: "bob") }
        let asAlice = setup.client(before: [AuthMiddleware(store: alice)])
        let asBob = setup.client(before: [AuthMiddleware(store: bob)])
        #expect(try await setup.body(asAlice) == "1")
        #expect(try await setup.body(asBob) == "2")
        #expect(try await setup.body(asAlice) == "1")
        #expect(try await setup.body(asBob) == "2")
    }

    @Test func evictsTheLeastRecentlyUsedToStayWithinItsBytes() async throws {
        let setup = Setup(capacity: 450)
        for path in ["/a", "/b", "/c"] {
            setup.server.route(
                "GET", path, StubResponse(status: 200, headers: ["Cache-Control": "max-age=600"], body: Data(repeating: 0x61, count: 100)))
        }
        let client = setup.client()
        _ = try await setup.body(client, "a")
        _ = try await setup.body(client, "b")
        _ = try await setup.body(client, "a")  // a is now more recent than b
        _ = try await setup.body(client, "c")  // no room for three: b goes
        #expect(setup.cache.count == 2)
        #expect(setup.cache.bytes <= 450)
        _ = try await setup.body(client, "a")
        _ = try await setup.body(client, "c")
        #expect(setup.server.requests.count == 3)
        _ = try await setup.body(client, "b")
        #expect(setup.server.requests.count == 4)
    }

    @Test func anEntryLargerThanTheCacheIsNotStored() async throws {
        let setup = Setup(capacity: 50)
        setup.server.route("GET", "/x", StubResponse(status: 200, headers: ["Cache-Control": "max-age=600"], body: Data(count: 100)))
        _ = try await setup.body(setup.client())
        #expect(setup.cache.count == 0)
    }

    @Test func onlySuccessfulGETsAreStored() async throws {
        let setup = Setup()
        setup.server.route("POST", "/x", StubResponse(status: 200, headers: ["Cache-Control": "max-age=60"]))
        setup.server.route("GET", "/missing", StubResponse(status: 404, headers: ["Cache-Control": "max-age=60"]))
        struct Post: Endpoint {
            var path: String { "x" }
            var method: String { "POST" }
        }
        let client = setup.client()
        try await client.send(Post())
        await #expect(throws: APIError.badStatus(404)) { try await client.send(Get(path: "missing")) }
        #expect(setup.cache.count == 0)
    }

    @Test func anEndpointCanBypassTheCache() async throws {
        struct Live: PolicyOverriding {
            var path: String { "x" }
            var overrides: PolicyOverrides { [CacheOverride.bypass] }
        }
        let setup = Setup()
        setup.route(headers: ["Cache-Control": "max-age=60"])
        let client = setup.client()
        _ = try await client.send(Live(), as: Data.self)
        _ = try await client.send(Live(), as: Data.self)
        #expect(setup.server.requests.count == 2)
        #expect(setup.cache.count == 0)
    }

    @Test func aRequestsOwnNoCacheForcesRevalidation() async throws {
        struct Reload: Endpoint {
            var path: String { "x" }
            var headers: [String: String] { ["Cache-Control": "no-cache"] }
        }
        let setup = Setup()
        setup.route(headers: ["Cache-Control": "max-age=60", "ETag": "e"])
        let client = setup.client()
        _ = try await setup.body(client)
        _ = try await client.send(Reload(), as: Data.self)
        #expect(setup.server.requests.last?.headers["If-None-Match"] == "e")
    }

    @Test func honoursVary() async throws {
        struct Localized: Endpoint {
            let language: String
            var path: String { "x" }
            var headers: [String: String] { ["Accept-Language": language] }
        }
        let setup = Setup()
        setup.route(headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"])
        let client = setup.client()
        _ = try await client.send(Localized(language: "en"), as: Data.self)
        _ = try await client.send(Localized(language: "en"), as: Data.self)
        _ = try await client.send(Localized(language: "fr"), as: Data.self)
        #expect(setup.server.requests.count == 2)
    }

    @Test func expiresWorksWithoutMaxAge() async throws {
        let setup = Setup()
        setup.route(headers: ["Date": "Wed, 21 Oct 2015 07:28:00 GMT", "Expires": "Wed, 21 Oct 2015 07:29:00 GMT"])
        let client = setup.client()
        _ = try await setup.body(client)
        setup.clock.advance(by: .seconds(30))
        #expect(try await setup.body(client) == "1")
        setup.clock.advance(by: .seconds(31))
        #expect(try await setup.body(client) == "2")
    }

    @Test func removeAllEmptiesTheCache() async throws {
        let setup = Setup()
        setup.route(headers: ["Cache-Control": "max-age=60"])
        _ = try await setup.body(setup.client())
        setup.cache.removeAll()
        #expect(setup.cache.count == 0)
        #expect(setup.cache.bytes == 0)
    }
}
