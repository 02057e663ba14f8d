import Foundation

/// One policy folded around the transport: it may change a request before passing it on, look at the
/// raw response (any status) on its way back, and call `next` again to retry.
///
/// A client's middlewares run in the order given: the request passes the first one first, the
/// response passes it last. `next` sends through the remaining middlewares and the transport and may
/// be called any number of times. Middlewares see statuses before the client judges them, so a policy
/// can act on a `401` or a `503`; errors thrown by `next` are the transport's own (a `URLError`, a
/// `CancellationError`) or another middleware's ``APIError``.
///
/// ```swift
/// struct TraceID: Middleware {
///     func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
///         var request = request
///         request.headers["X-Trace-ID"] = UUID().uuidString
///         return try await next(request)
///     }
/// }
/// ```
public protocol Middleware: Sendable {
    /// Sends the request on through the rest of the chain.
    typealias Next = @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)

    /// Handles `request`, usually by calling `next` with it or with an adapted copy.
    func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data)
}
