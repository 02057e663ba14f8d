import CourierHTTP1

/// A response head and the parser's verdict on it: the RFC 9112 cases of the table test, and the
/// fuzzer's seed corpus.
struct HeadCase: Sendable, CustomStringConvertible {
    /// What the parser must make of the bytes.
    enum Verdict: Sendable, Equatable {
        case head(status: Int, framing: HTTP1BodyFraming, keepAlive: Bool)
        case incomplete
        case error(HTTP1ParseError)
    }

    let name: String
    let bytes: [UInt8]
    let requestWasHEAD: Bool
    let verdict: Verdict

    init(_ name: String, _ bytes: [UInt8], head: Bool = false, _ verdict: Verdict) {
        self.name = name
        self.bytes = bytes
        self.requestWasHEAD = head
        self.verdict = verdict
    }

    init(_ name: String, _ text: String, head: Bool = false, _ verdict: Verdict) {
        self.init(name, Array(text.utf8), head: head, verdict)
    }

    var description: String { name }
}

extension HeadCase.Verdict {
    static func ok(_ status: Int, _ framing: HTTP1BodyFraming, keepAlive: Bool = true) -> Self {
        .head(status: status, framing: framing, keepAlive: keepAlive)
    }

    static func ok(_ framing: HTTP1BodyFraming, keepAlive: Bool = true) -> Self {
        .head(status: 200, framing: framing, keepAlive: keepAlive)
    }

    static func malformed(_ fault: HTTP1SyntaxFault) -> Self { .error(.malformed(fault)) }
    static func field(_ fault: HTTP1FieldFault) -> Self { .error(.malformed(.field(fault))) }
    static func framing(_ fault: HTTP1FramingFault) -> Self { .error(.framing(fault)) }
    static func tooLarge(_ limit: HTTP1ExceededLimit) -> Self { .error(.tooLarge(limit)) }
}

extension HeadCase {
    /// `HTTP/1.1 200 OK`, then `lines` each ended by CRLF, then the empty line.
    static func response(_ lines: String..., status: String = "HTTP/1.1 200 OK") -> String {
        ([status] + lines).map { $0 + "\r\n" }.joined() + "\r\n"
    }

    /// A response whose head is exactly `length` bytes long, padded in one field's value.
    static func response(headLength length: Int) -> [UInt8] {
        let fixed = Array(response("Content-Length: 0", "X-Pad: ").utf8)
        return Array(fixed.dropLast(4)) + Array(repeating: UInt8(ascii: "a"), count: length - fixed.count) + Array("\r\n\r\n".utf8)
    }

    /// A response with `count` fields.
    static func response(fieldCount count: Int) -> String {
        "HTTP/1.1 200 OK\r\n" + (0..<count).map { "X-Field-\($0): \($0)\r\n" }.joined() + "\r\n"
    }

    static let all: [HeadCase] = valid + informationalAndBodiless + statusLineFaults + fieldFaults + framingFaults + limits

