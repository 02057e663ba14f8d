import CourierJSON
import Foundation
import Testing

/// What people rely on from Foundation's encoder writes the same bytes, with `.sortedKeys`, and
/// fails with the same errors.
struct CourierJSONEncoderTests {
    struct Person: Codable, Equatable {
        var id = 7
        var name = "Ada \"the\" Countess/Lovelace\n"
        var nickname: String?
        var scores = [1.5, -0.25, 1e16, 3]
        var tags = ["b": 2, "a": 1]
        var isActive = true
        var joinedAt = Date(timeIntervalSince1970: 1_714_555_800.25)
        var avatar = Data([0, 1, 2, 250, 251, 252, 253, 254, 255])
        var homepage = URL(string: "https://example.com/a/b?c=d")
        var balance = Decimal(string: "-12.3456")
    }

    struct Team: Codable, Equatable {
        var lead = Person()
        var members = [Person(), Person(id: 8, name: "Bob", nickname: "B", scores: [], tags: [:])]
        var empty: [Person] = []
        var noTags: [String: Int] = [:]
    }

    enum Colour: String, Codable { case red, green }
    enum Level: Int, Codable {
        case low = 1
        case high = 2
    }

    @Test(arguments: [
        CourierJSONEncoder.OutputFormatting.sortedKeys,
        [.sortedKeys, .prettyPrinted],
        [.sortedKeys, .withoutEscapingSlashes],
        [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ])
    func modelsEncodeAsFoundationDoes(formatting: CourierJSONEncoder.OutputFormatting) {
        expectSameEncoding(Person(), formatting: formatting)
        expectSameEncoding(Team(), formatting: formatting)
        expectSameEncoding([Colour.red: Level.high], formatting: formatting)
        expectSameEncoding([Colour.green, .red], formatting: formatting)
        expectSameEncoding([[Int]](), formatting: formatting)
        expectSameEncoding([[String: [Int]]()], formatting: formatting)
        expectSameEncoding(["a": [[Int]](), "b": [[], [1]]], formatting: formatting)
    }

    @Test(arguments: [
        "plain", "", "a/b", "quote\" backslash\\ slash/", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{20}\u{7F}",
        "é日本😀\u{2028}\u{2029}", "a long string of plain text that runs past eight bytes / with a slash",
        String(repeating: "x\"", count: 3000),
    ])
    func stringsAreEscapedAsFoundationEscapesThem(string: String) {
        expectSameEncoding(string)
        expectSameEncoding([string: string])
        expectSameEncoding([string], formatting: [.sortedKeys, .withoutEscapingSlashes])
    }

    @Test func numbersAreWrittenAsFoundationWritesThem() {
        let doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.5, 100, 1e15, 1e16, 1e21, 1e-5, 1e-7, 123_456_789.125, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 0.30000000000000004,
        ]
        expectSameEncoding(doubles)
        expectSameEncoding(doubles.map(Float.init))
        expectSameEncoding(doubles.map { ["x": $0] })
        expectSameEncoding([Int.min, Int.max, 0, -1])
        expectSameEncoding([Int8.min, Int8.max])
        expectSameEncoding([UInt8.max])
        expectSameEncoding([Int16.min, Int16.max])
        expectSameEncoding([UInt16.max])
        expectSameEncoding([Int32.min, Int32.max])
        expectSameEncoding([UInt32.max])
        expectSameEncoding([Int64.min, Int64.max])
        expectSameEncoding([UInt64.max, 0])
        expectSameEncoding([UInt.max])
        expectSameEncoding([Int128.min, Int128.max, 0])
        expectSameEncoding([UInt128.max])
        expectSameEncoding([Decimal(string: "0.000001"), Decimal(1e30), Decimal(-5)])
        expectSameEncoding(1.0)
        expectSameEncoding(Float(1e-7))
    }

