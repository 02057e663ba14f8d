import CourierHTTP1
import Testing

/// RFC 9112's cases for a response head, each with its verdict, read whole and a byte at a time.
struct HTTP1ResponseParserTests {
    /// What the parser says of `bytes` given at once.
    private static func verdict(of bytes: [UInt8], head requestWasHEAD: Bool, parser: inout HTTP1ResponseParser) -> HeadCase.Verdict {
        do {
            guard let head = try parser.parse(bytes, head: requestWasHEAD) else { return .incomplete }
            return .head(status: head.status, framing: head.framing, keepAlive: head.keepAlive)
        } catch {
            return .error(error)
        }
    }

    @Test(arguments: HeadCase.all)
    func verdict(_ testCase: HeadCase) throws {
        var parser = HTTP1ResponseParser()
        let whole = Self.verdict(of: testCase.bytes, head: testCase.requestWasHEAD, parser: &parser)
        #expect(whole == testCase.verdict)
        guard case .head = whole else { return }
        let unwrapped = try #require(try parser.parse(testCase.bytes, head: testCase.requestWasHEAD))
        let end = try #require(Self.endOfHead(testCase.bytes))
        #expect(unwrapped.headLength == end)
        Self.expectFieldsWithin(parser.fields, head: unwrapped, bytes: testCase.bytes)
    }

    /// The same verdict when the bytes come one at a time: the head, or an error as soon as the bytes
    /// that show it have come.
    @Test(arguments: HeadCase.all)
    func verdictByteByByte(_ testCase: HeadCase) {
        var whole = HTTP1ResponseParser()
        let expected = Result { () throws(HTTP1ParseError) in try whole.parse(testCase.bytes, head: testCase.requestWasHEAD) }
        var parser = HTTP1ResponseParser()
        var outcome: Result<HTTP1ResponseHead?, HTTP1ParseError> = .success(nil)
        for count in 0...testCase.bytes.count {
            outcome = Result { () throws(HTTP1ParseError) in try parser.parse(testCase.bytes, upTo: count, head: testCase.requestWasHEAD) }
            if case .success(nil) = outcome { continue }
            break
        }
        #expect(outcome == expected)
        #expect(parser.fields == whole.fields)
    }

    @Test func fieldsAreOffsetsIntoTheBuffer() throws {
        let bytes = Array("HTTP/1.1 404 Not Found\r\nContent-Type:  text/plain \t\r\nX-Empty:\r\nContent-Encoding: gzip\r\n\r\n".utf8)
        var parser = HTTP1ResponseParser()
        let head = try #require(try parser.parse(bytes))
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        #expect(head.status == 404)
        #expect(head.minorVersion == 1)
        #expect(text(head.reason) == "Not Found")
        #expect(parser.fields.map { text($0.name) } == ["Content-Type", "X-Empty", "Content-Encoding"])
        #expect(parser.fields.map { text($0.value) } == ["text/plain", "", "gzip"])
        #expect(head.contentEncoding.map(text) == "gzip")
        #expect(head.isInformational == false)
        bytes.withUnsafeBytes { buffer in
            #expect(parser.fields[0].hasName("content-type", in: buffer))
            #expect(!parser.fields[0].hasName("content-typ", in: buffer))
            #expect(!parser.fields[1].hasName("content-type", in: buffer))
        }
    }

    @Test func anEmptyReasonPhrase() throws {
        let bytes = Array("HTTP/1.0 200 \r\n\r\n".utf8)
        var parser = HTTP1ResponseParser()
        let head = try #require(try parser.parse(bytes))
        #expect(head.reason == 13..<13)
        #expect(head.minorVersion == 0)
        #expect(head.contentEncoding == nil)
    }

