import Courier
import CourierFixtures
import CourierJSON
import Foundation
import Testing

/// Generated values, encoded by both encoders under generated settings: with `.sortedKeys` the same
/// bytes or the same error; without it, documents that decode to the same value.
///
/// Errors are compared by case and by the key or index that failed, not by their whole path:
/// inside a nested container, Foundation 6.3.1 leaves the nested containers' keys out of the paths
/// it reports, and this encoder does not (`EncodingContainerTests` pins that down).
struct EncoderDifferentialTests {
    @Test(.timeLimit(.minutes(2)))
    func generatedValuesEncodeAlike() async throws {
        var random = SplitMix64(seed: 0xE4C0DE)
        var documents = 0
        var errors = 0
        for round in 0..<1500 {
            await yieldPeriodically(round, every: 5)
            var faults = round.isMultiple(of: 2) ? 1 : 0
            let value = Generated.random(depth: 0, faults: &faults, using: &random)
            let settings = Settings.random(using: &random)
            let (courier, foundation) = encodeOutcomes(value, formatting: settings.formatting, configure: settings.apply)
            #expect(courier.failingKeyOnly == foundation.failingKeyOnly, "\(settings) \(value)")
            if courier.text != nil { documents += 1 } else { errors += 1 }

            // Without sorting, Foundation's member order is a hash table's: compare what decodes.
            let unsorted = settings.formatting.subtracting(.sortedKeys)
            let (ours, theirs) = encodeOutcomes(value, formatting: unsorted, configure: settings.apply)
            if let ours = ours.text, let theirs = theirs.text {
                #expect(
                    try JSONDecoder().decode(JSONValue.self, from: Data(ours.utf8))
                        == JSONDecoder().decode(JSONValue.self, from: Data(theirs.utf8)), "\(ours)")
            } else {
                #expect(ours.failingKeyOnly == theirs.failingKeyOnly, "\(settings) \(value)")
            }
        }
        // Both kinds of outcome are well represented.
        #expect(documents > 1000 && errors > 75, "\(documents) documents, \(errors) errors")
    }

    /// Every bit pattern is a double Swift prints one way: written as Foundation writes it, and read
    /// back as the same double.
    @Test func randomDoublesAndFloatsAreWrittenExactly() async throws {
        var random = SplitMix64(seed: 0xD0B1E)
        for round in 0..<40 {
            await yieldPeriodically(round, every: 2)
            let doubles = (0..<250).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
            let floats = (0..<250).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }.filter(\.isFinite)
            expectSameEncoding(doubles)
            expectSameEncoding(floats)
            let written = try CourierJSONEncoder().encode(doubles)
            #expect(try JSONDecoder().decode([Double].self, from: written).map(\.bitPattern) == doubles.map(\.bitPattern))
        }
    }

    /// ISO 8601 dates written by hand agree with Foundation's formatter on every second of every
    /// year, and the years around the ones written by hand are left to it.
    @Test func iso8601DatesMatchFoundation() async {
        var random = SplitMix64(seed: 0x1508)
        let configure: (inout CourierJSONEncoder, JSONEncoder) -> Void = {
            $0.dateEncodingStrategy = .iso8601
            $1.dateEncodingStrategy = .iso8601
        }
        for round in 0..<20 {
            await yieldPeriodically(round, every: 2)
            let dates = (0..<200).map { _ in
                let whole = Double(Int64.random(in: -13_000_000_000...260_000_000_000, using: &random))
                let fraction =
                    [0, 1e-6, -1e-6, 0.5, 0.999_999, -1e-12, Double.random(in: 0..<1, using: &random)].randomElement(using: &random) ?? 0
                return Date(timeIntervalSince1970: whole + fraction)
            }
            expectSameEncoding(dates, configure: configure)
        }
    }

    @Test func base64MatchesFoundation() {
        var random = SplitMix64(seed: 0xBA5E)
        for count in 0..<200 {
            let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
            expectSameEncoding([data])
            expectSameEncoding([data], formatting: [.sortedKeys, .withoutEscapingSlashes])
        }
    }
}

