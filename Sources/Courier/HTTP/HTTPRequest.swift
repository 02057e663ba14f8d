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

/// A request field that cannot be sent as it is: a method or header name that is not an RFC 9110
/// token, or a header value with a CR, LF or NUL in it.
///
/// Sent as written, such a field would end the line it stands on: `x\r\nX-Injected: 1` would arrive
/// as a second field, and a value holding `\r\n\r\nGET /other HTTP/1.1` as a second request on the
/// connection, whose answer the next caller might be handed. The client refuses it before anything
/// is sent, as ``APIError/Kind/invalidField``, and never drops or mends the field silently.
public struct InvalidFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The part of the request that holds the character.
    public enum Field: Sendable, Hashable {
        /// The request method.
        case method
        /// A header field's name.
        case headerName
        /// The value of the header field named `name`.
        case headerValue(name: String)
    }

    /// Where the character is.
    public let field: Field
    /// The character that may not stand there; `nil` when a method or name is empty, since a token
    /// has at least one character.
    public let character: Unicode.Scalar?
    /// Its position in the method, name or value, in Unicode scalars from 0.
    public let offset: Int

    /// An error for `character` at `offset` of `field`.
    public init(field: Field, character: Unicode.Scalar?, offset: Int) {
        self.field = field
        self.character = character
        self.offset = offset
    }

    /// For example `header value of 'X-Note' contains LF (U+000A) at offset 1`.
    public var description: String {
        let place =
            switch field {
            case .method: "method"
            case .headerName: "header name"
            case .headerValue(let name): "header value of '\(Self.escaped(name))'"
            }
        guard let character else { return "\(place) is empty" }
        return "\(place) contains \(Self.name(of: character)) at offset \(offset)"
    }

    private static func name(of character: Unicode.Scalar) -> String {
        let hex = String(character.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return switch character {
        case "\r": "CR (\(code))"
        case "\n": "LF (\(code))"
        case "\0": "NUL (\(code))"
        case " ": "a space (\(code))"
        default: character.properties.generalCategory == .control ? "a control character (\(code))" : "'\(character)' (\(code))"
        }
    }

    /// `text` with control characters written as escapes, so a message cannot itself break a line.
    private static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
    }
}

extension HTTPRequest {
    /// Checks that the method and every header field can be sent as they are: the method and names
    /// are RFC 9110 tokens, and values hold no CR, LF or NUL (RFC 9110 §5.5). Run by the client on
    /// the request the transport gets, after every middleware has had its say.
    ///
    /// Throws the first offending character as ``InvalidFieldError``.
    public func validateFields() throws(InvalidFieldError) {
        if let (offset, character) = Self.firstNonToken(method) {
            throw InvalidFieldError(field: .method, character: character, offset: offset)
        }
        for field in headers {
            if let (offset, character) = Self.firstNonToken(field.name) {
                throw InvalidFieldError(field: .headerName, character: character, offset: offset)
            }
            for (offset, scalar) in field.value.unicodeScalars.enumerated() where scalar == "\r" || scalar == "\n" || scalar == "\0" {
                throw InvalidFieldError(field: .headerValue(name: field.name), character: scalar, offset: offset)
            }
        }
    }

    /// The first character of `text` that is not a `tchar`, with its offset; `nil` for the
    /// character of an empty text.
    private static func firstNonToken(_ text: String) -> (Int, Unicode.Scalar?)? {
        var offset = 0
        for byte in text.utf8 {
            guard byte < 0x80 else {
                // Every character before this byte was an ASCII token character: this one is the first that is not.
                return (offset, text.unicodeScalars.dropFirst(offset).first)
            }
            if !tokenCharacters[Int(byte)] { return (offset, Unicode.Scalar(byte)) }
            offset += 1
        }
        return offset == 0 ? (0, nil) : nil
    }

    /// RFC 9110 §5.6.2's `tchar`, by ASCII code.
    private static let tokenCharacters: [Bool] = (0..<128).map { code in
        let scalar = Unicode.Scalar(UInt8(code))
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }
}
