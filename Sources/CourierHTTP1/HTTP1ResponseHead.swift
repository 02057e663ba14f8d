/// Where the body of a response ends (RFC 9112 §6.3).
package enum HTTP1BodyFraming: Sendable, Equatable {
    /// No body: the answer to a HEAD request, a 1xx, 204 or 304, whatever its fields say.
    case none
    /// `Content-Length` bytes.
    case length(Int)
    /// A chunked body, for ``HTTP1ChunkedDecoder``.
    case chunked
    /// Neither length nor chunked: the body is everything until the server closes the connection.
    case untilClose
}

/// One field of a parsed head, as byte offsets into the buffer the head was parsed from: the
/// transport copies a name or a value only when its caller asks for it.
package struct HTTP1Field: Sendable, Equatable {
    /// The field name, a token.
    package var name: Range<Int>
    /// The field value without the whitespace (OWS) at either end; empty for an empty value.
    package var value: Range<Int>

    /// A field of `name` and `value`.
    package init(name: Range<Int>, value: Range<Int>) {
        self.name = name
        self.value = value
    }

    /// Whether the name in `buffer` is `lowercasedName` in any case (`"content-type"`), as field
    /// names compare (RFC 9110 §5.1). `lowercasedName` must be lowercase ASCII.
    package func hasName(_ lowercasedName: StaticString, in buffer: UnsafeRawBufferPointer) -> Bool {
        HTTP1Bytes.equalsIgnoringCase(buffer, name, lowercasedName)
    }
}

/// A parsed response head. Its ranges are offsets into the buffer the head was parsed from.
package struct HTTP1ResponseHead: Sendable, Equatable {
    /// The status code, 100 to 999.
    package var status: Int
    /// The digit after `HTTP/1.`: 0 for HTTP/1.0, 1 for HTTP/1.1. A higher one is read as 1.1 is
    /// (RFC 9110 §2.5).
    package var minorVersion: Int
    /// The reason phrase, possibly empty, which a client should not interpret (RFC 9112 §4).
    package var reason: Range<Int>
    /// Bytes of the head including the final CRLF CRLF: the body starts here.
    package var headLength: Int
    /// Where the body ends.
    package var framing: HTTP1BodyFraming
    /// Whether the connection may carry another request after this response (RFC 9112 §9.3):
    /// HTTP/1.1 unless `Connection` lists `close`, HTTP/1.0 only when it lists `keep-alive` (and not
    /// `close`); never when the body runs until the connection closes.
    package var keepAlive: Bool
    /// The value of the `Content-Encoding` field, if one came; the transport decides which codings
    /// it decodes.
    package var contentEncoding: Range<Int>?

    /// A head of these parts.
    package init(
        status: Int, minorVersion: Int, reason: Range<Int>, headLength: Int, framing: HTTP1BodyFraming, keepAlive: Bool,
        contentEncoding: Range<Int>?
    ) {
        self.status = status
        self.minorVersion = minorVersion
        self.reason = reason
        self.headLength = headLength
        self.framing = framing
        self.keepAlive = keepAlive
        self.contentEncoding = contentEncoding
    }

    /// A 1xx head, 101 included: not the response itself, which follows it on the connection (or,
    /// after 101, another protocol does).
    package var isInformational: Bool { (100..<200).contains(status) }
}