    static let valid: [HeadCase] = [
        HeadCase("200 with Content-Length", response("Content-Length: 5") + "hello", .ok(.length(5))),
        HeadCase("chunked", response("Transfer-Encoding: chunked") + "0\r\n\r\n", .ok(.chunked)),
        HeadCase("neither length nor chunked: until close", response("Content-Type: text/plain"), .ok(.untilClose, keepAlive: false)),
        HeadCase("no fields at all: until close", response(), .ok(.untilClose, keepAlive: false)),
        HeadCase("empty reason phrase after its SP", response("Content-Length: 0", status: "HTTP/1.1 200 "), .ok(.length(0))),
        HeadCase(
            "reason phrase with HTAB, SP and obs-text",
            Array("HTTP/1.1 200 O\tK ".utf8) + [0xC3, 0xA9, 0xFF] + Array("\r\nContent-Length: 0\r\n\r\n".utf8), .ok(.length(0))),
        HeadCase("HTTP/1.0 closes by default", response("Content-Length: 2", status: "HTTP/1.0 200 OK"), .ok(.length(2), keepAlive: false)),
        HeadCase(
            "HTTP/1.0 keep-alive", response("Content-Length: 2", "Connection: keep-alive", status: "HTTP/1.0 200 OK"), .ok(.length(2))),
        HeadCase(
            "HTTP/1.0 Keep-Alive in a list, any case",
            response("Connection: foo, Keep-Alive", "Content-Length: 2", status: "HTTP/1.0 200 OK"),
            .ok(.length(2))),
        HeadCase(
            "HTTP/1.0 keep-alive without a length still closes", response("Connection: keep-alive", status: "HTTP/1.0 200 OK"),
            .ok(.untilClose, keepAlive: false)),
        HeadCase(
            "HTTP/1.0 keep-alive and close: close wins",
            response("Connection: keep-alive, close", "Content-Length: 2", status: "HTTP/1.0 200 OK"),
            .ok(.length(2), keepAlive: false)),
        HeadCase("HTTP/1.1 Connection: close", response("Connection: close", "Content-Length: 0"), .ok(.length(0), keepAlive: false)),
        HeadCase(
            "HTTP/1.1 CLOSE in a list with empty elements", response("Connection: , Upgrade,, CLOSE ,", "Content-Length: 0"),
            .ok(.length(0), keepAlive: false)),
        HeadCase("Connection: closed is another token", response("Connection: closed", "Content-Length: 0"), .ok(.length(0))),
        HeadCase("HTTP/1.2 is read as HTTP/1.1", response("Content-Length: 0", status: "HTTP/1.2 200 OK"), .ok(.length(0))),
        HeadCase("status 999", response("Content-Length: 0", status: "HTTP/1.1 999 Whatever"), .ok(999, .length(0))),
        HeadCase("status 100 is the lowest", response("Content-Length: 0", status: "HTTP/1.1 100 Continue"), .ok(100, .none)),
        HeadCase(
            "repeated identical Content-Length fields are one length", response("Content-Length: 5", "Content-Length: 5"), .ok(.length(5))),
        HeadCase("a Content-Length list of one value", response("Content-Length: 5, 5,5"), .ok(.length(5))),
        HeadCase("Content-Length with leading zeros", response("Content-Length: 0005"), .ok(.length(5))),
        HeadCase("Content-Length with OWS on both sides", response("content-length: \t 5 \t"), .ok(.length(5))),
        HeadCase("Content-Length: 0", response("Content-Length: 0"), .ok(.length(0))),
        HeadCase("Content-Length: Int.max", response("Content-Length: 9223372036854775807"), .ok(.length(Int.max))),
        HeadCase("Transfer-Encoding in any case", response("TRANSFER-ENCODING: Chunked"), .ok(.chunked)),
        HeadCase("Transfer-Encoding with empty list elements", response("Transfer-Encoding: , chunked ,"), .ok(.chunked)),
        HeadCase("Content-Encoding", response("Content-Encoding: gzip", "Content-Length: 3"), .ok(.length(3))),
        HeadCase("an empty field value", response("X-Empty:", "X-Blank: \t ", "Content-Length: 0"), .ok(.length(0))),
        HeadCase(
            "a value with inner whitespace and obs-text",
            Array("HTTP/1.1 200 OK\r\nX-Text: a b\tc ".utf8) + [0x80, 0xFF] + Array(" d\r\nContent-Length: 0\r\n\r\n".utf8), .ok(.length(0))
        ),
        HeadCase("every token character in a name", response("!#$%&'*+-.^_`|~09azAZ: v", "Content-Length: 0"), .ok(.length(0))),
        HeadCase("a colon in a value", response("Location: http://example.com:8080/", "Content-Length: 0"), .ok(.length(0))),
    ]

