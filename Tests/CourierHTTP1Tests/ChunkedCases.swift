import CourierHTTP1

/// A chunked body and the decoder's verdict on it: the cases of the decoder's table test, and the
/// fuzzer's seed corpus.
struct ChunkedCase: Sendable, CustomStringConvertible {
    /// What the decoder must make of the bytes.
    enum Verdict: Sendable, Equatable {
        /// The body is complete: these bytes of it, and this many bytes of the input consumed.
        case complete(String, consumed: Int)
        /// The body has not ended: these bytes of it so far.
        case incomplete(String)
        case error(HTTP1ParseError)
    }

    let name: String
    let bytes: [UInt8]
    let limits: HTTP1Limits
    let verdict: Verdict

    init(_ name: String, _ bytes: [UInt8], limits: HTTP1Limits = .init(), _ verdict: Verdict) {
        self.name = name
        self.bytes = bytes
        self.limits = limits
        self.verdict = verdict
    }

    init(_ name: String, _ text: String, limits: HTTP1Limits = .init(), _ verdict: Verdict) {
        self.init(name, Array(text.utf8), limits: limits, verdict)
    }

    var description: String { name }
}

extension ChunkedCase.Verdict {
    /// Complete, having consumed every byte of the input.
    static func complete(_ body: String, of input: String) -> Self {
        .complete(body, consumed: input.utf8.count)
    }

    static func chunked(_ fault: HTTP1ChunkedFault) -> Self { .error(.framing(.invalidChunkedEncoding(fault))) }
    static func trailer(_ fault: HTTP1FieldFault) -> Self { .error(.framing(.invalidChunkedEncoding(.trailer(fault)))) }
    static func tooLarge(_ limit: HTTP1ExceededLimit) -> Self { .error(.tooLarge(limit)) }
}

extension ChunkedCase {
    /// A body of every kind of line: sizes in both cases with leading zeros, extensions of each
    /// form, trailers, and the next response after it.
    static let sample =
        "5\r\nhello\r\n" + "1A;name=value; q = \"quoted \\\" pair\" ;flag\r\nabcdefghijklmnopqrstuvwxyz\r\n" + "0000a\r\n, world!\r\n\r\n"
        + "1\r\n\r\r\n" + "0;last\r\nTrailer-One: x\r\nTrailer-Two:  y \t\r\nEmpty:\r\n\r\n"
    static let sampleBody = "hello" + "abcdefghijklmnopqrstuvwxyz" + ", world!\r\n" + "\r"
    static let next = "HTTP/1.1 200 OK\r\n"

    static let all: [ChunkedCase] = valid + sizeFaults + extensionFaults + dataFaults + trailerFaults + limits

    static let valid: [ChunkedCase] = [
        ChunkedCase("the sample, and the next response after it", sample + next, .complete(sampleBody, consumed: sample.utf8.count)),
        ChunkedCase("the last chunk alone", "0\r\n\r\n", .complete("", of: "0\r\n\r\n")),
        ChunkedCase("several zeros in the last chunk", "000\r\n\r\n", .complete("", of: "000\r\n\r\n")),
        ChunkedCase(
            "uppercase and lowercase hex", "A\r\n0123456789\r\na\r\n0123456789\r\n0\r\n\r\n",
            .complete("01234567890123456789", of: "A\r\n0123456789\r\na\r\n0123456789\r\n0\r\n\r\n")),
        ChunkedCase("an extension without a value", "1;a\r\nx\r\n0\r\n\r\n", .complete("x", of: "1;a\r\nx\r\n0\r\n\r\n")),
        ChunkedCase("BWS around ; and =", "1 ; a = b ;c\r\nx\r\n0\r\n\r\n", .complete("x", of: "1 ; a = b ;c\r\nx\r\n0\r\n\r\n")),
        ChunkedCase("an empty quoted value", "1;a=\"\"\r\nx\r\n0\r\n\r\n", .complete("x", of: "1;a=\"\"\r\nx\r\n0\r\n\r\n")),
        ChunkedCase(
            "a quoted pair and obs-text in a quoted value",
            Array("1;a=\"\\\"\\\t".utf8) + [0xFF, 0x22, 0x0D, 0x0A] + Array("x\r\n0\r\n\r\n".utf8), .complete("x", consumed: 21)),
        ChunkedCase(
            "trailers", "0\r\nExpires: never\r\nX-Sum:\t1 \r\n\r\n", .complete("", of: "0\r\nExpires: never\r\nX-Sum:\t1 \r\n\r\n")),
        ChunkedCase(
            "data that looks like framing", "7\r\n0\r\n\r\n\r\n\r\n0\r\n\r\n",
            .complete("0\r\n\r\n\r\n", of: "7\r\n0\r\n\r\n\r\n\r\n0\r\n\r\n")),
        ChunkedCase("incomplete in the data", "5\r\nhel", .incomplete("hel")),
        ChunkedCase("incomplete in a size", "5\r\nhello\r\n1", .incomplete("hello")),
        ChunkedCase("incomplete in the trailers", "0\r\nX: y\r\n", .incomplete("")),
        ChunkedCase("nothing yet", "", .incomplete("")),
    ]

