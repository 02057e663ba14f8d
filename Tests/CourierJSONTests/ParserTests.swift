import CourierJSON
import Foundation
import Testing

/// The one pass that checks a document against RFC 8259: what it rejects, and how it says where.
struct ParserTests {
    private func syntaxError(_ json: String) -> String? {
        syntaxError(Array(json.utf8))
    }

    /// The debug description of the error decoding `bytes` as anything, or `nil` if it is valid.
    private func syntaxError(_ bytes: [UInt8]) -> String? {
        do {
            _ = try CourierJSONDecoder().decode(Skipped.self, from: bytes)
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
            return context.debugDescription
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test(arguments: [
        ("", "Unexpected end of data (expected a value), at line 1, column 1 (byte 0)"),
        ("  ", "Unexpected end of data (expected a value), at line 1, column 3 (byte 2)"),
        ("[1,]", "Trailing comma before ']' (JSON allows none), at line 1, column 3 (byte 2)"),
        ("{\"a\":1,}", "Trailing comma before '}' (JSON allows none), at line 1, column 7 (byte 6)"),
        ("[1,\n  ]", "Trailing comma before ']' (JSON allows none), at line 1, column 3 (byte 2)"),
        ("{\"a\": [1, 2],\n}", "Trailing comma before '}' (JSON allows none), at line 1, column 13 (byte 12)"),
        ("[,]", "Unexpected character ',' (expected a value), at line 1, column 2 (byte 1)"),
        ("[1,,]", "Unexpected character ',' (expected a value), at line 1, column 4 (byte 3)"),
        ("{\"a\":]", "Unexpected character ']' (expected a value), at line 1, column 6 (byte 5)"),
        ("{\"a\" 1}", "Unexpected character '1' (expected ':' after an object key), at line 1, column 6 (byte 5)"),
        ("[1 2]", "Unexpected character '2' (expected ',' or ']' after an array element), at line 1, column 4 (byte 3)"),
        ("{\"a\":1 \"b\":2}", "Unexpected character '\"' (expected ',' or '}' after an object member), at line 1, column 8 (byte 7)"),
        ("[1]\n\n  x", "Unexpected character 'x' (expected the end of the data after the document), at line 3, column 3 (byte 7)"),
        ("[01]", "Invalid number: leading zeros are not allowed, at line 1, column 3 (byte 2)"),
        ("[-]", "Invalid number: expected a digit after '-', at line 1, column 3 (byte 2)"),
        ("[1.]", "Invalid number: expected a digit after '.', at line 1, column 4 (byte 3)"),
        ("[1e+]", "Invalid number: expected a digit in the exponent, at line 1, column 5 (byte 4)"),
        ("[tru]", "Invalid literal (expected true, false or null), at line 1, column 2 (byte 1)"),
        ("[\"abc", "Unterminated string, at line 1, column 2 (byte 1)"),
        ("[\"a\tb\"]", "Unescaped control character byte 0x09 in a string, at line 1, column 4 (byte 3)"),
        ("[\"\\x\"]", "Invalid escape sequence, at line 1, column 3 (byte 2)"),
        ("[\"\\u12G4\"]", "Invalid \\u escape (expected four hexadecimal digits), at line 1, column 3 (byte 2)"),
        (
            "[\"\\uD800\"]",
            "Unpaired UTF-16 surrogate in a \\u escape (a high surrogate must be followed by a low one), at line 1, column 3 (byte 2)"
        ),
        ("[\"\\uDC00\"]", "Unpaired UTF-16 surrogate in a \\u escape (a low surrogate without a high one), at line 1, column 3 (byte 2)"),
        ("\"é\u{1}\"", "Unescaped control character byte 0x01 in a string, at line 1, column 3 (byte 3)"),
    ])
    func errorsSayWhatAndWhere(json: String, message: String) {
        #expect(syntaxError(json) == "The given data was not valid JSON: \(message).")
    }

    /// `validate` is the same strict parse without decoding anything: the rule and its place as
    /// fields, the error `decode` wraps as its underlying error.
    @Test(
        arguments: [
            ("[1,]", "Trailing comma before ']' (JSON allows none)", 1, 3, 2),
            ("{\n  \"title\": \"a\tb\"\n}", "Unescaped control character byte 0x09 in a string", 2, 14, 15),
            ("", "Unexpected end of data (expected a value)", 1, 1, 0),
        ] as [(String, String, Int, Int, Int)])
    func validateNamesTheRuleAndWhereItBroke(json: String, reason: String, line: Int, column: Int, offset: Int) throws {
        let error = try #require(throws: JSONSyntaxError.self) { try CourierJSONDecoder.validate(Data(json.utf8)) }
        #expect(error.reason == reason && error.line == line && error.column == column && error.offset == offset)
        #expect("\(error)" == "\(reason), at line \(line), column \(column) (byte \(offset))")
        do {
            _ = try CourierJSONDecoder().decode(Skipped.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError as? JSONSyntaxError == error)
        }
    }

    @Test func validateAcceptsAnyDocumentWhateverItHolds() throws {
        for json in ["0", "[]", "{\"a\": [1, 2.5e3, \"x\", true, null]}", "\u{FEFF}[1]", "0e1"] {
            try CourierJSONDecoder.validate(Data(json.utf8))
        }
    }

    @Test(
        arguments: [
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong, three bytes
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // U+D800 encoded in UTF-8
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
            [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],  // no such lead byte
            [0x22, 0xE2, 0x82, 0x22],  // truncated
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xFF, 0x22],
        ] as [[UInt8]])
    func invalidUTF8IsRejectedInStrings(bytes: [UInt8]) {
        #expect(syntaxError(bytes)?.hasPrefix("The given data was not valid JSON: Invalid UTF-8 in a string") == true)
    }

    @Test func validUTF8OfEveryLengthIsAccepted() throws {
        let text = "a é € 𝄞 \u{7F} \u{80} \u{7FF} \u{800} \u{FFFF} \u{10000} \u{10FFFF}"
        #expect(try CourierJSONDecoder().decode(String.self, from: Data("\"\(text)\"".utf8)) == text)
    }

    @Test func invalidBytesOutsideStringsAreUnexpected() {
        #expect(
            syntaxError([0x5B, 0xFF, 0x5D])
                == "The given data was not valid JSON: Unexpected byte 0xFF (expected a value), at line 1, column 2 (byte 1).")
        #expect(syntaxError([0x5B, 0x31, 0x00, 0x5D])?.contains("Unexpected byte 0x00") == true)
    }

