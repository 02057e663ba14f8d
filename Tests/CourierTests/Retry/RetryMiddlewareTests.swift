import Courier
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private struct Post: PolicyOverriding {
    var overrides: PolicyOverrides
    var headers: [String: String] = [:]
    var path: String { "x" }
    var method: String { "POST" }
}

@Suite struct RetryMiddlewareTests {
    private func client(
        _ server: StubServer, _ clock: TestClock, policy: RetryPolicy = RetryPolicy(), sink: RecordingSink? = nil,
        flavour: Flavour = .inMemory
    ) -> APIClient {
        flavour.client(for: server, middlewares: [RetryMiddleware(policy: policy, clock: clock, random: { 0.5 }, sink: sink)])
    }

    /// Fails `failures` times with `failure`, then answers 200.
    private func flaky(_ server: StubServer, failures: Int, _ failure: StubResponse, method: String = "GET") -> Counter {
        let calls = Counter()
        server.route(method, "/x") { _ in calls.increment() <= failures ? failure : .json("[1]") }
        return calls
    }

    @Test(arguments: Flavour.allCases)
    func retriesAServerErrorWithJitteredExponentialBackoff(flavour: Flavour) async throws {
        let server = StubServer()
        let clock = TestClock()
        let calls = flaky(server, failures: 2, .status(503))
        let value = try await client(server, clock, flavour: flavour).send(Get(path: "x"), as: [Int].self)
        #expect(value == [1])
        #expect(calls.value == 3)
        // Half (the random draw) of 200 ms, then of 400 ms.
        #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retriesEveryRetryableStatus(status: Int) async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 1, .status(status))
        _ = try await client(server, TestClock()).send(Get(path: "x"), as: [Int].self)
        #expect(calls.value == 2)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 501])
    func doesNotRetryOtherStatuses(status: Int) async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 1, .status(status))
        await #expect(throws: APIError.badStatus(status)) { try await client(server, TestClock()).send(Get(path: "x")) }
        #expect(calls.value == 1)
    }

    @Test func givesUpAfterMaxAttemptsWithTheLastResponse() async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 10, .status(502))
        let clock = TestClock()
        await #expect(throws: APIError.badStatus(502)) {
            try await client(server, clock, policy: RetryPolicy(maxAttempts: 4)).send(Get(path: "x"))
        }
        #expect(calls.value == 4)
        #expect(clock.sleeps.count == 3)
    }

    @Test(arguments: [URLError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost])
    func retriesTransportFailuresWorthIt(code: URLError.Code) async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 2, .failure(code))
        _ = try await client(server, TestClock()).send(Get(path: "x"), as: [Int].self)
        #expect(calls.value == 3)
    }

    @Test func doesNotRetryOtherTransportFailures() async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 1, .failure(.unsupportedURL))
        let error = await #expect(throws: APIError.transport) { try await client(server, TestClock()).send(Get(path: "x")) }
        #expect(error?.urlErrorCode == .unsupportedURL)
        #expect(calls.value == 1)
    }

    @Test func theLastTransportFailureIsThrownWhenAttemptsRunOut() async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 10, .failure(.timedOut))
        let error = await #expect(throws: APIError.transport) { try await client(server, TestClock()).send(Get(path: "x")) }
        #expect(error?.urlErrorCode == .timedOut)
        #expect(calls.value == 3)
    }

    @Test func honoursRetryAfterInSeconds() async throws {
        let server = StubServer()
        _ = flaky(server, failures: 1, StubResponse(status: 429, headers: ["Retry-After": "7"]))
        let clock = TestClock()
        _ = try await client(server, clock).send(Get(path: "x"), as: [Int].self)
        #expect(clock.sleeps == [.seconds(7)])
    }

    @Test func honoursRetryAfterAsAnHTTPDate() async throws {
        let clock = TestClock(now: Date(timeIntervalSince1970: 1_445_412_450))  // 30 s before the date below
        let server = StubServer()
        _ = flaky(server, failures: 1, StubResponse(status: 503, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"]))
        _ = try await client(server, clock).send(Get(path: "x"), as: [Int].self)
        #expect(clock.sleeps == [.seconds(30)])
    }

    @Test func aRetryAfterBeyondTheCapIsPassedBackAtOnce() async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 1, StubResponse(status: 503, headers: ["Retry-After": "3600"]))
        let error = await #expect(throws: APIError.badStatus(503)) { try await client(server, TestClock()).send(Get(path: "x")) }
        #expect(error?.response?.headers["Retry-After"] == "3600")
        #expect(calls.value == 1)
    }

    @Test func anUnparsableRetryAfterFallsBackToBackoff() async throws {
        let server = StubServer()
        _ = flaky(server, failures: 1, StubResponse(status: 503, headers: ["Retry-After": "soon"]))
        let clock = TestClock()
        _ = try await client(server, clock).send(Get(path: "x"), as: [Int].self)
        #expect(clock.sleeps == [.milliseconds(100)])
    }

    @Test func stopsWhenTheTimeBudgetIsSpent() async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 10, StubResponse(status: 503, headers: ["Retry-After": "4"]))
        let clock = TestClock()
        let policy = RetryPolicy(maxAttempts: 10, budget: .seconds(10))
        await #expect(throws: APIError.badStatus(503)) { try await client(server, clock, policy: policy).send(Get(path: "x")) }
        // 4 s and 8 s fit the 10 s budget; a third wait would end at 12 s.
        #expect(clock.sleeps == [.seconds(4), .seconds(4)])
        #expect(calls.value == 3)
    }

    @Test func doesNotRetryAPostUnlessTheEndpointOptsIn() async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 1, .status(503), method: "POST")
        await #expect(throws: APIError.badStatus(503)) { try await client(server, TestClock()).send(Post(overrides: [])) }
        #expect(calls.value == 1)
        _ = try await client(server, TestClock()).send(Post(overrides: [RetryOverride.retryingNonIdempotent]))
        #expect(calls.value == 2)
    }

    @Test func retriesAPostThatCarriesAnIdempotencyKey() async throws {
        let server = StubServer()
        let calls = flaky(server, failures: 1, .status(503), method: "POST")
        _ = try await client(server, TestClock()).send(Post(overrides: [], headers: ["Idempotency-Key": "k-1"]))
        #expect(calls.value == 2)
    }

    @Test func thePolicysIdempotentMethodsDecideWhatIsRetried() async throws {
        let server = StubServer()
        let posts = flaky(server, failures: 1, .status(503), method: "POST")
        let gets = flaky(server, failures: 1, .status(503))
        let policy = RetryPolicy(idempotentMethods: ["POST"])
        _ = try await client(server, TestClock(), policy: policy).send(Post(overrides: []))
        #expect(posts.value == 2)
        await #expect(throws: APIError.badStatus(503)) { try await client(server, TestClock(), policy: policy).send(Get(path: "x")) }
        #expect(gets.value == 1)
    }

    @Test func anEndpointCanTurnRetryOffOrLimitIt() async throws {
        struct Fragile: PolicyOverriding {
            let overrides: PolicyOverrides
            var path: String { "x" }
        }
        let server = StubServer()
        let calls = flaky(server, failures: 10, .status(503))
        await #expect(throws: APIError.badStatus(503)) {
            try await client(server, TestClock()).send(Fragile(overrides: [RetryOverride.never]))
        }
        #expect(calls.value == 1)
        await #expect(throws: APIError.badStatus(503)) {
            try await client(server, TestClock()).send(Fragile(overrides: [RetryOverride(maxAttempts: 2)]))
        }
        #expect(calls.value == 3)
    }

    @Test func neverRetriesADecodingError() async throws {
        let server = StubServer()
        let calls = Counter()
        server.route("GET", "/x") { _ in
            calls.increment()
            return .json("not json")
        }
        await #expect(throws: APIError.decoding) { try await client(server, TestClock()).send(Get(path: "x"), as: [Int].self) }
        #expect(calls.value == 1)
    }

    @Test func reportsEachScheduledRetry() async throws {
        let server = StubServer()
        _ = flaky(server, failures: 2, .failure(.timedOut))
        let sink = RecordingSink()
        _ = try await client(server, TestClock(), sink: sink).send(Get(path: "x"), as: [Int].self)
        #expect(
            sink.events.map(\.kind) == [
                .retryScheduled(attempt: 2, delay: .milliseconds(100), reason: "URLError(-1001)"),
                .retryScheduled(attempt: 3, delay: .milliseconds(200), reason: "URLError(-1001)"),
            ])
    }

    @Test func backoffDoublesUpToTheCapWithFullJitter() {
        let policy = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        #expect(
            (1...6).map { policy.backoff(beforeRetry: $0, unit: 1) } == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1),
            ])
        #expect(policy.backoff(beforeRetry: 3, unit: 0) == .zero)
        #expect(policy.backoff(beforeRetry: 3, unit: 0.25) == .milliseconds(100))
        #expect(policy.backoff(beforeRetry: 1000, unit: 1) == .seconds(1))
    }
}
