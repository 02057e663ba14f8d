import Foundation

/// A request as a transport sends it: a value, cheap to build and to compare.
///
/// The URL is kept as the absolute, percent-encoded string the client built, not as `URL`: parsing a
/// `URL` costs more than building the whole request, and a transport that needs one (URLSession)
/// makes it once, at the edge.
public struct HTTPRequest: Sendable, Hashable {
    /// The HTTP method, such as `"GET"`.
    public var method: String
    /// The absolute, percent-encoded URL (`https://host/path?query`).
    public var url: String
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?
    /// The largest response body, in bytes after decompression, the transport accepts: a larger one
    /// fails as ``ResponseTooLargeError`` while it arrives (``APIError/Kind/responseTooLarge``).
    /// ``APIClient`` sets its own ``APIClient/maximumResponseBodySize``; `Int.max` accepts anything.
    public var maximumResponseBodySize: Int

    /// A request with these parts.
    public init(
        method: String = "GET",
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data? = nil,
        maximumResponseBodySize: Int = HTTPRequest.defaultMaximumResponseBodySize
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.maximumResponseBodySize = maximumResponseBodySize
    }
}

extension HTTPRequest {
    /// The methods RFC 9110 §9.2.2 calls idempotent: sending such a request twice has the effect of
    /// sending it once.
    public static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

    /// Whether sending this request again, without its caller asking, is harmless: its method is
    /// idempotent, or it carries an `Idempotency-Key` with which the server recognises a repeat.
    ///
    /// A transport sends other requests (a `POST`, a `PATCH`) at most once: ``RetryMiddleware``
    /// retries them only on an endpoint's opt-in.
    public var isIdempotent: Bool {
        isIdempotent(methods: Self.idempotentMethods)
    }

    /// Whether sending this request again is harmless when `methods` are the ones taken as
    /// idempotent: the one decision behind ``isIdempotent`` (RFC 9110's set) and
    /// ``RetryMiddleware`` (its policy's ``RetryPolicy/idempotentMethods``).
    func isIdempotent(methods: Set<String>) -> Bool {
        // Methods come upper-case nearly always: spare that case the upper-casing.
        methods.contains(method) || methods.contains(method.uppercased()) || headers.contains("Idempotency-Key")
    }
}

