import Foundation

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
