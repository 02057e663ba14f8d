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

/// What a middleware knows about the call besides the request itself.
public struct MiddlewareContext: Sendable {
    /// The endpoint's overrides of the client's policies (none unless it is ``PolicyOverriding``).
    public var overrides: PolicyOverrides

    /// A context with these overrides.
    public init(overrides: PolicyOverrides = PolicyOverrides()) {
        self.overrides = overrides
    }
}

/// The client's middlewares folded over its transport into one function, built once per client.
struct MiddlewareChain: Sendable {
    typealias Handler = @Sendable (HTTPRequest, MiddlewareContext) async throws -> (HTTPResponse, Data)

    private let handler: Handler

    init(middlewares: [any Middleware], transport: any Transport) {
        // The one place every request passes on its way out, whatever the middlewares added to it,
        // and every answer on its way back, whichever transport sent it.
        var handler: Handler = { request, _ in
            try request.validateFields()
            let (response, body) = try await transport.send(request)
            // A transport of Courier's refuses a larger body while it arrives; this holds any other to the limit too.
            guard body.count <= request.maximumResponseBodySize else {
                throw ResponseTooLargeError(.body(limit: request.maximumResponseBodySize))
            }
            return (response, body)
        }
        // Folding from the last makes the first middleware the outermost: it sees the request first.
        for middleware in middlewares.reversed() {
            let inner = handler
            handler = { request, context in
                try await middleware.intercept(request, context: context) { try await inner($0, context) }
            }
        }
        self.handler = handler
    }

    func send(_ request: HTTPRequest, context: MiddlewareContext) async throws -> (HTTPResponse, Data) {
        try await handler(request, context)
    }
}