    @Test func keysCanBeLeftSnakeCasedOrConverted() {
        // The properties spell the keys under test, snake case and underscores included.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct Keys: Encodable {
            var myURLProperty = 1
            var URLProperty = 2
            var _leading_ = 3
            var aB = 4
            var already_snake = 5
            var helloWORLDFoo = 6
            var dictionary = ["notConverted": 1]
            var numbered = [7: "seven"]
        }
        expectSameEncoding(Keys()) {
            $0.keyEncodingStrategy = .convertToSnakeCase
            $1.keyEncodingStrategy = .convertToSnakeCase
        }
        let custom: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            FieldKey(stringValue: path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))
        }
        expectSameEncoding(Keys()) {
            $0.keyEncodingStrategy = .custom(custom)
            $1.keyEncodingStrategy = .custom(custom)
        }
        expectSameEncoding(["a": [Keys()]]) {
            $0.keyEncodingStrategy = .custom(custom)
            $1.keyEncodingStrategy = .custom(custom)
        }
    }

    @Test(arguments: [
        0.0, 1.5, -0.5, -1e-9, 0.9999999, -978_307_200.000_000_1, 1_714_555_800.25, -12_219_292_800, -12_219_292_801,
        253_402_300_799.9, 253_402_300_800, -62_135_596_800, -1e12, 1e15, .nan, .infinity,
    ])
    func datesFollowTheirStrategy(secondsSince1970: Double) {
        let date = Date(timeIntervalSince1970: secondsSince1970)
        let strategies: [(CourierJSONEncoder.DateEncodingStrategy, JSONEncoder.DateEncodingStrategy)] = [
            (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
            (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601),
        ]
        for (ours, theirs) in strategies {
            expectSameEncoding(["date": date]) {
                $0.dateEncodingStrategy = ours
                $1.dateEncodingStrategy = theirs
            }
            expectSameEncoding([date]) {
                $0.dateEncodingStrategy = ours
                $1.dateEncodingStrategy = theirs
            }
            // Dates never use the non-conforming float strategy's strings, in Foundation either.
            expectSameEncoding(date) {
                $0.dateEncodingStrategy = ours
                $1.dateEncodingStrategy = theirs
                $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "?")
                $1.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+", negativeInfinity: "-", nan: "?")
            }
        }
    }

    @Test func formattedDatesUseTheFormatter() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd HH:mm"
        let encoder = CourierJSONEncoder(dateEncodingStrategy: .formatted(formatter))
        let json = try encoder.encode(["at": Date(timeIntervalSince1970: 1_714_555_800)])
        #expect(String(decoding: json, as: UTF8.self) == #"{"at":"2024\/05\/01 09:30"}"#)
        expectSameEncoding([Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1e9)]) {
            $0.dateEncodingStrategy = .formatted(formatter)
            $1.dateEncodingStrategy = .formatted(formatter)
        }
    }

    @Test func customDateAndDataStrategiesWriteWhatTheClosureWrites() {
        let date: @Sendable (Date, any Encoder) throws -> Void = { date, encoder in
            var container = encoder.unkeyedContainer()
            try container.encode(date.timeIntervalSince1970)
            try container.encode(encoder.codingPath.map(describe).joined(separator: "/"))
        }
        let data: @Sendable (Data, any Encoder) throws -> Void = { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.count)
        }
        let value = ["a": [Date(timeIntervalSince1970: 10)], "b": [Date(timeIntervalSince1970: 20)]]
        expectSameEncoding(value) {
            $0.dateEncodingStrategy = .custom(date)
            $1.dateEncodingStrategy = .custom(date)
        }
        expectSameEncoding(["blob": Data([1, 2, 3])]) {
            $0.dataEncodingStrategy = .custom(data)
            $1.dataEncodingStrategy = .custom(data)
        }
        // A closure that writes nothing leaves an empty object, at the top level too.
        let nothing: @Sendable (Date, any Encoder) throws -> Void = { _, _ in }
        expectSameEncoding(Date()) {
            $0.dateEncodingStrategy = .custom(nothing)
            $1.dateEncodingStrategy = .custom(nothing)
        }
        expectSameEncoding([Date()]) {
            $0.dateEncodingStrategy = .custom(nothing)
            $1.dateEncodingStrategy = .custom(nothing)
        }
        let nothingForData: @Sendable (Data, any Encoder) throws -> Void = { _, _ in }
        expectSameEncoding(["d": Data()]) {
            $0.dataEncodingStrategy = .custom(nothingForData)
            $1.dataEncodingStrategy = .custom(nothingForData)
        }
    }

    @Test func dataIsBase64OrBytes() {
        for count in 0..<8 {
            let data = Data((0..<count).map { UInt8(truncatingIfNeeded: 250 + $0 * 3) })
            expectSameEncoding([data])
            expectSameEncoding([data], formatting: [.sortedKeys, .withoutEscapingSlashes])
            expectSameEncoding(["d": data]) {
                $0.dataEncodingStrategy = .deferredToData
                $1.dataEncodingStrategy = .deferredToData
            }
        }
    }

    @Test func nonConformingFloatsThrowOrBecomeStrings() {
        let values: [Double] = [.nan, .infinity, -.infinity]
        expectSameEncoding(values) {
            $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN/")
            $1.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN/")
        }
        expectSameEncoding(values.map(Float.init)) {
            $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
            $1.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        }
    }

    /// A NaN or an infinity without a strategy fails with Foundation's error: its case, its coding
    /// path and its message, wherever it is and through whichever container it was written.
    @Test func nonConformingFloatsFailAtTheirCodingPath() throws {
        struct Holder: Encodable {
            enum CodingKeys: CodingKey { case value, list, single, nested }
            let bad: Double
            let place: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch place {
                case 0: try container.encode(bad, forKey: .value)
                case 1: try container.encode(Float(bad), forKey: .value)
                case 2: try container.encode([1, bad], forKey: .list)
                case 3: try container.encode(["k": [bad]], forKey: .nested)
                case 4: try container.encode(Single(value: bad), forKey: .single)
                default: try container.encode(Date(timeIntervalSinceReferenceDate: bad), forKey: .value)
                }
            }
        }
        struct Single: Encodable {
            let value: Double
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
            }
        }
        for bad in [Double.nan, .infinity, -.infinity] {
            for place in 0...5 {
                for formatting: CourierJSONEncoder.OutputFormatting in [.sortedKeys, [.sortedKeys, .prettyPrinted]] {
                    let holder = Holder(bad: bad, place: place)
                    expectSameEncoding(holder, formatting: formatting)
                    let ours = try #require(encodingError { try CourierJSONEncoder(outputFormatting: formatting).encode(holder) })
                    let theirs = try #require(encodingError { try JSONEncoder().encode(holder) })
                    #expect(ours == theirs)
                }
            }
        }
    }

    @Test func aTopLevelValueThatEncodesNothingIsAnError() {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        struct Wrapped: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(Nothing())
            }
        }
        expectSameEncoding(Nothing())
        expectSameEncoding([Nothing()])
        expectSameEncoding(["k": Nothing()])
        // Through a single-value container, nothing is an empty object, at the top level too.
        expectSameEncoding(Wrapped())
        #expect(encodingError { try CourierJSONEncoder().encode(Nothing()) } == "[] Top-level Nothing did not encode any values.")
    }

    @Test func containersNestAtMost511Deep() {
        struct Deep: Encodable {
            let levels: Int
            let keyed: Bool
            enum CodingKeys: CodingKey { case next }
            func encode(to encoder: any Encoder) throws {
                if keyed {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    if levels > 1 { try container.encode(Deep(levels: levels - 1, keyed: keyed), forKey: .next) }
                } else {
                    var container = encoder.unkeyedContainer()
                    if levels > 1 { try container.encode(Deep(levels: levels - 1, keyed: keyed)) }
                }
            }
        }
        for keyed in [false, true] {
            for levels in [510, 511, 512, 600] {
                expectSameEncoding(Deep(levels: levels, keyed: keyed))
            }
        }
        // Arrays of scalars are written at once, and still count.
        struct DeepList: Encodable {
            let levels: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                if levels > 1 { try container.encode(DeepList(levels: levels - 1)) } else { try container.encode([1, 2]) }
            }
        }
        expectSameEncoding(DeepList(levels: 510))
        expectSameEncoding(DeepList(levels: 511))
    }

    @Test func userInfoReachesTheEncodedTypes() throws {
        struct Reads: Encodable {
            static let key = CodingUserInfoKey(rawValue: "unit")!
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[Self.key] as? String ?? "none")
            }
        }
        let encoder = CourierJSONEncoder(userInfo: [Reads.key: "cm"])
        #expect(String(decoding: try encoder.encode([Reads()]), as: UTF8.self) == #"["cm"]"#)
    }

    /// Without `.sortedKeys`, members come in the order they were encoded: a key written again
    /// keeps its last value, at the place of that write.
    @Test func unsortedMembersKeepTheirEncodingOrder() throws {
        struct Ordered: Encodable {
            enum CodingKeys: String, CodingKey { case zeta, alpha, mid }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .zeta)
                try container.encode(2, forKey: .alpha)
                try container.encode(3, forKey: .zeta)
                try container.encode(4, forKey: .mid)
            }
        }
        #expect(String(decoding: try CourierJSONEncoder().encode(Ordered()), as: UTF8.self) == #"{"alpha":2,"zeta":3,"mid":4}"#)
        expectSameEncoding(Ordered())
        let many = Dictionary(uniqueKeysWithValues: (0..<40).map { ("k\($0)", $0) })
        let unsorted = try CourierJSONEncoder().encode(many)
        #expect(try JSONDecoder().decode([String: Int].self, from: unsorted) == many)
    }

    /// A large document is written after its text in one buffer; most of that buffer would be
    /// wasted on the output, which then gets memory of its own. Both ways give the same bytes.
    @Test func largeDocumentsAreWrittenAsSmallOnesAre() {
        expectSameEncoding((0..<2000).map { "item \($0) " + String(repeating: "/", count: $0 % 50) })
        expectSameEncoding((0..<500).map { ["id": $0, "count": $0 * 3] }, formatting: [.sortedKeys, .prettyPrinted])
    }

    @Test func bytesOfAnyDocumentDecodeBackToTheValue() throws {
        let team = Team()
        let encoder = CourierJSONEncoder(outputFormatting: .prettyPrinted)
        #expect(try JSONDecoder().decode(Team.self, from: encoder.encode(team)) == team)
        #expect(try CourierJSONDecoder().decode(Team.self, from: encoder.encode(team)) == team)
    }
}

/// The message and path of the `EncodingError.invalidValue` that `body` throws, if it throws one.
func encodingError(_ body: () throws -> Data) -> String? {
    do {
        _ = try body()
        return nil
    } catch let EncodingError.invalidValue(_, context) {
        return "\(context.codingPath.map(describe)) \(context.debugDescription)"
    } catch {
        return "\(error)"
    }
}
