import CourierJSON
import Foundation
import Testing

/// What people rely on from Foundation's decoder behaves the same: values, and errors by case and
/// coding path.
struct CourierJSONDecoderTests {
    struct Person: Codable, Equatable {
        let id: Int
        let name: String
        let nickname: String?
        let scores: [Double]
        let tags: [String: Int]?
    }

    struct Team: Codable, Equatable {
        let lead: Person
        let members: [Person]
    }

    enum Colour: String, Codable, Equatable { case red, green }
    enum Level: Int, Codable, Equatable {
        case low = 1
        case high = 2
    }

    @Test(arguments: [
        #"{"id":1,"name":"Ada","scores":[1,2.5],"tags":{"a":1}}"#,
        #"{"id":1,"name":"Ada","nickname":null,"scores":[]}"#,
        #"{"id":1,"name":"Ada","nickname":"A","scores":[1e2,-0.5],"tags":null}"#,
        #"{"scores":[],"name":"Ada","id":1.0}"#,
        #"{"id":1,"name":"Ada","scores":[]"#,
        #"{"id":"1","name":"Ada","scores":[]}"#,
        #"{"id":null,"name":"Ada","scores":[]}"#,
        #"{"name":"Ada","scores":[]}"#,
        #"{"id":1.5,"name":"Ada","scores":[]}"#,
        #"{"id":9223372036854775808,"name":"Ada","scores":[]}"#,
        #"{"id":1,"name":"Ada","scores":[1,"2"]}"#,
        #"{"id":1,"name":"Ada","scores":[1,null]}"#,
        #"{"id":1,"name":"Ada","scores":{}}"#,
        #"{"id":1,"name":"Ada","scores":[],"tags":{"a":"x"}}"#,
        #"{"id":1,"name":"Ada","scores":[],"tags":[]}"#,
        #"{"id":1,"name":"Ada","scores":[],"id":2}"#,
        #"[]"#,
        #"null"#,
    ])
    func personParity(json: String) {
        expectParity(json, as: Person.self)
    }

    @Test(arguments: [
        #"{"lead":{"id":1,"name":"A","scores":[]},"members":[{"id":2,"name":"B","scores":[]},{"id":3,"name":"C","scores":[1]}]}"#,
        #"{"lead":{"id":1,"name":"A","scores":[]},"members":[{"id":2,"name":"B","scores":[]},{"id":3,"scores":[1]}]}"#,
        #"{"lead":{"id":1,"name":"A","scores":[]},"members":[{"id":2,"name":"B","scores":[]},{"id":3,"name":"C","scores":[1,true]}]}"#,
        #"{"lead":{"id":1,"name":"A","scores":[]},"members":[{"id":2,"name":"B","scores":[],"tags":{"x":null}}]}"#,
        #"{"lead":null,"members":[]}"#,
        #"{"lead":{"id":1,"name":"A","scores":[]},"members":[null]}"#,
        #"{"lead":{"id":1,"name":"A","scores":[]},"members":{}}"#,
    ])
    func nestedErrorsCarryTheSameCodingPath(json: String) {
        expectParity(json, as: Team.self)
    }

