import Foundation

/// The client's middlewares folded over its transport into one function, built once per client.
struct MiddlewareChain: Sendable {
    typealias Handler = @Sendable (HTTPRequest, MiddlewareContext) async throws -> (HTTPResponse, Data)

    private let handler: Handler

    init(middlewares: [any Middleware], transport: any Transport) {
        var handler: Handler = { request, _ in try await transport.send(request) }
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
