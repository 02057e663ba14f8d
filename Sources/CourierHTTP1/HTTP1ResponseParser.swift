/// A strict parser of HTTP/1.1 response heads (RFC 9112), on the bytes of a connection's read
/// buffer: no copies, no strings, and no allocation once ``fields`` has grown to the heads it sees.
///
/// Strict means that where RFC 9112 lets a recipient accept something a sender must not send, the
/// parser refuses it: two parsers that read one response differently are how responses are
/// smuggled or split (RFC 9112 §11), and a client that refuses the response closes the connection
/// instead of reading the next one from the wrong place. So it refuses
/// - an LF without CR, which §2.2 lets a recipient accept as a line end;
/// - a line starting with SP or HTAB: obsolete line folding, which §5.2 asks a user agent to
///   replace with spaces, and whitespace after the status line, which §2.2 lets it skip;
/// - whitespace between a field name and its colon (§5.1), a bare CR (§2.2), and NUL and the other
///   control characters in a value or the reason phrase;
/// - a status line without the SP after the status code: §4 lets a recipient split the status line
///   on any whitespace, which would accept `HTTP/1.1 200` alone, but servers send the SP;
/// - a blank line before the status line, which §2.2 lets only a server skip;
/// - `Transfer-Encoding` with `Content-Length`, `Transfer-Encoding` in HTTP/1.0, and any transfer
///   coding but one `chunked` (see ``HTTP1FramingFault``); these framing checks are made on every
///   response, those without a body included, and only the list of codings is not looked at when
///   the response has no body;
/// - two `Content-Encoding` fields (``HTTP1SyntaxFault/repeatedContentEncoding``).
///
/// And it accepts, as RFC 9110 and 9112 say a recipient may or must
/// - `Content-Length` repeated with one value, in several fields or in one field's list (RFC 9110
///   §8.6), and leading zeros in it;
/// - empty elements in the `Transfer-Encoding` and `Connection` lists (RFC 9110 §5.6.1);
/// - `HTTP/1.2` to `HTTP/1.9`, read as HTTP/1.1 is (RFC 9110 §2.5);
/// - any status code from 100 to 999, and any bytes but control characters in the reason phrase.
///
/// It is incremental: when ``parseHead(_:requestWasHEAD:)`` returns nil, it keeps what it learnt of
/// the lines that had come, and the next call, which must pass the same bytes with more after them,
/// starts where it stopped. So a head that arrives a byte at a time is still read once.
package struct HTTP1ResponseParser: Sendable {
    /// The limits every head must keep.
    package let limits: HTTP1Limits
    /// The fields of the last head parsed, offsets into the buffer it was parsed from, in the order
    /// they came; after a nil from ``parseHead(_:requestWasHEAD:)``, those of the lines so far. The
    /// array keeps its capacity from one head to the next.
    package private(set) var fields: [HTTP1Field] = []
    /// What the lines of the head being parsed have said, for the next call when it is incomplete.
    private var partial = PartialHead()

    /// A parser for heads within `limits`.
    package init(limits: HTTP1Limits = .init()) {
        self.limits = limits
        fields.reserveCapacity(min(max(limits.maximumFieldCount, 0), 32))
    }

    /// Forgets a head that was incomplete, so that the next call may pass other bytes: after the
    /// connection was closed, say. Never needed after a head or an error, which reset the parser.
    package mutating func reset() {
        partial = PartialHead()
        fields.removeAll(keepingCapacity: true)
    }

    /// Parses the head at the start of `bytes`.
    ///
    /// Returns nil when the head is not complete yet and is still within the limits: call again with
    /// the same bytes and more after them. A head that already exceeds
    /// ``HTTP1Limits/maximumHeaderBytes`` without its end, or whose first bytes cannot start a status
    /// line, is an error at once.
    ///
    /// A 1xx answer (101 included) comes back as a head with framing `.none`: drop its
    /// `headLength` bytes and parse again for the response itself. `requestWasHEAD` gives `.none`
    /// framing to any answer (RFC 9112 §6.3).
    package mutating func parseHead(_ bytes: UnsafeRawBufferPointer, requestWasHEAD: Bool) throws(HTTP1ParseError) -> HTTP1ResponseHead? {
        if partial.lineStart == 0 { fields.removeAll(keepingCapacity: true) }
        do {
            return try parseLines(bytes, requestWasHEAD: requestWasHEAD)
        } catch {
            partial = PartialHead()
            throw error
        }
    }

    private mutating func parseLines(_ bytes: UnsafeRawBufferPointer, requestWasHEAD: Bool) throws(HTTP1ParseError) -> HTTP1ResponseHead? {
        // A head ends within the limit or not at all, so nothing past the limit is ever looked at.
        let window = min(bytes.count, limits.maximumHeaderBytes)
        while true {
            guard let lineEnd = HTTP1Bytes.firstIndex(of: HTTP1Bytes.lf, in: bytes, from: partial.scanned, to: window) else {
                partial.scanned = max(window, partial.lineStart)
                if partial.lineStart == 0 { try Self.checkVersion(bytes, before: window) }
                if bytes.count >= limits.maximumHeaderBytes { throw .tooLarge(.headBytes(limits.maximumHeaderBytes)) }
                return nil
            }
            // The version first, as when the line had not all come: the verdict may not depend on how the bytes were split.
            if partial.lineStart == 0 { try Self.checkVersion(bytes, before: lineEnd) }
            guard lineEnd > partial.lineStart, bytes[lineEnd &- 1] == HTTP1Bytes.cr else { throw .malformed(.bareLF) }
            let line = partial.lineStart..<(lineEnd &- 1)
            if partial.lineStart == 0 {
                try parseStatusLine(bytes, line)
            } else if line.isEmpty {
                return try finish(headLength: lineEnd &+ 1, requestWasHEAD: requestWasHEAD)
            } else {
                try parseField(bytes, line)
            }
            partial.lineStart = lineEnd &+ 1
            partial.scanned = partial.lineStart
        }
    }

    /// Checks that the first line, of which `bytes[0..<end]` has come, can start a status line:
    /// `HTTP/1.`, a digit and SP, as far as they go. Run on an incomplete first line too, so that a
    /// response that is not HTTP/1.x (an HTTP/0.9 body, a TLS alert) is refused at its first bytes
    /// instead of read up to the limit. A CR last may be the line's end and is left to the whole line.
    private static func checkVersion(_ bytes: UnsafeRawBufferPointer, before end: Int) throws(HTTP1ParseError) {
        let end = end > 0 && bytes[end &- 1] == HTTP1Bytes.cr ? end &- 1 : end
        let name: StaticString = "HTTP/"
        let major: StaticString = "1."
        for index in 0..<min(end, 5) where bytes[index] != name.utf8Start[index] {
            throw .malformed(.notAStatusLine)
        }
        for index in 5..<max(5, min(end, 7)) where bytes[index] != major.utf8Start[index &- 5] {
            throw .malformed(.unsupportedVersion)
        }
        if end > 7, !HTTP1Bytes.isDigit(bytes[7]) { throw .malformed(.unsupportedVersion) }
        if end > 8, bytes[8] != HTTP1Bytes.space { throw .malformed(.unsupportedVersion) }
    }

    /// `HTTP/1.x SP 3DIGIT SP reason` (RFC 9112 §4), without its CRLF; ``checkVersion(_:before:)``
    /// has passed its first nine bytes, as many as there are.
    private mutating func parseStatusLine(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) throws(HTTP1ParseError) {
        let end = line.upperBound
        switch end {
        case ..<5: throw .malformed(.notAStatusLine)
        case ..<8: throw .malformed(.unsupportedVersion)
        case 8: throw .malformed(.invalidStatusCode)
        default: break
        }
        var status = 0
        for index in 9..<12 {
            guard index < end, HTTP1Bytes.isDigit(bytes[index]) else { throw .malformed(.invalidStatusCode) }
            status = status &* 10 &+ Int(bytes[index] &- 0x30)
        }
        guard status >= 100 else { throw .malformed(.invalidStatusCode) }
        guard end > 12 else { throw .malformed(.missingSpaceAfterStatusCode) }
        guard bytes[12] == HTTP1Bytes.space else {
            throw .malformed(HTTP1Bytes.isDigit(bytes[12]) ? .invalidStatusCode : .missingSpaceAfterStatusCode)
        }
        if let index = HTTP1Bytes.firstNonText(in: bytes, 13..<end) {
            throw .malformed(bytes[index] == HTTP1Bytes.cr ? .bareCR : .invalidReasonPhrase)
        }
        partial.status = status
        partial.minorVersion = Int(bytes[7] &- 0x30)
        partial.reason = 13..<end
    }

    /// `name ":" OWS value OWS` (RFC 9112 §5), without its CRLF; `line` is not empty.
    private mutating func parseField(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) throws(HTTP1ParseError) {
        let end = line.upperBound
        guard !HTTP1Bytes.isBlank(bytes[line.lowerBound]) else { throw .malformed(.field(.obsoleteLineFolding)) }
        var colon = line.lowerBound
        while colon < end, HTTP1Bytes.isToken(bytes[colon]) { colon &+= 1 }
        guard colon < end else { throw .malformed(.field(.missingColon)) }
        if bytes[colon] != HTTP1Bytes.colon {
            var next = colon
            while next < end, HTTP1Bytes.isBlank(bytes[next]) { next &+= 1 }
            if next > colon, next < end, bytes[next] == HTTP1Bytes.colon { throw .malformed(.field(.whitespaceBeforeColon)) }
            throw .malformed(bytes[colon] == HTTP1Bytes.cr ? .bareCR : .field(.invalidNameCharacter))
        }
        guard colon > line.lowerBound else { throw .malformed(.field(.emptyName)) }
        let value = HTTP1Bytes.trimmingBlanks((colon &+ 1)..<end, in: bytes)
        if let index = HTTP1Bytes.firstNonText(in: bytes, value) {
            throw .malformed(bytes[index] == HTTP1Bytes.cr ? .bareCR : .field(.invalidValueCharacter))
        }
        guard fields.count < limits.maximumFieldCount else { throw .tooLarge(.fieldCount(limits.maximumFieldCount)) }
        let field = HTTP1Field(name: line.lowerBound..<colon, value: value)
        fields.append(field)
        try partial.framing.add(field, in: bytes)
    }

    /// The head, once its empty line has come: the framing its fields add up to (RFC 9112 §6.3).
    private mutating func finish(headLength: Int, requestWasHEAD: Bool) throws(HTTP1ParseError) -> HTTP1ResponseHead {
        let found = partial.framing
        let status = partial.status
        if found.hasTransferEncoding {
            guard found.contentLength == nil else { throw .framing(.contentLengthWithTransferEncoding) }
            guard partial.minorVersion > 0 else { throw .framing(.transferEncodingInHTTP10) }
        }
        let framing: HTTP1BodyFraming
        if requestWasHEAD || (100..<200).contains(status) || status == 204 || status == 304 {
            framing = .none
        } else if found.hasTransferEncoding {
            guard found.chunkedCount == 1, !found.hasOtherCoding else { throw .framing(.unsupportedTransferCoding) }
            framing = .chunked
        } else if let length = found.contentLength {
            framing = .length(length)
        } else {
            framing = .untilClose
        }
        let persistent = partial.minorVersion > 0 ? !found.close : found.keepAlive && !found.close
        let head = HTTP1ResponseHead(
            status: status, minorVersion: partial.minorVersion, reason: partial.reason, headLength: headLength, framing: framing,
            keepAlive: persistent && framing != .untilClose, contentEncoding: found.contentEncoding)
        partial = PartialHead()
        return head
    }
}

