import Courier
import CourierTesting
import Foundation
import Synchronization
import Testing

/// The order in which requests and responses passed the tracers of one test.
private final class Trace: Sendable {
    private let steps = Mutex<[String]>([])
    var all: [String] { steps.withLock { $0 } }
    func append(_ step: String) { steps.withLock { $0.append(step) } }
}

/// Records the order in which requests and responses pass it.
private struct Tracer: Middleware {
    let name: String
    let trace: Trace

    func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        trace.append("→\(name)")
        var request = request
        request.headers.add(name: "X-Passed", value: name)
        let answer = try await next(request)
        trace.append("←\(name)")
        return answer
    }
}

/// Remembers the overrides it was given.
private final class OverrideSpy: Middleware {
    let seen = Mutex<RetryOverride?>(nil)

    func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        seen.withLock { $0 = context.overrides[RetryOverride.self] }
        return try await next(request)
    }
}

private struct NoRetry: PolicyOverriding {
    var path: String { "x" }
    var overrides: PolicyOverrides { [RetryOverride.never] }
}

@Suite struct MiddlewareChainTests {
    @Test(arguments: Flavour.allCases)
    func requestsPassInOrderAndResponsesInReverse(flavour: Flavour) async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(200))
        let trace = Trace()
        let client = flavour.client(for: server, middlewares: [Tracer(name: "a", trace: trace), Tracer(name: "b", trace: trace)])
        try await client.send(Get(path: "x"))
        #expect(trace.all == ["→a", "→b", "←b", "←a"])
        // URLSession folds repeated fields into one, comma-separated.
        #expect(server.requests.first?.headers.values(for: "X-Passed").joined(separator: ",") == "a,b")
    }

    @Test func middlewaresSeeABadStatusBeforeTheClientJudgesIt() async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(503))
        let trace = Trace()
        let client = Flavour.inMemory.client(for: server, middlewares: [Tracer(name: "a", trace: trace)])
        await #expect(throws: APIError.badStatus(503)) { try await client.send(Get(path: "x")) }
        #expect(trace.all == ["→a", "←a"])
    }

    @Test func anEndpointsOverridesReachTheMiddlewares() async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(200))
        let spy = OverrideSpy()
        let client = Flavour.inMemory.client(for: server, middlewares: [spy])
        try await client.send(NoRetry())
        #expect(spy.seen.withLock { $0?.isEnabled } == false)
        try await client.send(Get(path: "x"))
        #expect(spy.seen.withLock { $0 } == nil)
    }

    @Test func overridesOfTheSameTypeKeepTheLast() {
        let overrides: PolicyOverrides = [RetryOverride.never, RetryOverride.retryingNonIdempotent]
        #expect(overrides[RetryOverride.self]?.retriesNonIdempotent == true)
        #expect(overrides[AuthOverride.self] == nil)
    }

    @Test func aBuiltRequestCarriesOverridesThroughDataForRequest() async throws {
        let server = StubServer()
        server.route("GET", "/x", .status(200))
        let spy = OverrideSpy()
        let client = Flavour.inMemory.client(for: server, middlewares: [spy])
        _ = try await client.data(for: client.request(for: Get(path: "x")), overrides: [RetryOverride.never])
        #expect(spy.seen.withLock { $0?.isEnabled } == false)
    }

    @Test func aMiddlewaresOwnAPIErrorReachesTheCallerUnwrapped() async throws {
        struct Refuse: Middleware {
            func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
                throw APIError(.badStatus(451), request: request)
            }
        }
        let server = StubServer()
        await #expect(throws: APIError.badStatus(451)) {
            try await Flavour.inMemory.client(for: server, middlewares: [Refuse()]).send(Get(path: "x"))
        }
        #expect(server.requests.isEmpty)
    }
}
