/// Why a response was refused, in three families a transport maps to its own errors: the body's
/// framing (``framing(_:)``), a limit (``tooLarge(_:)``) or the syntax (``malformed(_:)``).
///
/// Every error is final for the connection: after one, where the next response starts cannot be
/// known (RFC 9112 §6.3 makes a framing error unrecoverable, and a malformed head means the two
/// sides already disagree), so the transport closes it.
package enum HTTP1ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the body ends cannot be known: Courier's `ResponseFramingError` family.
    case framing(HTTP1FramingFault)
    /// The response exceeds one of the ``HTTP1Limits``.
    case tooLarge(HTTP1ExceededLimit)
    /// The status line or a field line breaks RFC 9112's grammar: a malformed response.
    case malformed(HTTP1SyntaxFault)

    /// For example `malformed response: whitespace between a field name and its colon`.
    package var description: String {
        switch self {
        case .framing(let fault): "invalid framing: \(fault)"
        case .tooLarge(let limit): "response too large: \(limit)"
        case .malformed(let fault): "malformed response: \(fault)"
        }
    }
}

/// A head or a body whose framing contradicts itself or is not one Courier reads (RFC 9112 §6).
///
/// The first three cases and ``invalidChunkedEncoding(_:)`` are those of Courier's
/// `ResponseFramingError`; the transport reports ``unsupportedTransferCoding`` and
/// ``transferEncodingInHTTP10`` as invalid chunked encoding, with this description as the detail.
package enum HTTP1FramingFault: Sendable, Equatable, CustomStringConvertible {
    /// Two `Content-Length` values (in two fields or in one field's list) that disagree: the first
    /// length, then the one that differs from it.
    case conflictingContentLength(Int, Int)
    /// A `Content-Length` that is not a decimal number that fits in `Int`, or an empty one.
    case invalidContentLength
    /// `Transfer-Encoding` and `Content-Length` both: RFC 9112 §6.1 calls this a possible attempt at
    /// request smuggling or response splitting, to be handled as an error.
    case contentLengthWithTransferEncoding
    /// A `Transfer-Encoding` other than exactly one `chunked`: Courier decodes no other transfer
    /// coding, and RFC 9112 §6.3 leaves a body whose last coding is not chunked unframed.
    case unsupportedTransferCoding
    /// `Transfer-Encoding` in an HTTP/1.0 response, whose framing RFC 9112 §6.1 says to treat as
    /// faulty: a 1.0 server cannot have sent it, so something on the way may have.
    case transferEncodingInHTTP10
    /// A chunked body that does not parse.
    case invalidChunkedEncoding(HTTP1ChunkedFault)

    package var description: String {
        switch self {
        case .conflictingContentLength(let first, let second): "conflicting Content-Length: \(first), \(second)"
        case .invalidContentLength: "invalid Content-Length"
        case .contentLengthWithTransferEncoding: "Content-Length and Transfer-Encoding both"
        case .unsupportedTransferCoding: "a Transfer-Encoding other than chunked alone"
        case .transferEncodingInHTTP10: "Transfer-Encoding in an HTTP/1.0 response"
        case .invalidChunkedEncoding(let fault): "invalid chunked encoding: \(fault)"
        }
    }
}

/// What is wrong in a chunked body (RFC 9112 §7.1).
package enum HTTP1ChunkedFault: Sendable, Equatable, CustomStringConvertible {
    /// A chunk-size line that does not start with a hexadecimal digit (`+5`, `-1`, `0x5`, ` 5`, an
    /// empty line) or whose digits are followed by something other than whitespace, `;` or CRLF.
    case invalidChunkSize
    /// A chunk size above ``HTTP1Limits/maximumChunkSize`` (the limit), which includes every size
    /// that would overflow `Int`.
    case chunkSizeTooLarge(limit: Int)
    /// Whitespace before the CRLF of a chunk-size line: RFC 9112 §7.1.1 allows it (BWS) only before
    /// a `;`, `=` or an extension.
    case whitespaceAtEndOfChunkLine
    /// A chunk extension that is not `;name[=token or quoted-string]`.
    case invalidChunkExtension
    /// Chunk data not followed by exactly CRLF: the size and the data disagree.
    case missingCRLFAfterData
    /// A CR not followed by LF.
    case bareCR
    /// An LF not preceded by CR.
    case bareLF
    /// A trailer field line that is not a valid field line.
    case trailer(HTTP1FieldFault)

    package var description: String {
        switch self {
        case .invalidChunkSize: "a chunk size that is not hexadecimal digits"
        case .chunkSizeTooLarge(let limit): "a chunk size above \(limit) bytes"
        case .whitespaceAtEndOfChunkLine: "whitespace at the end of a chunk-size line"
        case .invalidChunkExtension: "an invalid chunk extension"
        case .missingCRLFAfterData: "chunk data not followed by CRLF"
        case .bareCR: "a CR not followed by LF"
        case .bareLF: "an LF not preceded by CR"
        case .trailer(let fault): "trailer field: \(fault)"
        }
    }
}

