import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fails a request with `URLError(.timedOut)` when the rest of the chain has not answered within a
/// limit, even if it ignores cancellation.
///
/// A guard against a transport that hangs, such as Foundation 6.3.1's URLSession on Linux given a
/// 401 that offers `Basic` through a session whose delegate is not Courier's (see
/// ``URLSessionTransport``): the hung task is cancelled and abandoned, and the caller gets its answer
/// on time (``withTimeLimit(_:clock:_:)``). Place it last, nearest the transport, so that each
/// attempt has its own limit.
public struct TimeoutMiddleware: Middleware {
    private let limit: Duration
    private let clock: any ClientClock

    /// A middleware allowing each request `limit`, timed by `clock`.
    public init(_ limit: Duration, clock: any ClientClock = SystemClock()) {
        self.limit = limit
        self.clock = clock
    }

    /// Races the rest of the chain against the limit; whichever ends first answers.
    public func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        try await withTimeLimit(limit, clock: clock) { try await next(request) }
    }
}