    static let informationalAndBodiless: [HeadCase] = [
        HeadCase("100 Continue", response(status: "HTTP/1.1 100 Continue") + "HTTP/1.1 200 OK\r\n", .ok(100, .none)),
        HeadCase(
            "101 Switching Protocols", response("Upgrade: websocket", "Connection: Upgrade", status: "HTTP/1.1 101 Switching"),
            .ok(101, .none)),
        HeadCase("103 Early Hints", response("Link: </style.css>; rel=preload", status: "HTTP/1.1 103 Early Hints"), .ok(103, .none)),
        HeadCase("204 with Content-Length has no body", response("Content-Length: 5", status: "HTTP/1.1 204 No Content"), .ok(204, .none)),
        HeadCase(
            "304 with Content-Length has no body", response("Content-Length: 5", status: "HTTP/1.1 304 Not Modified"), .ok(304, .none)),
        HeadCase(
            "304 with chunked has no body", response("Transfer-Encoding: chunked", status: "HTTP/1.1 304 Not Modified"), .ok(304, .none)),
        HeadCase("HEAD with Content-Length has no body", response("Content-Length: 5"), head: true, .ok(.none)),
        HeadCase("HEAD with chunked has no body", response("Transfer-Encoding: chunked"), head: true, .ok(.none)),
        HeadCase(
            "HEAD: the codings of a body never sent are not looked at", response("Transfer-Encoding: gzip, chunked"), head: true, .ok(.none)
        ),
        HeadCase("HEAD without a length keeps the connection", response(), head: true, .ok(.none)),
        HeadCase("204 with unsupported codings", response("Transfer-Encoding: gzip", status: "HTTP/1.1 204 No Content"), .ok(204, .none)),
    ]

    static let statusLineFaults: [HeadCase] = [
        HeadCase("HTTP/0.9: a body without a head", "<html><body>hello</body></html>\r\n\r\n", .malformed(.notAStatusLine)),
        HeadCase("HTTP/0.9 refused at its first byte", "<", .malformed(.notAStatusLine)),
        HeadCase("a blank line before the status line", "\r\n" + response("Content-Length: 0"), .malformed(.notAStatusLine)),
        HeadCase("a status line cut short in the name", "HTT\r\n\r\n", .malformed(.notAStatusLine)),
        HeadCase("a status line cut short in the version", "HTTP/1\r\n\r\n", .malformed(.unsupportedVersion)),
        HeadCase("lowercase http", response("Content-Length: 0", status: "http/1.1 200 OK"), .malformed(.notAStatusLine)),
        HeadCase("HTTP/2.0", response("Content-Length: 0", status: "HTTP/2.0 200 OK"), .malformed(.unsupportedVersion)),
        HeadCase("HTTP/2 refused before its line ends", "HTTP/2", .malformed(.unsupportedVersion)),
        HeadCase("HTTP/1.10", response("Content-Length: 0", status: "HTTP/1.10 200 OK"), .malformed(.unsupportedVersion)),
        HeadCase("HTTP/1.x", response("Content-Length: 0", status: "HTTP/1.x 200 OK"), .malformed(.unsupportedVersion)),
        HeadCase("HTTP/1 without minor version", response("Content-Length: 0", status: "HTTP/1 200 OK"), .malformed(.unsupportedVersion)),
        HeadCase("version alone", response("Content-Length: 0", status: "HTTP/1.1"), .malformed(.invalidStatusCode)),
        HeadCase("two spaces before the status", response("Content-Length: 0", status: "HTTP/1.1  200 OK"), .malformed(.invalidStatusCode)),
        HeadCase("two-digit status", response("Content-Length: 0", status: "HTTP/1.1 20 OK"), .malformed(.invalidStatusCode)),
        HeadCase("four-digit status", response("Content-Length: 0", status: "HTTP/1.1 2000 OK"), .malformed(.invalidStatusCode)),
        HeadCase("status below 100", response("Content-Length: 0", status: "HTTP/1.1 099 Low"), .malformed(.invalidStatusCode)),
        HeadCase("a letter in the status", response("Content-Length: 0", status: "HTTP/1.1 2x0 OK"), .malformed(.invalidStatusCode)),
        HeadCase(
            "no SP after the status code", response("Content-Length: 0", status: "HTTP/1.1 200"), .malformed(.missingSpaceAfterStatusCode)),
        HeadCase(
            "HTAB after the status code", response("Content-Length: 0", status: "HTTP/1.1 200\tOK"),
            .malformed(.missingSpaceAfterStatusCode)),
        HeadCase(
            "NUL in the reason phrase", response("Content-Length: 0", status: "HTTP/1.1 200 O\u{0}K"), .malformed(.invalidReasonPhrase)),
        HeadCase(
            "DEL in the reason phrase", response("Content-Length: 0", status: "HTTP/1.1 200 O\u{7F}K"), .malformed(.invalidReasonPhrase)),
        HeadCase("bare CR in the reason phrase", response("Content-Length: 0", status: "HTTP/1.1 200 O\rK"), .malformed(.bareCR)),
        HeadCase("bare LF ends the status line", "HTTP/1.1 200 OK\nContent-Length: 0\r\n\r\n", .malformed(.bareLF)),
    ]