    /// A 100 Continue and then the response, as the transport reads them: parse, drop the interim
    /// head, parse again.
    @Test func informationalThenFinal() throws {
        let bytes = Array(
            ("HTTP/1.1 100 Continue\r\nX-Interim: 1\r\n\r\n" + "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok").utf8)
        var parser = HTTP1ResponseParser()
        var start = 0
        var statuses: [Int] = []
        while true {
            let head = try #require(
                try bytes.withUnsafeBytes { try parser.parseHead(UnsafeRawBufferPointer(rebasing: $0[start...]), requestWasHEAD: false) })
            statuses.append(head.status)
            start += head.headLength
            guard head.isInformational else {
                #expect(head.framing == .length(2))
                break
            }
            #expect(head.framing == .none)
        }
        #expect(statuses == [100, 103, 200])
        #expect(Array(bytes[start...]) == Array("ok".utf8))
    }

    /// Heads one after the other in one parser reuse the fields' storage: no allocation per response.
    @Test func fieldsKeepTheirStorage() throws {
        let first = Array(HeadCase.response(fieldCount: 20).utf8)
        let second = Array(HeadCase.response("Content-Length: 0", "X-A: b").utf8)
        var parser = HTTP1ResponseParser()
        _ = try parser.parse(first)
        let storage = parser.fields.withUnsafeBufferPointer { $0.baseAddress }
        let capacity = parser.fields.capacity
        for _ in 0..<3 {
            _ = try parser.parse(second)
            #expect(parser.fields.count == 2)
            _ = try parser.parse(first)
            #expect(parser.fields.count == 20)
        }
        #expect(parser.fields.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(parser.fields.capacity == capacity)
    }

    /// After a nil the parser resumes; `reset()` lets it start over on other bytes; an error resets it.
    @Test func resumeAndReset() throws {
        let bytes = Array(HeadCase.response("Content-Length: 7").utf8)
        var parser = HTTP1ResponseParser()
        let partial = try parser.parse(bytes, upTo: 37)
        #expect(partial == nil)
        #expect(parser.fields.count == 1)
        parser.reset()
        #expect(parser.fields.isEmpty)
        let other = Array(HeadCase.response("Content-Length: 3", status: "HTTP/1.1 201 Created").utf8)
        let head = try #require(try parser.parse(other))
        #expect(head.status == 201)
        #expect(head.framing == .length(3))

        let bad = Array(HeadCase.response("Content-Length: x").utf8)
        #expect(throws: HTTP1ParseError.framing(.invalidContentLength)) {
            try parser.parse(bad)
        }
        let again = try #require(try parser.parse(bytes))
        #expect(again.framing == .length(7))
    }

    /// Smaller limits are the ones checked.
    @Test func customLimits() throws {
        var parser = HTTP1ResponseParser(limits: HTTP1Limits(maximumHeaderBytes: 40, maximumFieldCount: 1))
        let twoFields = Array("HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\n\r\n".utf8)
        #expect(throws: HTTP1ParseError.tooLarge(.fieldCount(1))) {
            try parser.parse(twoFields)
        }
        let long = Array(HeadCase.response("Content-Length: 0", "X-Long: 0123456789").utf8)
        #expect(throws: HTTP1ParseError.tooLarge(.headBytes(40))) {
            try parser.parse(long)
        }
        // The limit applies to the buffer as soon as it holds that many bytes without the head's end.
        #expect(throws: HTTP1ParseError.tooLarge(.headBytes(40))) {
            try parser.parse(long, upTo: 40)
        }
        let fits = Array("HTTP/1.1 200 OK\r\nA: 1\r\n\r\n".utf8)
        #expect(try parser.parse(fits)?.headLength == fits.count)
    }

    /// Each byte class at every position of a long value and reason phrase, so that the checks
    /// eight bytes at a time see it in every lane of a word and in the bytes after the last word.
    @Test(arguments: [
        (UInt8(0x00), HTTP1SyntaxFault.field(.invalidValueCharacter)), (0x1F, .field(.invalidValueCharacter)),
        (0x7F, .field(.invalidValueCharacter)), (0x0D, .bareCR), (0x09, nil), (0x20, nil), (0x7E, nil), (0x80, nil), (0xFF, nil),
    ])
    func everyPositionOfALongValue(byte: UInt8, fault: HTTP1SyntaxFault?) throws {
        for position in 0..<27 {
            var value = Array("abcdefghijklmnopqrstuvwxyz!".utf8)
            value[position] = byte
            let field = Array("HTTP/1.1 200 OK\r\nX-Long: ".utf8) + value + Array("\r\nContent-Length: 0\r\n\r\n".utf8)
            let reason = Array("HTTP/1.1 200 ".utf8) + value + Array("\r\nContent-Length: 0\r\n\r\n".utf8)
            let reasonFault = fault.map { $0 == .bareCR ? $0 : .invalidReasonPhrase }
            for (bytes, expected) in [(field, fault), (reason, reasonFault)] {
                var parser = HTTP1ResponseParser()
                let outcome = Result { () throws(HTTP1ParseError) in try parser.parse(bytes) }
                // Whitespace at the ends of a value is OWS, not part of it.
                let trimmed = (position == 0 || position == 26) && (byte == 0x09 || byte == 0x20) && bytes == field
                switch (outcome, expected) {
                case (.success(let head?), nil):
                    let ranges = [head.reason] + parser.fields.map(\.value)
                    #expect(ranges.contains { $0.count == (trimmed ? 26 : 27) }, "position \(position)")
                case (.failure(.malformed(let found)), let expected?):
                    #expect(found == expected, "position \(position)")
                default:
                    Issue.record("position \(position): \(outcome)")
                }
            }
        }
    }

    /// The head's end found at every alignment, and a head cut anywhere is incomplete.
    @Test func everyAlignmentOfTheLineEnds() throws {
        for padding in 0..<17 {
            let bytes = Array(HeadCase.response("X-Pad: " + String(repeating: "p", count: padding), "Content-Length: 0").utf8)
            for end in 0..<bytes.count {
                var parser = HTTP1ResponseParser()
                #expect(try parser.parse(bytes, upTo: end) == nil)
            }
            var parser = HTTP1ResponseParser()
            #expect(try parser.parse(bytes)?.headLength == bytes.count)
        }
    }

    /// Where the first CRLF CRLF ends.
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        let end: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        return bytes.indices.first { bytes[$0...].starts(with: end) }.map { $0 + 4 }
    }

    /// Every field within the head, names tokens, values without OWS at either end.
    private static func expectFieldsWithin(
        _ fields: [HTTP1Field], head: HTTP1ResponseHead, bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for field in fields {
            #expect(!field.name.isEmpty && field.name.upperBound < field.value.lowerBound, sourceLocation: sourceLocation)
            #expect(field.value.upperBound <= head.headLength, sourceLocation: sourceLocation)
            #expect(bytes[field.name.upperBound] == UInt8(ascii: ":"), sourceLocation: sourceLocation)
            let ends = [field.value.first, field.value.last].compactMap { $0 }.map { bytes[$0] }
            #expect(!ends.contains(0x20) && !ends.contains(0x09), sourceLocation: sourceLocation)
        }
    }
}