    @Test func nestingIsLimitedTo512Levels() {
        #expect(syntaxError(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) == nil)
        #expect(
            syntaxError(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
                == "The given data was not valid JSON: Too many nested arrays or objects (more than 512), at line 1, column 513 (byte 512)."
        )
        #expect(syntaxError(String(repeating: "{\"a\":", count: 600))?.contains("Too many nested") == true)
    }

    @Test func theWholeDocumentIsCheckedWhateverTheModelReads() throws {
        struct OnlyA: Decodable, Equatable { let a: Int }
        let decoder = CourierJSONDecoder()
        #expect(try decoder.decode(OnlyA.self, from: Data(#"{"a":1,"b":[1,2,{"c":"\u00e9"}]}"#.utf8)) == OnlyA(a: 1))
        for unread in [#"[1,2,x]"#, #"01"#, #""\q""#, #"[1,]"#, "\"\u{1}\"", #"{"c" 1}"#, #""\uD800""#] {
            #expect(throws: DecodingError.self, "\(unread)") { try decoder.decode(OnlyA.self, from: Data(#"{"a":1,"b":\#(unread)}"#.utf8)) }
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(
                OnlyA.self, from: [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x31, 0x2C, 0x22, 0x62, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D])
        }
    }

    @Test func whitespaceIsTheFourKindsRFC8259Allows() throws {
        #expect(try CourierJSONDecoder().decode([Int].self, from: Data(" \t\r\n[ 1 ,\t2\r\n] \n".utf8)) == [1, 2])
        #expect(syntaxError("[1,\u{0B}2]") != nil)
        #expect(syntaxError("\u{A0}[1]") != nil)
    }

    @Test func aLeadingByteOrderMarkIsSkippedAndNowhereElse() throws {
        #expect(try CourierJSONDecoder().decode([Int].self, from: [0xEF, 0xBB, 0xBF, 0x5B, 0x31, 0x5D]) == [1])
        #expect(syntaxError([0x5B, 0xEF, 0xBB, 0xBF, 0x31, 0x5D]) != nil)
        #expect(syntaxError([0xEF, 0xBB, 0xBF]) != nil)
    }

    @Test func topLevelScalarsAreDocuments() throws {
        let decoder = CourierJSONDecoder()
        #expect(try decoder.decode(Int.self, from: Data("42".utf8)) == 42)
        #expect(try decoder.decode(String.self, from: Data(#""hi""#.utf8)) == "hi")
        #expect(try decoder.decode(Bool.self, from: Data(" true ".utf8)))
        #expect(try decoder.decode(Int?.self, from: Data("null".utf8)) == nil)
        #expect(try decoder.decode(Double.self, from: Data("-0".utf8)).sign == .minus)
    }

    @Test func documentsLargerThanTheTapeGuessStillParse() throws {
        // Mostly one-byte tokens: many more entries than the tape's first guess of one per six bytes.
        let values = Array(repeating: 7, count: 30_000)
        let json = "[" + values.map(String.init).joined(separator: ",") + "]"
        #expect(try CourierJSONDecoder().decode([Int].self, from: Data(json.utf8)) == values)
    }
}

/// A model that reads nothing: decoding it only checks the document.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}