/// Which of the ``HTTP1Limits`` a response exceeded, with the limit.
package enum HTTP1ExceededLimit: Sendable, Equatable, CustomStringConvertible {
    /// ``HTTP1Limits/maximumHeaderBytes``.
    case headBytes(Int)
    /// ``HTTP1Limits/maximumFieldCount``, in the head.
    case fieldCount(Int)
    /// ``HTTP1Limits/maximumTrailerBytes``.
    case trailerBytes(Int)
    /// ``HTTP1Limits/maximumFieldCount``, in the trailer section.
    case trailerFieldCount(Int)
    /// ``HTTP1Limits/maximumChunkLineBytes``.
    case chunkLineBytes(Int)

    package var description: String {
        switch self {
        case .headBytes(let limit): "a head longer than \(limit) bytes"
        case .fieldCount(let limit): "more than \(limit) header fields"
        case .trailerBytes(let limit): "a trailer section longer than \(limit) bytes"
        case .trailerFieldCount(let limit): "more than \(limit) trailer fields"
        case .chunkLineBytes(let limit): "a chunk-size line longer than \(limit) bytes"
        }
    }
}

/// What breaks RFC 9112's grammar in a response head.
package enum HTTP1SyntaxFault: Sendable, Equatable, CustomStringConvertible {
    /// The response does not start with `HTTP/`: an HTTP/0.9 body, a TLS record, garbage, or a blank
    /// line before the status line.
    case notAStatusLine
    /// A version other than `HTTP/1.` and one digit (`HTTP/2.0`, `HTTP/1.10`, `HTTP/1.x`).
    case unsupportedVersion
    /// A status code that is not three digits (`20`, `2000`, `2x0`) or is below 100.
    case invalidStatusCode
    /// No SP after the status code. The reason phrase may be empty but the SP before it may not
    /// (RFC 9112 §4); see ``HTTP1ResponseParser`` for why this is not lenient.
    case missingSpaceAfterStatusCode
    /// A control character other than HTAB in the reason phrase.
    case invalidReasonPhrase
    /// A field line that is not one.
    case field(HTTP1FieldFault)
    /// A CR inside a line, not followed by LF (RFC 9112 §2.2).
    case bareCR
    /// An LF not preceded by CR; RFC 9112 §2.2 lets a recipient accept it, Courier does not.
    case bareLF
    /// Two `Content-Encoding` fields: the head reports one value, and decoding one of two codings
    /// would hand back bytes still encoded.
    case repeatedContentEncoding

    package var description: String {
        switch self {
        case .notAStatusLine: "not an HTTP status line"
        case .unsupportedVersion: "not HTTP/1.x"
        case .invalidStatusCode: "a status code that is not three digits from 100"
        case .missingSpaceAfterStatusCode: "no space after the status code"
        case .invalidReasonPhrase: "a control character in the reason phrase"
        case .field(let fault): "field line: \(fault)"
        case .bareCR: "a CR not followed by LF"
        case .bareLF: "an LF not preceded by CR"
        case .repeatedContentEncoding: "more than one Content-Encoding field"
        }
    }
}

/// What is wrong with one field line, of the head or of the trailer section (RFC 9112 §5).
package enum HTTP1FieldFault: Sendable, Equatable, CustomStringConvertible {
    /// A line starting with SP or HTAB: obsolete line folding, or whitespace after the status line.
    case obsoleteLineFolding
    /// A colon at the start of the line.
    case emptyName
    /// A name byte that is not a token character (RFC 9110 §5.6.2).
    case invalidNameCharacter
    /// Whitespace between the name and the colon, which RFC 9112 §5.1 forbids: two parsers may take
    /// different names from it.
    case whitespaceBeforeColon
    /// A line without a colon.
    case missingColon
    /// A NUL, a control character other than HTAB, or DEL in a value.
    case invalidValueCharacter

    package var description: String {
        switch self {
        case .obsoleteLineFolding: "a line starting with whitespace (obsolete line folding)"
        case .emptyName: "an empty field name"
        case .invalidNameCharacter: "a field name that is not a token"
        case .whitespaceBeforeColon: "whitespace between a field name and its colon"
        case .missingColon: "no colon"
        case .invalidValueCharacter: "a control character in a field value"
        }
    }
}
