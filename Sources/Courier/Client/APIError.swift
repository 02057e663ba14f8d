import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a call failed, with what the client knew when it failed.
///
/// Callers switch on ``kind``; the context (the request, the response head and body of a bad status,
/// the underlying `DecodingError` or `URLError`) rides along for logging and for decisions that need
/// it. Two errors are equal when their kinds are, and an error prints as its kind (`badStatus(404)`),
/// so `error == .badStatus(404)` and `catch APIError.decoding` read as they should.
public struct APIError: Error, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong, in the few classes a caller reacts to differently.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// The server answered with a status outside `200..<300`.
        case badStatus(Int)
        /// The body did not decode into the requested type.
        case decoding
        /// The request body could not be encoded.
        case encoding
        /// The request never got an HTTP answer: no connection, a timeout, a reset, a bad reply.
        case transport
        /// The endpoint and base URL do not form a valid URL.
        case invalidURL
        /// The calling task was cancelled; not a failure of the server or the network.
        case cancelled
        /// The request's method or a header field holds a character that would break the request's
        /// framing (a CR or LF, say): refused before anything was sent.
        /// ``APIError/invalidField-property`` says which field and which character.
        case invalidField
        /// The response was larger than the client accepts (``APIClient/maximumResponseBodySize``,
        /// counted after decompression, or a header section larger than the transport keeps):
        /// refused while it arrived.
        case responseTooLarge

        /// The kind as code spells it: `badStatus(404)`, `decoding`, ….
        public var description: String {
            switch self {
            case .badStatus(let code): "badStatus(\(code))"
            case .decoding: "decoding"
            case .encoding: "encoding"
            case .transport: "transport"
            case .invalidURL: "invalidURL"
            case .cancelled: "cancelled"
            case .invalidField: "invalidField"
            case .responseTooLarge: "responseTooLarge"
            }
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// The request as built, when building got that far.
    public let request: HTTPRequest?
    /// The response head, when one arrived.
    public let response: HTTPResponse?
    /// The response body, when one arrived (the server's explanation of a bad status, say).
    public let responseBody: Data?
    /// The error that caused this one: a `DecodingError`, a `URLError`, an `EncodingError`, ….
    public let underlyingError: (any Error)?

    /// An error of this kind with whatever context is known.
    public init(
        _ kind: Kind,
        request: HTTPRequest? = nil,
        response: HTTPResponse? = nil,
        responseBody: Data? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.kind = kind
        self.request = request
        self.response = response
        self.responseBody = responseBody
        self.underlyingError = underlyingError
    }

    /// The status code of a ``Kind/badStatus(_:)`` error, or of whatever response arrived.
    public var statusCode: Int? {
        if case .badStatus(let code) = kind { return code }
        return response?.statusCode
    }

    /// The decoder's own error, with its coding path, for a ``Kind/decoding`` error.
    public var decodingError: DecodingError? {
        underlyingError as? DecodingError
    }

    /// The field and character that made a ``Kind/invalidField`` error.
    public var invalidField: InvalidFieldError? {
        underlyingError as? InvalidFieldError
    }

    /// How a response's framing contradicted itself, for a ``Kind/transport`` error that was one.
    public var framingError: ResponseFramingError? {
        underlyingError as? ResponseFramingError
    }

    /// The code of the underlying `URLError`, for a ``Kind/transport`` error.
    public var urlErrorCode: URLError.Code? {
        (underlyingError as? URLError)?.code
    }

    /// The kind alone, e.g. `badStatus(404)` or `decoding`; ``debugDescription`` adds the context.
    public var description: String {
        kind.description
    }

    /// The kind with its context: method and URL (redacted, ``Redaction``), status, body size, the
    /// underlying error.
    public var debugDescription: String {
        var parts = [kind.description]
        if let request { parts.append("\(request.method) \(Redaction.url(request.url))") }
        if let responseBody { parts.append("body: \(responseBody.count) bytes") }
        if let underlyingError { parts.append("cause: \(underlyingError)") }
        return parts.joined(separator: "; ")
    }

    /// Equal kinds make equal errors; the context is left out.
    public static func == (lhs: APIError, rhs: APIError) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Matches any error that is an `APIError` of the pattern's kind, so `catch APIError.decoding`
    /// works where the thrown type is not known statically.
    public static func ~= (pattern: APIError, value: any Error) -> Bool {
        (value as? APIError)?.kind == pattern.kind
    }

    /// An error of kind ``Kind/badStatus(_:)``, for comparisons and patterns.
    public static func badStatus(_ code: Int) -> APIError { APIError(.badStatus(code)) }
    /// An error of kind ``Kind/decoding``, for comparisons and patterns.
    public static var decoding: APIError { APIError(.decoding) }
    /// An error of kind ``Kind/encoding``, for comparisons and patterns.
    public static var encoding: APIError { APIError(.encoding) }
    /// An error of kind ``Kind/transport``, for comparisons and patterns.
    public static var transport: APIError { APIError(.transport) }
    /// An error of kind ``Kind/invalidURL``, for comparisons and patterns.
    public static var invalidURL: APIError { APIError(.invalidURL) }
    /// An error of kind ``Kind/cancelled``, for comparisons and patterns.
    public static var cancelled: APIError { APIError(.cancelled) }
    /// An error of kind ``Kind/invalidField``, for comparisons and patterns.
    public static var invalidField: APIError { APIError(.invalidField) }
    /// An error of kind ``Kind/responseTooLarge``, for comparisons and patterns.
    public static var responseTooLarge: APIError { APIError(.responseTooLarge) }
}

extension APIError {
    /// Classifies what a transport threw, once: an `APIError` passes through unchanged, cancellation in
    /// any of its guises becomes ``Kind/cancelled``, a refused field ``Kind/invalidField``, a response
    /// too large ``Kind/responseTooLarge``, anything else ``Kind/transport``.
    init(transportFailure error: any Error, request: HTTPRequest) {
        if let error = error as? APIError {
            self = error
        } else if error is InvalidFieldError {
            self.init(.invalidField, request: request, underlyingError: error)
        } else if error is ResponseTooLargeError {
            self.init(.responseTooLarge, request: request, underlyingError: error)
        } else if error is CancellationError || (error as? URLError)?.code == .cancelled || Task.isCancelled {
            self.init(.cancelled, request: request, underlyingError: error)
        } else {
            self.init(.transport, request: request, underlyingError: error)
        }
    }
}