    static let sizeFaults: [ChunkedCase] = [
        ChunkedCase("a size with +", "+5\r\nhello\r\n0\r\n\r\n", .chunked(.invalidChunkSize)),
        ChunkedCase("a negative size", "-1\r\nx\r\n0\r\n\r\n", .chunked(.invalidChunkSize)),
        ChunkedCase("a size with 0x", "0x5\r\nhello\r\n0\r\n\r\n", .chunked(.invalidChunkSize)),
        ChunkedCase("a space before the size", " 5\r\nhello\r\n0\r\n\r\n", .chunked(.invalidChunkSize)),
        ChunkedCase("an empty size line", "\r\nhello\r\n0\r\n\r\n", .chunked(.invalidChunkSize)),
        ChunkedCase("a space inside the size", "1 0\r\n", .chunked(.invalidChunkSize)),
        ChunkedCase("a letter after the size", "5g\r\nhello\r\n", .chunked(.invalidChunkSize)),
        ChunkedCase("a space before the CRLF", "5 \r\nhello\r\n0\r\n\r\n", .chunked(.whitespaceAtEndOfChunkLine)),
        ChunkedCase("a tab before the CRLF", "0\t\r\n\r\n", .chunked(.whitespaceAtEndOfChunkLine)),
        ChunkedCase("a size line ended by LF alone", "5\nhello\r\n0\r\n\r\n", .chunked(.bareLF)),
        ChunkedCase("a size line with CR and no LF", "5\rhello\r\n0\r\n\r\n", .chunked(.bareCR)),
        ChunkedCase("a size above the limit", "10000000001\r\n", .chunked(.chunkSizeTooLarge(limit: 1 << 40))),
        ChunkedCase("a size at the limit", "10000000000\r\nabc", .incomplete("abc")),
        ChunkedCase("a size that overflows Int", "FFFFFFFFFFFFFFFFF\r\n", .chunked(.chunkSizeTooLarge(limit: 1 << 40))),
        ChunkedCase(
            "Int.max with no other limit", "7fffffffffffffff\r\nab", limits: HTTP1Limits(maximumChunkSize: .max), .incomplete("ab")),
        ChunkedCase(
            "Int.max + 1 with no other limit", "8000000000000000\r\n", limits: HTTP1Limits(maximumChunkSize: .max),
            .chunked(.chunkSizeTooLarge(limit: .max))),
        ChunkedCase(
            "sixteen hex digits and one more", "7fffffffffffffff0\r\n", limits: HTTP1Limits(maximumChunkSize: .max),
            .chunked(.chunkSizeTooLarge(limit: .max))),
    ]

