import Courier
import CourierTesting
import Foundation
import Testing

/// A server whose `/me` accepts only `Bearer <valid>`, and a refresh function that hands out the
/// valid token after `delay`, counting its calls.
private struct Fixture {
    let server = StubServer()
    let refreshes = Counter()

    init(valid: String = "new") {
        server.route("GET", "/me") { request in
            request.headers["Authorization"] == "Bearer \(valid)" ? .json(#"{"ok":true}"#) : .status(401)
        }
    }

    func store(
        _ initial: String? = "old",
        delay: Duration = .zero,
        issuing token: String = "new",
        clock: any ClientClock = SystemClock(),
        expiresAt: Date? = nil,
        sink: (any LogSink)? = nil
    ) -> TokenStore {
        let refreshes = self.refreshes
        return TokenStore(credential: initial.map { Credential(token: $0, expiresAt: expiresAt) }, clock: clock, sink: sink) { _ in
            refreshes.increment()
            if delay > .zero { try await Task.sleep(for: delay) }
            return Credential(token: token)
        }
    }

    func tokensSeen() -> [String?] {
        server.requests.map { $0.headers["Authorization"] }
    }
}

private struct Me: Endpoint {
    typealias Response = [String: Bool]
    var path: String { "me" }
}

private struct Public: PolicyOverriding {
    var path: String { "me" }
    var overrides: PolicyOverrides { [AuthOverride.anonymous] }
}

@Suite struct AuthMiddlewareTests {
    @Test(arguments: Flavour.allCases)
    func sendsTheCredentialInAuthorization(flavour: Flavour) async throws {
        let fixture = Fixture(valid: "old")
        let client = flavour.client(for: fixture.server, middlewares: [AuthMiddleware(store: fixture.store())])
        #expect(try await client.send(Me()) == ["ok": true])
        #expect(fixture.tokensSeen() == ["Bearer old"])
        #expect(fixture.refreshes.value == 0)
    }

