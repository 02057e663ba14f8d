import Courier
import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Cancelling the caller ends the call promptly wherever it waits, and surfaces as `cancelled`.
@Suite struct CancellationTests {
    /// Starts `call`, cancels it after a few milliseconds, and checks that it ends as `cancelled` well
    /// before `wouldTake` (a bound against hanging, not a speed claim).
    private func expectPromptCancellation(wouldTake: Duration = .seconds(30), _ call: @escaping @Sendable () async throws -> Void) async throws {
        let started = ContinuousClock.now
        let task = Task { try await call() }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
        #expect(ContinuousClock.now - started < wouldTake / 3)
    }

    @Test(arguments: Flavour.allCases)
    func duringTheRequestThroughEveryPolicy(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/slow", StubResponse.status(200).delayed(by: .seconds(30)))
        let store = TokenStore(credential: Credential(token: "t")) { _ in Credential(token: "u") }
        let client = flavour.client(for: server, middlewares: [
            RetryMiddleware(), AuthMiddleware(store: store), LoggingMiddleware(sink: RecordingSink()),
        ])
        try await expectPromptCancellation { try await client.send(Get(path: "slow")) }
    }

    @Test func duringARetryBackoff() async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(503))
        let policy = RetryPolicy(baseDelay: .seconds(30), maxDelay: .seconds(30), budget: .seconds(600))
        let client = Flavour.inMemory.client(for: server, middlewares: [RetryMiddleware(policy: policy, random: { 0.99 })])
        try await expectPromptCancellation { try await client.send(Get(path: "x")) }
        #expect(server.requests.count == 1)
    }

    @Test func duringATokenRefresh() async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(401))
        let store = TokenStore(credential: Credential(token: "t")) { _ in
            try await Task.sleep(for: .seconds(30))
            return Credential(token: "u")
        }
        let client = Flavour.inMemory.client(for: server, middlewares: [AuthMiddleware(store: store)])
        try await expectPromptCancellation { try await client.send(Get(path: "x")) }
    }

    /// swift-corelibs-foundation#5412: cancelling many URLSession requests while their connections
    /// fail could deadlock. Nothing listens on the discard port of the loopback interface, so each
    /// connection is refused as the cancellations arrive.
    @Test func cancellingManyURLSessionRequestsAtOnceDoesNotDeadlock() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let client = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:9")), session: session)
        let started = ContinuousClock.now
        for _ in 0..<5 {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<100 {
                    group.addTask { _ = try? await client.send(Get(path: "x")) }
                }
                try? await Task.sleep(for: .microseconds(100))
                group.cancelAll()
            }
        }
        // Reaching this line is the test; the bound only turns a hang into a failure report.
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