/// What the complete lines of a head have said so far.
private struct PartialHead {
    /// Where the first line not yet complete starts.
    var lineStart = 0
    /// How far the search for that line's LF has got.
    var scanned = 0
    var status = 0
    var minorVersion = 0
    var reason = 0..<0
    var framing = FramingFields()
}

/// The fields that decide the framing and the connection's fate, gathered as they come.
private struct FramingFields {
    /// The one length every `Content-Length` gave so far.
    var contentLength: Int?
    var hasTransferEncoding = false
    /// `chunked` in the `Transfer-Encoding` lists, and whether anything else was.
    var chunkedCount = 0
    var hasOtherCoding = false
    /// `close` and `keep-alive` in the `Connection` lists.
    var close = false
    var keepAlive = false
    var contentEncoding: Range<Int>?

    mutating func add(_ field: HTTP1Field, in bytes: UnsafeRawBufferPointer) throws(HTTP1ParseError) {
        // The length first, so that most fields are passed over after one comparison.
        switch field.name.count {
        case 14 where field.hasName("content-length", in: bytes):
            try addContentLength(field.value, in: bytes)
        case 17 where field.hasName("transfer-encoding", in: bytes):
            hasTransferEncoding = true
            HTTP1Bytes.forEachListElement(in: bytes, field.value) { coding in
                if HTTP1Bytes.equalsIgnoringCase(bytes, coding, "chunked") {
                    chunkedCount &+= 1
                } else if !coding.isEmpty {
                    hasOtherCoding = true
                }
            }
        case 10 where field.hasName("connection", in: bytes):
            HTTP1Bytes.forEachListElement(in: bytes, field.value) { option in
                if HTTP1Bytes.equalsIgnoringCase(bytes, option, "close") {
                    close = true
                } else if HTTP1Bytes.equalsIgnoringCase(bytes, option, "keep-alive") {
                    keepAlive = true
                }
            }
        case 16 where field.hasName("content-encoding", in: bytes):
            guard contentEncoding == nil else { throw .malformed(.repeatedContentEncoding) }
            contentEncoding = field.value
        default:
            break
        }
    }

    /// One `Content-Length` field: a decimal number, or a list of them that must agree.
    private mutating func addContentLength(_ value: Range<Int>, in bytes: UnsafeRawBufferPointer) throws(HTTP1ParseError) {
        try HTTP1Bytes.forEachListElement(in: bytes, value) { (item) throws(HTTP1ParseError) in
            guard !item.isEmpty else { throw .framing(.invalidContentLength) }
            var number = 0
            for index in item {
                guard HTTP1Bytes.isDigit(bytes[index]) else { throw .framing(.invalidContentLength) }
                let digit = Int(bytes[index] &- 0x30)
                let (times10, overflow) = number.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(digit)
                guard !overflow, !carry else { throw .framing(.invalidContentLength) }
                number = sum
            }
            if let length = contentLength, length != number { throw .framing(.conflictingContentLength(length, number)) }
            contentLength = number
        }
    }
}