    /// The headline: 50 requests refused at once cause exactly one refresh, and all 50 succeed with
    /// the new token.
    @Test(arguments: Flavour.allCases)
    func fiftyConcurrent401sShareOneRefresh(flavour: Flavour) async throws {
        let fixture = Fixture()
        let client = flavour.client(for: fixture.server, middlewares: [AuthMiddleware(store: fixture.store(delay: .milliseconds(200)))])
        let results = try await withThrowingTaskGroup(of: [String: Bool].self) { group in
            for _ in 0..<50 { group.addTask { try await client.send(Me()) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0 == ["ok": true] })
        #expect(fixture.refreshes.value == 1)
        let seen = fixture.tokensSeen()
        #expect(seen.count(where: { $0 == "Bearer old" }) == 50)
        #expect(seen.count(where: { $0 == "Bearer new" }) == 50)
    }

    @Test func aRequestRefusedWithAnOlderTokenRetriesWithoutAnotherRefresh() async throws {
        let fixture = Fixture()
        // The slow request is refused only after the fast one has already refreshed.
        fixture.server.route("GET", "/slow") { request in
            request.headers["Authorization"] == "Bearer new" ? .json("{}") : StubResponse.status(401).delayed(by: .milliseconds(300))
        }
        let client = Flavour.inMemory.client(for: fixture.server, middlewares: [AuthMiddleware(store: fixture.store())])
        async let slow = client.send(Get(path: "slow"))
        try await Task.sleep(for: .milliseconds(50))
        try await client.send(Me())
        _ = try await slow
        #expect(fixture.refreshes.value == 1)
    }

    @Test func aFailedRefreshFailsEveryWaiterOnceAndDoesNotLoop() async throws {
        struct Down: Error {}
        let fixture = Fixture()
        let refreshes = fixture.refreshes
        // A clock that stands still: on a busy machine a late 401 may come more than the minimum
        // interval after the failed refresh, and on the wall clock it would rightly start another.
        let store = TokenStore(credential: Credential(token: "old"), clock: TestClock()) { _ in
            refreshes.increment()
            try await Task.sleep(for: .milliseconds(100))
            throw Down()
        }
        let client = Flavour.inMemory.client(for: fixture.server, middlewares: [AuthMiddleware(store: store)])
        let errors = await withTaskGroup(of: APIError?.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do throws(APIError) {
                        _ = try await client.send(Me())
                        return nil
                    } catch { return error }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(errors.count == 10)
        for error in errors {
            #expect(error == .badStatus(401))
            let cause = error?.underlyingError as? AuthenticationError
            #expect(cause?.reason == .refreshFailed)
            #expect(cause?.underlyingError is Down)
            #expect(cause?.description == "token refresh failed: Down")
        }
        #expect(refreshes.value == 1)
        #expect(fixture.server.requests.count == 10)
    }

    @Test func refreshesAreRateLimited() async throws {
        let server = StubServer()
        server.route("GET", "/me", .status(401))  // refuses every token
        let clock = TestClock()
        let refreshes = Counter()
        let store = TokenStore(credential: Credential(token: "t0"), minimumRefreshInterval: .seconds(5), clock: clock) { _ in
            Credential(token: "t\(refreshes.increment())")
        }
        let client = Flavour.inMemory.client(for: server, middlewares: [AuthMiddleware(store: store)])

        // Refused, refreshed, refused again: the second 401 is the answer, with no second refresh.
        let first = await #expect(throws: APIError.badStatus(401)) { try await client.send(Me()) }
        #expect(first?.underlyingError == nil)
        #expect(refreshes.value == 1)

        // Refused with the fresh token within the interval: no refresh, a clear error.
        let second = await #expect(throws: APIError.badStatus(401)) { try await client.send(Me()) }
        #expect((second?.underlyingError as? AuthenticationError)?.reason == .refreshRateLimited)
        #expect(refreshes.value == 1)

        clock.advance(by: .seconds(6))
        await #expect(throws: APIError.badStatus(401)) { try await client.send(Me()) }
        #expect(refreshes.value == 2)
        #expect(server.requests.count == 5)
    }

    @Test func refreshesAheadOfTimeWhenTheCredentialHasExpired() async throws {
        let fixture = Fixture()
        let clock = TestClock()
        let store = fixture.store(clock: clock, expiresAt: clock.now.addingTimeInterval(10))
        let client = Flavour.inMemory.client(for: fixture.server, middlewares: [AuthMiddleware(store: store)])
        try await client.send(Me())
        // Within the default 30 s leeway: refreshed before anything was sent.
        #expect(fixture.tokensSeen() == ["Bearer new"])
        #expect(fixture.refreshes.value == 1)
        #expect(await store.current?.token == "new")
    }

    @Test func withoutACredentialTheFirstRequestRefreshes() async throws {
        let fixture = Fixture()
        let client = Flavour.inMemory.client(for: fixture.server, middlewares: [AuthMiddleware(store: fixture.store(nil))])
        try await client.send(Me())
        #expect(fixture.tokensSeen() == ["Bearer new"])
    }

    @Test func anAnonymousEndpointIsSentWithoutCredentials() async throws {
        let fixture = Fixture()
        fixture.server.route("GET", "/me", .status(204))
        let client = Flavour.inMemory.client(for: fixture.server, middlewares: [AuthMiddleware(store: fixture.store())])
        try await client.send(Public())
        #expect(fixture.tokensSeen() == [nil])
    }

    @Test func reportsRefreshesToTheSink() async throws {
        let fixture = Fixture()
        let sink = RecordingSink()
        let client = Flavour.inMemory.client(for: fixture.server, middlewares: [AuthMiddleware(store: fixture.store(sink: sink))])
        try await client.send(Me())
        #expect(sink.events.map(\.kind) == [.refreshStarted, .refreshFinished(succeeded: true)])
    }

    @Test func aCredentialNeverPrintsItsToken() {
        let credential = Credential(token: "s3cr3t-token", expiresAt: Date(timeIntervalSince1970: 0))
        var dumped = ""
        dump(credential, to: &dumped)
        for text in [String(describing: credential), String(reflecting: credential), "\(credential)", dumped] {
            #expect(!text.contains("s3cr3t"))
        }
        #expect(credential.authorization == "Bearer s3cr3t-token")
    }
}