/// The encoder settings of one generated case, applied alike to both encoders.
struct Settings: CustomStringConvertible {
    var formatting: CourierJSONEncoder.OutputFormatting
    var keys: Int
    var dates: Int
    var data: Int
    var convertsFloats: Bool

    static func random(using random: inout SplitMix64) -> Settings {
        var formatting: CourierJSONEncoder.OutputFormatting = .sortedKeys
        if Bool.random(using: &random) { formatting.insert(.prettyPrinted) }
        if Bool.random(using: &random) { formatting.insert(.withoutEscapingSlashes) }
        return Settings(
            formatting: formatting, keys: Int.random(in: 0..<3, using: &random), dates: Int.random(in: 0..<4, using: &random),
            data: Int.random(in: 0..<2, using: &random), convertsFloats: Int.random(in: 0..<4, using: &random) == 0)
    }

    func apply(_ courier: inout CourierJSONEncoder, _ foundation: JSONEncoder) {
        switch keys {
        case 1:
            courier.keyEncodingStrategy = .convertToSnakeCase
            foundation.keyEncodingStrategy = .convertToSnakeCase
        case 2:
            // The key alone: the paths differ inside nested containers (see the type's comment).
            let convert: @Sendable ([any CodingKey]) -> any CodingKey = { path in
                FieldKey(stringValue: "<" + (path.last.map(describe) ?? "") + ">")
            }
            courier.keyEncodingStrategy = .custom(convert)
            foundation.keyEncodingStrategy = .custom(convert)
        default: break
        }
        switch dates {
        case 1:
            courier.dateEncodingStrategy = .secondsSince1970
            foundation.dateEncodingStrategy = .secondsSince1970
        case 2:
            courier.dateEncodingStrategy = .millisecondsSince1970
            foundation.dateEncodingStrategy = .millisecondsSince1970
        case 3:
            courier.dateEncodingStrategy = .iso8601
            foundation.dateEncodingStrategy = .iso8601
        default: break
        }
        if data == 1 {
            courier.dataEncodingStrategy = .deferredToData
            foundation.dataEncodingStrategy = .deferredToData
        }
        if convertsFloats {
            courier.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            foundation.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        }
    }

    var description: String { "formatting \(formatting.rawValue) keys \(keys) dates \(dates) data \(data) floats \(convertsFloats)" }
}

