import Courier
import CourierTesting
import Foundation
import Testing

/// Cancelling the caller ends the call promptly wherever it waits, and surfaces as `cancelled`.
@Suite struct CancellationTests {
    /// Starts `call`, cancels it after a few milliseconds, and checks that it ends as `cancelled` well
    /// before `wouldTake` (a bound against hanging, not a speed claim: two minutes, so that a third of
    /// it holds while the whole test suite keeps both cores of a small machine busy).
    private func expectPromptCancellation(wouldTake: Duration = .seconds(120), _ call: @escaping @Sendable () async throws -> Void)
        async throws
    {
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
        server.route("GET", "/slow", StubResponse.status(200).delayed(by: .seconds(120)))
        let store = TokenStore(credential: Credential(token: "t")) { _ in Credential(token: "u") }
        let client = flavour.client(
            for: server,
            middlewares: [
                RetryMiddleware(), AuthMiddleware(store: store), LoggingMiddleware(sink: RecordingSink()),
            ])
        try await expectPromptCancellation { try await client.send(Get(path: "slow")) }
    }

    @Test func duringARetryBackoff() async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(503))
        let policy = RetryPolicy(baseDelay: .seconds(120), maxDelay: .seconds(120), budget: .seconds(600))
        let client = Flavour.inMemory.client(for: server, middlewares: [RetryMiddleware(policy: policy, random: { 0.99 })])
        try await expectPromptCancellation { try await client.send(Get(path: "x")) }
        #expect(server.requests.count == 1)
    }

    @Test func duringATokenRefresh() async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(401))
        let store = TokenStore(credential: Credential(token: "t")) { _ in
            try await Task.sleep(for: .seconds(120))
            return Credential(token: "u")
        }
        let client = Flavour.inMemory.client(for: server, middlewares: [AuthMiddleware(store: store)])
        try await expectPromptCancellation { try await client.send(Get(path: "x")) }
    }
}
