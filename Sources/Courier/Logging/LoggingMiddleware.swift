import Foundation

/// Reports each request it passes on, each response with its status, size and duration, and each
/// failure, to a ``LogSink``.
///
/// Placed last (nearest the transport) it logs every attempt with the headers actually sent; placed
/// first it logs each call once.
public struct LoggingMiddleware: Middleware {
    private let sink: any LogSink

    /// A middleware reporting to `sink`.
    public init(sink: any LogSink) {
        self.sink = sink
    }

    /// Logs the request, then the response or the failure.
    public func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        sink.log(LogEvent(.requestSent, request: request))
        let started = ContinuousClock.now
        do {
            let (response, body) = try await next(request)
            let duration = ContinuousClock.now - started
            sink.log(
                LogEvent(
                    .responseReceived(status: response.statusCode, bytes: body.count, duration: duration), request: request,
                    response: response))
            return (response, body)
        } catch {
            sink.log(LogEvent(.failed(reason: LogEvent.reason(for: error)), request: request))
            throw error
        }
    }
}