    static let extensionFaults: [ChunkedCase] = [
        ChunkedCase("; alone", "5;\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("an extension without a name", "5;=b\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("= without a value", "5;a=\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("a separator in a name", "5;a@b\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("a separator in a value", "5;a=b/c\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("two words in a value", "5;a=b c\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("text after a quoted value", "5;a=\"b\"c\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("a quoted value without its end", "5;a=\"b\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("a control character in a quoted value", "5;a=\"\u{1}\"\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("a control character in a quoted pair", "5;a=\"\\\u{1}\"\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("a quoted name", "5;\"a\"\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("a space after a name", "5;a \r\nhello\r\n", .chunked(.whitespaceAtEndOfChunkLine)),
        ChunkedCase("a space after a value", "5;a=b \r\nhello\r\n", .chunked(.whitespaceAtEndOfChunkLine)),
        ChunkedCase("a space after a quoted value", "5;a=\"b\" \r\nhello\r\n", .chunked(.whitespaceAtEndOfChunkLine)),
        ChunkedCase("a word after a name and a space", "5;a b\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("a word after a value and a space", "5;a=\"b\" c\r\nhello\r\n", .chunked(.invalidChunkExtension)),
        ChunkedCase("LF alone after an extension", "5;a=b\nhello\r\n", .chunked(.bareLF)),
    ]

    static let dataFaults: [ChunkedCase] = [
        ChunkedCase("data longer than its size", "5\r\nhelloX\r\n0\r\n\r\n", .chunked(.missingCRLFAfterData)),
        ChunkedCase("data followed by CR and no LF", "5\r\nhello\rX0\r\n\r\n", .chunked(.missingCRLFAfterData)),
        ChunkedCase("data followed by LF alone", "5\r\nhello\n0\r\n\r\n", .chunked(.missingCRLFAfterData)),
        ChunkedCase("data shorter than its size", "6\r\nhello\r\n0\r\n\r\n", .chunked(.missingCRLFAfterData)),
    ]

    static let trailerFaults: [ChunkedCase] = [
        ChunkedCase("obs-fold in the trailers", "0\r\nX: a\r\n b\r\n\r\n", .trailer(.obsoleteLineFolding)),
        ChunkedCase("a trailer starting with whitespace", "0\r\n X: a\r\n\r\n", .trailer(.obsoleteLineFolding)),
        ChunkedCase("space before a trailer's colon", "0\r\nX : a\r\n\r\n", .trailer(.whitespaceBeforeColon)),
        ChunkedCase("a space inside a trailer's name", "0\r\nX Y: a\r\n\r\n", .trailer(.invalidNameCharacter)),
        ChunkedCase("a separator in a trailer's name", "0\r\nX(: a\r\n\r\n", .trailer(.invalidNameCharacter)),
        ChunkedCase("a trailer name starting with a control character", "0\r\n\u{1}X: a\r\n\r\n", .trailer(.invalidNameCharacter)),
        ChunkedCase("an empty trailer name", "0\r\n: a\r\n\r\n", .trailer(.emptyName)),
        ChunkedCase("a trailer without a colon", "0\r\nNoColon\r\n\r\n", .trailer(.missingColon)),
        ChunkedCase("a trailer name and spaces without a colon", "0\r\nNoColon \r\n\r\n", .trailer(.missingColon)),
        ChunkedCase("NUL in a trailer's value", "0\r\nX: a\u{0}b\r\n\r\n", .trailer(.invalidValueCharacter)),
        ChunkedCase("a bare CR in a trailer's value", "0\r\nX: a\rb\r\n\r\n", .chunked(.bareCR)),
        ChunkedCase("LF alone after a trailer", "0\r\nX: a\n\r\n", .chunked(.bareLF)),
        ChunkedCase("LF alone in a trailer's name", "0\r\nX\n: a\r\n\r\n", .chunked(.bareLF)),
        ChunkedCase("LF alone ends the body", "0\r\n\n", .chunked(.bareLF)),
        ChunkedCase("CR without LF ends the body", "0\r\n\rX", .chunked(.bareCR)),
    ]

    static let limits: [ChunkedCase] = [
        ChunkedCase(
            "a chunk-size line of 4 KiB and one byte", "1;" + String(repeating: "a", count: (4 << 10) - 3) + "\r\nx\r\n",
            .tooLarge(.chunkLineBytes(4 << 10))),
        ChunkedCase(
            "a chunk-size line of exactly 4 KiB", "1;" + String(repeating: "a", count: (4 << 10) - 4) + "\r\nx\r\n0\r\n\r\n",
            .complete("x", consumed: (4 << 10) + 8)),
        ChunkedCase("4 KiB of leading zeros", String(repeating: "0", count: 5000) + "1\r\n", .tooLarge(.chunkLineBytes(4 << 10))),
        ChunkedCase(
            "trailers of 16 KiB and one byte", "0\r\nX: " + String(repeating: "a", count: (16 << 10) - 6) + "\r\n\r\n",
            .tooLarge(.trailerBytes(16 << 10))),
        ChunkedCase(
            "trailers of exactly 16 KiB", "0\r\nX: " + String(repeating: "a", count: (16 << 10) - 7) + "\r\n\r\n",
            .complete("", consumed: (16 << 10) + 3)),
        ChunkedCase(
            "128 trailer fields", "0\r\n" + String(repeating: "X: y\r\n", count: 128) + "\r\n", .complete("", consumed: 3 + 6 * 128 + 2)),
        ChunkedCase("129 trailer fields", "0\r\n" + String(repeating: "X: y\r\n", count: 129) + "\r\n", .tooLarge(.trailerFieldCount(128))),
    ]
}
