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
/// on time (``withTimeLimit(_:clock:abandonment:_:)``). Place it last, nearest the transport, so that
/// each attempt has its own limit.
public struct TimeoutMiddleware: Middleware {
    /// What becomes of a call the middleware stops waiting for, at its limit or because the caller
    /// was cancelled.
    public enum Abandonment: Sendable {
        /// Its task is cancelled, so that the transport can stop it.
        case cancel
        /// It is left to end on its own. For URLSession on Linux: Foundation 6.3.1 can deadlock when
        /// a `data(for:)` call is cancelled just as it completes, which many timeouts at once make
        /// likely. The call still holds its connection until it ends.
        case leaveRunning
    }

    private let limit: Duration
    private let clock: any ClientClock
    private let abandonment: Abandonment

    /// A middleware allowing each request `limit`, timed by `clock`; a call it stops waiting for is
    /// cancelled or left running, as `abandonment` says.
    public init(_ limit: Duration, clock: any ClientClock = SystemClock(), abandonment: Abandonment = .cancel) {
        self.limit = limit
        self.clock = clock
        self.abandonment = abandonment
    }

    /// Races the rest of the chain against the limit; whichever ends first answers.
    public func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        try await withTimeLimit(limit, clock: clock, abandonment: abandonment) { try await next(request) }
    }
}
