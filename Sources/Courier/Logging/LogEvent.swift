import Foundation

/// Something that happened to a request, as structured data for a ``LogSink``.
///
/// Its initialiser redacts (``Redaction``): URLs and header fields are stored already hidden, so no
/// sink, ready-made or your own, can see a credential.
public struct LogEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A request went to the next stage on its way to the transport.
        case requestSent
        /// A response arrived, with any status.
        case responseReceived(status: Int, bytes: Int, duration: Duration)
        /// Another attempt follows after `delay`; `attempt` is the number of the one that follows.
        case retryScheduled(attempt: Int, delay: Duration, reason: String)
        /// A token refresh began.
        case refreshStarted
        /// A token refresh ended.
        case refreshFinished(succeeded: Bool)
        /// The request got no response; `reason` names the error without its message, which may quote
        /// a URL.
        case failed(reason: String)
    }

    /// What happened.
    public let kind: Kind
    /// When it happened.
    public let date: Date
    /// The request's method, when the event concerns a request.
    public let method: String?
    /// The request's URL, redacted.
    public let url: String?
    /// The request's header fields, redacted.
    public let requestHeaders: HTTPHeaders
    /// The response's header fields, redacted, for ``Kind/responseReceived(status:bytes:duration:)``.
    public let responseHeaders: HTTPHeaders

    /// An event about `request` (if any) with everything sensitive hidden.
    public init(_ kind: Kind, request: HTTPRequest? = nil, response: HTTPResponse? = nil, date: Date = Date()) {
        self.kind = kind
        self.date = date
        method = request?.method
        url = request.map { Redaction.url($0.url) }
        requestHeaders = request.map { Redaction.headers($0.headers) } ?? HTTPHeaders()
        responseHeaders = response.map { Redaction.headers($0.headers) } ?? HTTPHeaders()
    }

    /// A short name for `error` that never includes its message: `URLError(-1001)`, `APIError.badStatus(503)`.
    public static func reason(for error: any Error) -> String {
        switch error {
        case let error as URLError: "URLError(\(error.code.rawValue))"
        case let error as APIError: "APIError.\(error.kind)"
        case is CancellationError: "cancelled"
        default: String(describing: type(of: error))
        }
    }
}