/// A generated value that encodes itself through every kind of container and every typed method.
indirect enum Generated: Encodable {
    case null
    case bool(Bool)
    case string(String)
    case double(Double)
    case float(Float)
    case int(Int)
    case int8(Int8)
    case uint8(UInt8)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case uint(UInt)
    case date(Date)
    case data(Data)
    case url(URL)
    case decimal(Decimal)
    /// Written with `encodeIfPresent` in an object, as a value or `null` elsewhere.
    case optional(Generated?)
    /// Writes nothing: an empty object once nested.
    case empty
    case strings([String])
    case integers([Int])
    case doubles([Double])
    case list([Generated], Route)
    case object([(String, Generated)], Route)
    case dictionary([String: Generated])

    /// How a container is reached from its parent.
    enum Route: CaseIterable {
        /// The parent encodes the value, which asks its encoder for a container.
        case value
        /// The parent nests a container and writes into it.
        case nested
        /// The parent hands out a super encoder.
        case superEncoder
    }

    private static let keys = [
        "a", "b", "id", "myURLValue", "already_snake", "with space", "quote\"d", "slash/key", "é", "日本", "emoji😀", "UPPER",
        "x1Y2", "ctl\u{1}", "aBC", "_leading", "tab\t", "",
    ]

    static func random(depth: Int, faults: inout Int, using random: inout SplitMix64) -> Generated {
        let roll = Int.random(in: 0..<24, using: &random)
        if depth >= 4 || roll < 14 { return scalar(roll, faults: &faults, using: &random) }
        switch roll {
        case 14: return .optional(Bool.random(using: &random) ? nil : Generated.random(depth: depth + 1, faults: &faults, using: &random))
        case 15:
            return [
                .strings((0..<3).map { _ in text(using: &random) }), .integers([1, -2, .max]),
                .doubles(doubles(faults: &faults, using: &random)),
            ]
            .randomElement(using: &random) ?? .empty
        case 16, 17, 18:
            let count = Int.random(in: 0...4, using: &random)
            return .list(
                (0..<count).map { _ in Generated.random(depth: depth + 1, faults: &faults, using: &random) },
                Route.allCases.randomElement(using: &random) ?? .value)
        case 19:
            return .dictionary(
                Dictionary(
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in
                        (keys.randomElement(using: &random) ?? "k", Generated.random(depth: depth + 1, faults: &faults, using: &random))
                    }, uniquingKeysWith: { first, _ in first }))
        case 20: return .empty
        default:
            // Keys may repeat: the last value counts, in both encoders. A repeat is never a nested
            // container, which Foundation refuses (it stops the program) over another value.
            var seen = Set<String>()
            let members = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                let key = keys.randomElement(using: &random) ?? "k"
                let value = Generated.random(depth: depth + 1, faults: &faults, using: &random)
                return (key, seen.insert(key).inserted ? value : value.reachedAsValue)
            }
            return .object(members, Route.allCases.randomElement(using: &random) ?? .value)
        }
    }

    /// This value, encoded as a value if it would have been a nested container.
    private var reachedAsValue: Generated {
        switch self {
        case .list(let elements, .nested): .list(elements, .value)
        case .object(let members, .nested): .object(members, .value)
        default: self
        }
    }

    private static func scalar(_ roll: Int, faults: inout Int, using random: inout SplitMix64) -> Generated {
        switch roll {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2, 3: return .string(text(using: &random))
        case 4: return .double(doubles(faults: &faults, using: &random).first ?? 0)
        case 5: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0xFF7F_FFFF))
        case 6:
            return [
                .int(Int(bitPattern: UInt(random.next()))), .int8(.random(in: .min ... .max, using: &random)),
                .uint8(.random(in: .min ... .max, using: &random)),
            ]
            .randomElement(using: &random) ?? .null
        case 7:
            return [
                .int16(.random(in: .min ... .max, using: &random)), .uint16(.random(in: .min ... .max, using: &random)),
                .int32(.random(in: .min ... .max, using: &random)),
            ]
            .randomElement(using: &random) ?? .null
        case 8:
            return [
                .uint32(.random(in: .min ... .max, using: &random)), .int64(.random(in: .min ... .max, using: &random)),
                .uint64(random.next()), .uint(UInt(random.next())),
            ]
            .randomElement(using: &random) ?? .null
        case 9, 10:
            let seconds =
                Double(Int64.random(in: -20_000_000_000...300_000_000_000, using: &random)) + Double.random(in: 0..<1, using: &random)
            return .date(Date(timeIntervalSince1970: seconds))
        case 11: return .data(Data((0..<Int.random(in: 0...7, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        case 12:
            return .url(
                URL(string: ["https://a.test/x?y=z", "mailto:a@b.test", "relative/path"].randomElement(using: &random) ?? "x")
                    ?? URL(fileURLWithPath: "/"))
        default:
            return .decimal(
                Decimal(
                    string: ["0", "-12.345", "1e20", "0.000001", "123456789012345678901234567890"].randomElement(using: &random) ?? "1")
                    ?? 1)
        }
    }

    private static func text(using random: inout SplitMix64) -> String {
        let pieces = ["a", "Zz", " ", "é", "日本", "𝄞", "\n", "\"", "\\", "/", "\u{0}", "\u{1F}", "\t", "\u{7F}", "emoji 😀", "http://x/y"]
        return (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    /// One to three doubles, and a NaN or an infinity in place of the first if `faults` asks for one.
    private static func doubles(faults: inout Int, using random: inout SplitMix64) -> [Double] {
        var values = (0..<Int.random(in: 1...3, using: &random)).map { _ -> Double in
            let candidates: [Double] = [
                Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF), Double(Int.random(in: -1000...1000, using: &random)), 0.1, -0.0,
                1e-7,
            ]
            return candidates.randomElement(using: &random) ?? 0
        }
        if faults > 0, Bool.random(using: &random) {
            faults -= 1
            values[0] = [Double.nan, .infinity, -.infinity].randomElement(using: &random) ?? .nan
        }
        return values
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .list(let elements, _):
            var container = encoder.unkeyedContainer()
            for element in elements { try element.encode(into: &container) }
        case .object(let members, _):
            var container = encoder.container(keyedBy: FieldKey.self)
            for (name, member) in members { try member.encode(into: &container, forKey: FieldKey(stringValue: name)) }
        case .empty:
            break
        default:
            var container = encoder.singleValueContainer()
            try encodeScalar(into: &container)
        }
    }

    private func encodeScalar(into container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .null, .optional(nil): try container.encodeNil()
        case .optional(let value?): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .strings(let value): try container.encode(value)
        case .integers(let value): try container.encode(value)
        case .doubles(let value): try container.encode(value)
        case .dictionary(let value): try container.encode(value)
        case .list, .object, .empty: try container.encode(self)
        }
    }

    /// Writes this value as the next element, through the container's typed methods where there
    /// is one, and its nested containers or super encoder as the route says.
    private func encode(into container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .list(let elements, .nested):
            var nested = container.nestedUnkeyedContainer()
            for element in elements { try element.encode(into: &nested) }
        case .object(let members, .nested):
            var nested = container.nestedContainer(keyedBy: FieldKey.self)
            for (name, member) in members { try member.encode(into: &nested, forKey: FieldKey(stringValue: name)) }
        case .list(_, .superEncoder), .object(_, .superEncoder):
            try encode(to: container.superEncoder())
        default:
            try container.encode(self)
        }
    }

    /// Writes this value under `key`, through the container's typed methods where there is one.
    private func encode(into container: inout KeyedEncodingContainer<FieldKey>, forKey key: FieldKey) throws {
        switch self {
        case .null: try container.encodeNil(forKey: key)
        case .optional(let value): try container.encodeIfPresent(value, forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .string(let value): try container.encode(value, forKey: key)
        case .double(let value): try container.encode(value, forKey: key)
        case .float(let value): try container.encode(value, forKey: key)
        case .int(let value): try container.encode(value, forKey: key)
        case .int8(let value): try container.encode(value, forKey: key)
        case .uint8(let value): try container.encode(value, forKey: key)
        case .int16(let value): try container.encode(value, forKey: key)
        case .uint16(let value): try container.encode(value, forKey: key)
        case .int32(let value): try container.encode(value, forKey: key)
        case .uint32(let value): try container.encode(value, forKey: key)
        case .int64(let value): try container.encode(value, forKey: key)
        case .uint64(let value): try container.encode(value, forKey: key)
        case .uint(let value): try container.encode(value, forKey: key)
        case .date(let value): try container.encode(value, forKey: key)
        case .data(let value): try container.encode(value, forKey: key)
        case .list(let elements, .nested):
            var nested = container.nestedUnkeyedContainer(forKey: key)
            for element in elements { try element.encode(into: &nested) }
        case .object(let members, .nested):
            var nested = container.nestedContainer(keyedBy: FieldKey.self, forKey: key)
            for (name, member) in members { try member.encode(into: &nested, forKey: FieldKey(stringValue: name)) }
        case .list(_, .superEncoder), .object(_, .superEncoder):
            try encode(to: container.superEncoder(forKey: key))
        default:
            try container.encode(self, forKey: key)
        }
    }
}

extension EncodeOutcome {
    /// The outcome with an error's path cut to its last key, the one that failed.
    var failingKeyOnly: EncodeOutcome {
        guard case .invalidValue(let path) = self else { return self }
        return .invalidValue(path: Array(path.suffix(1)))
    }
}