    @Test func scalarsAndCollectionsOfThem() {
        expectParity("[1,-2,3]", as: [Int8].self)
        expectParity("[128]", as: [Int8].self)
        expectParity("[255, 0]", as: [UInt8].self)
        expectParity("[-1]", as: [UInt].self)
        expectParity("[-0]", as: [UInt].self)
        expectParity("[18446744073709551615]", as: [UInt64].self)
        expectParity("[-9223372036854775808, 9223372036854775807]", as: [Int64].self)
        expectParity("[2147483648]", as: [Int32].self)
        expectParity("[1, 1.5, -2.5e-3, 1e300]", as: [Double].self)
        expectParity("[3.4028235e38, 1e-45, 0.1]", as: [Float].self)
        expectParity("[1e39]", as: [Float].self)
        expectParity("[1e400]", as: [Double].self)
        expectParity("[true, false]", as: [Bool].self)
        expectParity("[true, null]", as: [Bool].self)
        expectParity(#"{"a": null}"#, as: [String: Bool].self)
        expectParity("[1]", as: [Bool].self)
        expectParity("[true]", as: [Int].self)
        expectParity(#"["a", "\u00e9\n\"\\\/\ud834\udd1e"]"#, as: [String].self)
        expectParity("[1, null, 3]", as: [Int?].self)
        expectParity("[[1], [], [2, 3]]", as: [[Int]].self)
        expectParity(#"{"a": [1], "b": []}"#, as: [String: [Int]].self)
        expectParity(#"{"1": "a", "20": "b"}"#, as: [Int: String].self)
        expectParity(#"{"1": "a", "x": "b"}"#, as: [Int: String].self)
        expectParity(#"{"a": 1, "a": 2}"#, as: [String: Int].self)
        expectParity(#"[1, 2, 2]"#, as: Set<Int>.self)
        expectParity(#""x""#, as: [String].self)
        expectParity(#"[1]"#, as: [String: Int].self)
    }

    /// Escapes at every position of strings from 1 to 150 bytes, on both sides of the eight-byte
    /// copies and of the 15 bytes a small string holds.
    @Test func escapedStringsOfEveryLength() {
        let pieces = ["a", "\\n", "\\u00e9", "\\ud83d\\ude00", "é", "\\\\", "\\\"", "bc", "\\/"]
        var strings: [String] = []
        for length in 1...150 {
            var text = ""
            var index = length
            while text.utf8.count < length {
                text += pieces[index % pieces.count]
                index = (index * 31 + 7) % 1_009
            }
            strings.append("\"" + text + "\"")
        }
        expectParity("[" + strings.joined(separator: ",") + "]", as: [String].self)
    }

    /// Strings are built from the parser's bytes without a second validation, flagged ASCII only
    /// when they are: a string wrongly flagged would count its bytes as characters and compare by
    /// bytes. Escaped ones are unescaped on the stack up to 1 KiB and in a buffer beyond: lengths
    /// on both sides of that, and longer than the buffer's first size.
    @Test func stringsAreTheirCharactersWhateverTheirLengthAndEscapes() throws {
        let long = String(repeating: "plain text, ", count: 200)
        let aroundTheStackLimit = (1_000...1_030).map { String(repeating: "x", count: $0) + "\n" }
        let expected =
            [
                "ascii", "é", "é", "A", "a😀", "\u{7F}", "\u{80}", "tab\tend", "ends with a quote\"", long, long + "\n" + long,
                "😀" + long, String(repeating: "\\n", count: 3_000), String(repeating: "é\n", count: 30_000),
            ] + aroundTheStackLimit
        let json = try #require(String(data: JSONEncoder().encode(expected), encoding: .utf8))
        // The same values written with escapes where the encoder wrote none.
        let escaped = json.replacingOccurrences(of: "é", with: "\\u00e9").replacingOccurrences(of: "\"A\"", with: "\"\\u0041\"")
        for document in [json, escaped] {
            let decoded = try CourierJSONDecoder().decode([String].self, from: Data(document.utf8))
            #expect(decoded == expected)
            #expect(decoded.map(\.count) == expected.map(\.count))
            #expect(decoded.map(\.utf16.count) == expected.map(\.utf16.count))
            #expect(Set(decoded) == Set(expected))
        }
        // A NFD é decoded equals the NFC one, as Swift strings do: it is not taken for ASCII bytes.
        let decomposed = try CourierJSONDecoder().decode(String.self, from: Data(#""e\u0301""#.utf8))
        #expect(decomposed == "é")
        #expect(decomposed.count == 1)
    }

    @Test func enumsWithRawValues() {
        expectParity(#"["red", "green"]"#, as: [Colour].self)
        expectParity(#"["blue"]"#, as: [Colour].self)
        expectParity(#"[1, 2]"#, as: [Level].self)
        expectParity(#"[3]"#, as: [Level].self)
        expectParity(#"{"red": 1}"#, as: [String: Level].self)
    }

    @Test func foundationTypes() {
        expectParity(#"["https://example.com/a?b=c", "relative/path", "a b"]"#, as: [URL].self)
        expectParity(#"[""]"#, as: [URL].self)
        expectParity(#"[0.1, 1, -3.25e2, 12345678901234567890123456789012345678, 1e-5]"#, as: [Decimal].self)
        expectParity(#"["0.1"]"#, as: [Decimal].self)
        expectParity(#"[1e500]"#, as: [Decimal].self)
        expectParity(#"[725803200.5, -1]"#, as: [Date].self)
        expectParity(#"["AQID", ""]"#, as: [Data].self)
        expectParity(#"["not base64!"]"#, as: [Data].self)
        expectParity(#"[[1,2,3]]"#, as: [Data].self) { courier, foundation in
            courier.dataDecodingStrategy = .deferredToData
            foundation.dataDecodingStrategy = .deferredToData
        }
    }

    @Test func dateStrategies() {
        expectParity(#"[0, 1700000000.25, -86400]"#, as: [Date].self) { courier, foundation in
            courier.dateDecodingStrategy = .secondsSince1970
            foundation.dateDecodingStrategy = .secondsSince1970
        }
        expectParity(#"[0, 1700000000250, -86400000]"#, as: [Date].self) { courier, foundation in
            courier.dateDecodingStrategy = .millisecondsSince1970
            foundation.dateDecodingStrategy = .millisecondsSince1970
        }
        expectParity(#"["2024-02-29T12:00:00Z", "1969-12-31T23:59:59-05:30", "2024-01-01T00:00:00+14:00"]"#, as: [Date].self) {
            courier, foundation in
            courier.dateDecodingStrategy = .iso8601
            foundation.dateDecodingStrategy = .iso8601
        }
        expectParity(#"["yesterday"]"#, as: [Date].self) { courier, foundation in
            courier.dateDecodingStrategy = .iso8601
            foundation.dateDecodingStrategy = .iso8601
        }
        expectParity(#"[12]"#, as: [Date].self) { courier, foundation in
            courier.dateDecodingStrategy = .iso8601
            foundation.dateDecodingStrategy = .iso8601
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        expectParity(#"["2024-05-01", "1999-12-31"]"#, as: [Date].self) { courier, foundation in
            courier.dateDecodingStrategy = .formatted(formatter)
            foundation.dateDecodingStrategy = .formatted(formatter)
        }
        expectParity(#"["01/05/2024"]"#, as: [Date].self) { courier, foundation in
            courier.dateDecodingStrategy = .formatted(formatter)
            foundation.dateDecodingStrategy = .formatted(formatter)
        }
        expectParity(#"[{"day": 3}]"#, as: [Date].self) { courier, foundation in
            let read: @Sendable (any Decoder) throws -> Date = { decoder in
                struct Day: Decodable { let day: Int }
                return Date(timeIntervalSince1970: Double(try Day(from: decoder).day) * 86400)
            }
            courier.dateDecodingStrategy = .custom(read)
            foundation.dateDecodingStrategy = .custom(read)
        }
    }

    @Test func isoDatesWithFractionsDecodeToTheMicrosecond() throws {
        var decoder = CourierJSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let dates = try decoder.decode([Date].self, from: Data(#"["2024-01-02T03:04:05.123456Z", "2024-01-02T03:04:05.5+01:00"]"#.utf8))
        #expect(abs(dates[0].timeIntervalSince1970 - 1_704_164_645.123456) < 1e-6)
        #expect(dates[1].timeIntervalSince1970 == 1_704_164_645.5 - 3600)
    }

    @Test func customDataStrategy() throws {
        var decoder = CourierJSONDecoder()
        decoder.dataDecodingStrategy = .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }
        #expect(try decoder.decode([Data].self, from: Data(#"["hi"]"#.utf8)) == [Data("hi".utf8)])
    }

    @Test func nonConformingFloats() {
        let strategy = { (courier: inout CourierJSONDecoder, foundation: JSONDecoder) in
            courier.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
            foundation.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        }
        expectParity(#"["+Inf", "-Inf", 1.5]"#, as: [Double].self, configure: strategy)
        expectParity(#"["+Inf", "-Inf", 1.5]"#, as: [Float].self, configure: strategy)
        expectParity(#"["inf"]"#, as: [Double].self, configure: strategy)
        expectParity(#"["+Inf"]"#, as: [Double].self)
        let courier = outcomes(#"["NaN"]"#, as: [Double].self, configure: strategy).courier
        guard case .value(let values) = courier else {
            Issue.record("\(courier)")
            return
        }
        #expect(values.count == 1 && values[0].isNaN)
    }

    @Test func userInfoReachesTheDecodedTypes() throws {
        struct ReadsUserInfo: Decodable {
            let flag: Bool
            init(from decoder: any Decoder) throws {
                flag = decoder.userInfo[CodingUserInfoKey(rawValue: "flag")!] as? Bool ?? false
            }
        }
        var decoder = CourierJSONDecoder()
        #expect(try !decoder.decode(ReadsUserInfo.self, from: Data("{}".utf8)).flag)
        decoder.userInfo[CodingUserInfoKey(rawValue: "flag")!] = true
        #expect(try decoder.decode(ReadsUserInfo.self, from: Data("{}".utf8)).flag)
        #expect(try decoder.decode([ReadsUserInfo].self, from: Data("[{}]".utf8))[0].flag)
    }

    @Test func bytesAndDataDecodeAlike() throws {
        let json = #"{"id":1,"name":"Ada","scores":[1]}"#
        let decoder = CourierJSONDecoder()
        #expect(try decoder.decode(Person.self, from: Array(json.utf8)) == decoder.decode(Person.self, from: Data(json.utf8)))
    }

    @Test func int128() throws {
        let decoder = CourierJSONDecoder()
        #expect(try decoder.decode([Int128].self, from: Data("[-170141183460469231731687303715884105728, 1]".utf8)) == [.min, 1])
        #expect(try decoder.decode([UInt128].self, from: Data("[340282366920938463463374607431768211455]".utf8)) == [.max])
        struct Wide: Decodable, Equatable {
            let value: Int128
            let other: UInt128?
        }
        #expect(try decoder.decode(Wide.self, from: Data(#"{"value": 1e20}"#.utf8)) == Wide(value: 100_000_000_000_000_000_000, other: nil))
    }

    @Test func errorsSayWhereTheValueIs() {
        do {
            _ = try CourierJSONDecoder().decode(
                Team.self, from: Data("{\"lead\":{\"id\":1,\"name\":\"A\",\"scores\":[]},\n\"members\":[{\"id\":\"2\"}]}".utf8))
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(context.codingPath.map(\.stringValue) == ["members", "Index 0", "id"])
            #expect(context.debugDescription == "Expected to decode Int but found a string instead, at line 2, column 18 (byte 58).")
        } catch {
            Issue.record("\(error)")
        }
    }
}