    static let fieldFaults: [HeadCase] = [
        HeadCase("space before the colon", response("Content-Length : 5"), .field(.whitespaceBeforeColon)),
        HeadCase("HTAB before the colon", response("Transfer-Encoding\t: chunked"), .field(.whitespaceBeforeColon)),
        HeadCase("obs-fold continues a value", response("X-A: a", " b", "Content-Length: 0"), .field(.obsoleteLineFolding)),
        HeadCase("Transfer-Encoding:  chunked by obs-fold", response("Transfer-Encoding:", " chunked"), .field(.obsoleteLineFolding)),
        HeadCase("HTAB fold", response("X-A: a", "\tb"), .field(.obsoleteLineFolding)),
        HeadCase("whitespace right after the status line", response(" X-A: a", "Content-Length: 0"), .field(.obsoleteLineFolding)),
        HeadCase("bare LF ends a field line", "HTTP/1.1 200 OK\r\nX-A: a\nContent-Length: 0\r\n\r\n", .malformed(.bareLF)),
        HeadCase("bare LF ends the head", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\n", .malformed(.bareLF)),
        HeadCase("LF alone everywhere", "HTTP/1.1 200 OK\nContent-Length: 0\n\n", .malformed(.bareLF)),
        HeadCase("bare CR in a value", response("X-A: a\rb", "Content-Length: 0"), .malformed(.bareCR)),
        HeadCase("bare CR in a name", response("X-A\rB: a", "Content-Length: 0"), .malformed(.bareCR)),
        HeadCase("CR CR LF", response("X-A: a\r", "Content-Length: 0"), .malformed(.bareCR)),
        HeadCase("NUL in a value", response("X-A: a\u{0}b", "Content-Length: 0"), .field(.invalidValueCharacter)),
        HeadCase("NUL at the end of a value", response("Content-Length: 5\u{0}"), .field(.invalidValueCharacter)),
        HeadCase("a control character in a value", response("X-A: a\u{1B}b"), .field(.invalidValueCharacter)),
        HeadCase("DEL in a value", response("X-A: a\u{7F}"), .field(.invalidValueCharacter)),
        HeadCase("an empty name", response(": value", "Content-Length: 0"), .field(.emptyName)),
        HeadCase("no colon", response("NoColon", "Content-Length: 0"), .field(.missingColon)),
        HeadCase("a name with a space inside", response("X A: b"), .field(.invalidNameCharacter)),
        HeadCase("a separator in a name", response("X(A): b"), .field(.invalidNameCharacter)),
        HeadCase(
            "obs-text in a name", Array("HTTP/1.1 200 OK\r\nX".utf8) + [0xE9] + Array(": b\r\n\r\n".utf8), .field(.invalidNameCharacter)),
        HeadCase(
            "two Content-Encoding fields", response("Content-Encoding: gzip", "Content-Encoding: br"),
            .malformed(.repeatedContentEncoding)),
    ]

    static let framingFaults: [HeadCase] = [
        HeadCase("CL.TE", response("Content-Length: 5", "Transfer-Encoding: chunked"), .framing(.contentLengthWithTransferEncoding)),
        HeadCase("TE.CL", response("Transfer-Encoding: chunked", "Content-Length: 5"), .framing(.contentLengthWithTransferEncoding)),
        HeadCase(
            "TE and CL on a 204 too", response("Transfer-Encoding: chunked", "Content-Length: 0", status: "HTTP/1.1 204 No Content"),
            .framing(.contentLengthWithTransferEncoding)),
        HeadCase(
            "TE and CL on a HEAD answer too", response("Content-Length: 5", "Transfer-Encoding: chunked"), head: true,
            .framing(.contentLengthWithTransferEncoding)),
        HeadCase("Transfer-Encoding: xchunked", response("Transfer-Encoding: xchunked"), .framing(.unsupportedTransferCoding)),
        HeadCase(
            "Transfer-Encoding: chunked, chunked", response("Transfer-Encoding: chunked, chunked"), .framing(.unsupportedTransferCoding)),
        HeadCase(
            "chunked in two fields", response("Transfer-Encoding: chunked", "Transfer-Encoding: chunked"),
            .framing(.unsupportedTransferCoding)),
        HeadCase("Transfer-Encoding: gzip, chunked", response("Transfer-Encoding: gzip, chunked"), .framing(.unsupportedTransferCoding)),
        HeadCase("Transfer-Encoding: chunked, gzip", response("Transfer-Encoding: chunked, gzip"), .framing(.unsupportedTransferCoding)),
        HeadCase("Transfer-Encoding: identity", response("Transfer-Encoding: identity"), .framing(.unsupportedTransferCoding)),
        HeadCase("chunked with a parameter", response("Transfer-Encoding: chunked;q=1"), .framing(.unsupportedTransferCoding)),
        HeadCase("quoted chunked", response("Transfer-Encoding: \"chunked\""), .framing(.unsupportedTransferCoding)),
        HeadCase("an empty Transfer-Encoding", response("Transfer-Encoding: "), .framing(.unsupportedTransferCoding)),
        HeadCase(
            "Transfer-Encoding in HTTP/1.0", response("Transfer-Encoding: chunked", status: "HTTP/1.0 200 OK"),
            .framing(.transferEncodingInHTTP10)),
        HeadCase(
            "Transfer-Encoding in an HTTP/1.0 HEAD answer", response("Transfer-Encoding: chunked", status: "HTTP/1.0 200 OK"), head: true,
            .framing(.transferEncodingInHTTP10)),
        HeadCase("Content-Length: +5", response("Content-Length: +5"), .framing(.invalidContentLength)),
        HeadCase("Content-Length: -1", response("Content-Length: -1"), .framing(.invalidContentLength)),
        HeadCase("Content-Length: 0x5", response("Content-Length: 0x5"), .framing(.invalidContentLength)),
        HeadCase("Content-Length: 5.0", response("Content-Length: 5.0"), .framing(.invalidContentLength)),
        HeadCase("Content-Length: 1 2", response("Content-Length: 1 2"), .framing(.invalidContentLength)),
        HeadCase("an empty Content-Length", response("Content-Length:"), .framing(.invalidContentLength)),
        HeadCase("an empty element in Content-Length", response("Content-Length: 5,"), .framing(.invalidContentLength)),
        HeadCase("Content-Length above Int.max", response("Content-Length: 9223372036854775808"), .framing(.invalidContentLength)),
        HeadCase("Content-Length far above Int.max", response("Content-Length: 99999999999999999999999"), .framing(.invalidContentLength)),
        HeadCase("Content-Length: 5, 6", response("Content-Length: 5, 6"), .framing(.conflictingContentLength(5, 6))),
        HeadCase(
            "two Content-Length fields that disagree", response("Content-Length: 5", "Content-Length: 6"),
            .framing(.conflictingContentLength(5, 6))),
        HeadCase(
            "conflicting Content-Length on a HEAD answer", response("Content-Length: 5", "Content-Length: 50"), head: true,
            .framing(.conflictingContentLength(5, 50))),
        HeadCase(
            "conflicting Content-Length with TE", response("Transfer-Encoding: chunked", "Content-Length: 1, 2"),
            .framing(.conflictingContentLength(1, 2))),
    ]

    static let limits: [HeadCase] = [
        HeadCase("128 fields", response(fieldCount: 128), .ok(.untilClose, keepAlive: false)),
        HeadCase("129 fields", response(fieldCount: 129), .tooLarge(.fieldCount(128))),
        HeadCase("a head of exactly 64 KiB", response(headLength: 64 << 10), .ok(.length(0))),
        HeadCase("a head of 64 KiB and one byte", response(headLength: (64 << 10) + 1), .tooLarge(.headBytes(64 << 10))),
        HeadCase(
            "64 KiB without the head's end",
            Array("HTTP/1.1 200 OK\r\nX-Pad: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 64 << 10),
            .tooLarge(.headBytes(64 << 10))),
        HeadCase("an incomplete head", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n", .incomplete),
        HeadCase("an incomplete status line", "HTTP/1.1 20", .incomplete),
        HeadCase("the last LF missing", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r", .incomplete),
        HeadCase("nothing yet", "", .incomplete),
    ]
}
