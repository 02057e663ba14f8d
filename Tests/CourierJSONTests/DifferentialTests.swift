import Courier
import CourierFixtures
import CourierJSON
import Foundation
import Testing

/// Generated models and generated documents for them, decoded by both decoders: the same values,
/// or the same errors (case and coding path). The documents stay clear of the places where
/// JSONTestSuite shows Foundation wrong or where DecodingAndEncoding.md documents a difference (trailing
/// commas, `0e1`-style zeros, numbers that underflow, integers written with a fraction past 2^53,
/// dates), and otherwise go out of their way to break the model: wrong types, nulls, missing,
/// extra and repeated keys, numbers out of range, escapes, every integer width. A document holds
/// at most one fault: Foundation decodes a dictionary's members in hash order, so with two faults
/// which one it reports first is chance.
struct DifferentialTests {
    @Test(.timeLimit(.minutes(2)))
    func generatedModelsDecodeAlike() async {
        var random = SplitMix64(seed: 0xD1FF)
        var values = 0
        var errors = 0
        for round in 0..<600 {
            await yieldPeriodically(round, every: 5)
            let shape = Shape.random(depth: 0, using: &random)
            var faults = round.isMultiple(of: 4) ? 0 : 1
            let json = shape.document(using: &random, faults: &faults)
            let courier = CourierJSONDecoder(userInfo: [Node.shapeKey: shape])
            let foundation = JSONDecoder()
            foundation.userInfo = [Node.shapeKey: shape]
            let data = Data(json.utf8)
            let ours = Outcome { try courier.decode(Node.self, from: data).value }
            let theirs = Outcome { try foundation.decode(Node.self, from: data).value }
            #expect(ours == theirs, "\(json)")
            if case .value = ours { values += 1 } else { errors += 1 }
        }
        // Both kinds of outcome are well represented.
        #expect(values > 200 && errors > 120)
    }

    /// Random valid documents of every kind, decoded as any JSON.
    @Test func randomDocumentsDecodeAlike() async {
        var random = SplitMix64(seed: 0xA11)
        for round in 0..<600 {
            await yieldPeriodically(round, every: 5)
            let json = Shape.anyDocument(depth: 0, using: &random)
            expectParity(json, as: JSONValue.self)
        }
    }
}

/// What a generated model reads at one place of the document.
indirect enum Shape: Sendable, CustomStringConvertible {
    case int, int8, uint8, int16, int32, int64, uint64, double, float, bool, string
    case optional(Shape)
    case array(Shape, viaUnkeyedContainer: Bool)
    case dictionary(Shape)
    case object([(name: String, shape: Shape)])

    var description: String {
        switch self {
        case .optional(let inner): "\(inner)?"
        case .array(let element, let unkeyed): "[\(element)]\(unkeyed ? "u" : "")"
        case .dictionary(let value): "[String: \(value)]"
        case .object(let fields): "{" + fields.map { "\($0.name): \($0.shape)" }.joined(separator: ", ") + "}"
        default:
            "\(Mirror(reflecting: self).children.first?.label ?? String(reflecting: self).split(separator: ".").last.map(String.init) ?? "")"
        }
    }

    private static let scalars: [Shape] = [.int, .int8, .uint8, .int16, .int32, .int64, .uint64, .double, .float, .bool, .string]
    private static let names = ["id", "name", "a", "b", "value", "list", "nested", "é", "key with space", "quote\"d", "x_y"]

    static func random(depth: Int, using random: inout SplitMix64) -> Shape {
        let roll = Int.random(in: 0..<10, using: &random)
        if depth >= 3 || roll < 4 { return scalars.randomElement(using: &random) ?? .int }
        switch roll {
        case 4: return .optional(Shape.random(depth: depth + 1, using: &random))
        case 5, 6: return .array(Shape.random(depth: depth + 1, using: &random), viaUnkeyedContainer: Bool.random(using: &random))
        case 7: return .dictionary(Shape.random(depth: depth + 1, using: &random))
        default:
            let count = Int.random(in: 0...5, using: &random)
            let names = Array(Self.names.shuffled(using: &random).prefix(count))
            return .object(names.map { ($0, Shape.random(depth: depth + 1, using: &random)) })
        }
    }

    /// The shape at `path` below this one.
    func at(_ path: [any CodingKey]) -> Shape {
        guard let key = path.first else { return self }
        let rest = Array(path.dropFirst())
        switch self {
        case .optional(let inner): return inner.at(path)
        case .array(let element, _): return element.at(rest)
        case .dictionary(let value): return value.at(rest)
        case .object(let fields): return (fields.first { $0.name == key.stringValue }?.shape ?? .int).at(rest)
        default: return self
        }
    }

    /// A document for this shape, with a fault somewhere if `faults` is 1 (then 0).
    func document(using random: inout SplitMix64, faults: inout Int) -> String {
        let injects = faults > 0 && Int.random(in: 0..<8, using: &random) == 0
        if injects { faults -= 1 }
        switch self {
        case .int: return injects ? Self.wrongType(using: &random) : Self.integer(in: Int64(Int.min)...Int64(Int.max), using: &random)
        case .int8: return Self.integer(Int8.self, faulty: injects, using: &random)
        case .uint8: return Self.integer(UInt8.self, faulty: injects, using: &random)
        case .int16: return Self.integer(Int16.self, faulty: injects, using: &random)
        case .int32: return Self.integer(Int32.self, faulty: injects, using: &random)
        case .int64: return Self.integer(Int64.self, faulty: injects, using: &random)
        case .uint64: return Self.integer(UInt64.self, faulty: injects, using: &random)
        case .double:
            return injects ? (["1e309", "-1e400", "\"1\"", "null"].randomElement(using: &random) ?? "") : Self.number(using: &random)
        case .float:
            if injects { return ["1e39", "-3.5e38", "true"].randomElement(using: &random) ?? "" }
            return Bool.random(using: &random) ? Float.random(in: -1e6...1e6, using: &random).description : "1.17549435e-38"
        case .bool: return injects ? Self.wrongType(using: &random) : Bool.random(using: &random) ? "true" : "false"
        case .string: return injects ? Self.wrongType(using: &random) : Self.string(using: &random)
        case .optional(let inner):
            if injects { return Self.wrongType(using: &random) }
            return Int.random(in: 0..<4, using: &random) == 0 ? "null" : inner.document(using: &random, faults: &faults)
        case .array(let element, _):
            if injects { return ["{}", "\"[]\"", "null", "[1,[]]"].randomElement(using: &random) ?? "" }
            return "["
                + (0..<Int.random(in: 0...4, using: &random)).map { _ in element.document(using: &random, faults: &faults) }.joined(
                    separator: ",") + "]"
        case .dictionary(let value):
            if injects { return ["[]", "null", "1"].randomElement(using: &random) ?? "" }
            return "{"
                + (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    Self.quoted(Self.names.randomElement(using: &random) ?? "k") + ":" + value.document(using: &random, faults: &faults)
                }.joined(separator: ",") + "}"
        case .object(let fields):
            if injects, fields.isEmpty { return "[]" }
            let missing = injects ? fields.randomElement(using: &random)?.name : nil
            var members: [String] = []
            for field in fields.shuffled(using: &random) where field.name != missing {
                if Int.random(in: 0..<10, using: &random) == 0 {
                    members.append(Self.quoted("extra") + ":" + Self.anyDocument(depth: 2, using: &random))
                }
                members.append(Self.quoted(field.name) + ":" + field.shape.document(using: &random, faults: &faults))
                if Int.random(in: 0..<10, using: &random) == 0 {  // repeated: the first one counts
                    members.append(Self.quoted(field.name) + ":" + Self.anyDocument(depth: 2, using: &random))
                }
            }
            return "{" + members.joined(separator: Bool.random(using: &random) ? "," : " ,\n ") + "}"
        }
    }

    /// A value of another JSON type than the model reads, or null.
    private static func wrongType(using random: inout SplitMix64) -> String {
        ["null", "\"text\"", "[]", "{}", "true", "1.5"].randomElement(using: &random) ?? "null"
    }

    /// A value of `type`'s range, or, if `faulty`, just outside it or written as a fraction.
    private static func integer<T: FixedWidthInteger>(_ type: T.Type, faulty: Bool, using random: inout SplitMix64) -> String {
        guard faulty else {
            return integer(in: Int64(truncatingIfNeeded: T.min)...(T.bitWidth == 64 && !T.isSigned ? .max : Int64(T.max)), using: &random)
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return T.isSigned ? "\(Int128(T.min) - 1)" : "-1"
        case 1: return "\(Int128(T.max) + 1)"
        case 2: return "2.5"
        default: return wrongType(using: &random)
        }
    }

    /// An integer in `range`, sometimes spelled with a fraction or an exponent (both decoders read
    /// whole numbers so written, below 2^53).
    private static func integer(in range: ClosedRange<Int64>, using random: inout SplitMix64) -> String {
        let value = Int64.random(in: range, using: &random)
        guard value.magnitude < 1 << 53, value != 0 else { return String(value) }
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return "\(value).0"
        case 1: return "\(value)e0"
        case 2: return "\(value)00E-2"
        default: return String(value)
        }
    }

    /// A number of any size a Double holds (no underflow, no `0e1`).
    private static func number(using random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return String(Int.random(in: -1000...1000, using: &random))
        case 1: return String(format: "%.17g", Double.random(in: -1...1, using: &random))
        case 2: return "\(Int.random(in: 1...999_999, using: &random))e\(Int.random(in: -300...300, using: &random))"
        case 3: return Double(bitPattern: random.next() & ~(0x7FF << 52) | UInt64.random(in: 1...0x7FE, using: &random) << 52).description
        case 4: return ["-0", "-0.0", "0.1", "123456789012345678901234567890", "18446744073709551616"].randomElement(using: &random) ?? "0"
        default: return "\(Int.random(in: -99...99, using: &random)).\(Int.random(in: 0...99_999, using: &random))"
        }
    }

    private static func string(using random: inout SplitMix64) -> String {
        let pieces = [
            "a", "Zz", " ", "é", "日本", "𝄞", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud834\\udd1e", "\\u0000", "\\t", "emoji 😀",
            "quote'",
        ]
        return "\"" + (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined() + "\""
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Any valid document.
    static func anyDocument(depth: Int, using random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<(depth >= 3 ? 5 : 8), using: &random) {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2: return number(using: &random)
        case 3, 4: return string(using: &random)
        case 5, 6:
            return "["
                + (0..<Int.random(in: 0...4, using: &random)).map { _ in anyDocument(depth: depth + 1, using: &random) }.joined(
                    separator: ", ") + "]"
        default:
            return "{"
                + (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    quoted(names.randomElement(using: &random) ?? "k") + " : " + anyDocument(depth: depth + 1, using: &random)
                }.joined(separator: ",") + "}"
        }
    }
}

/// A decoded value of any generated model, compared across the two decoders.
indirect enum Value: Equatable, Sendable {
    case integer(String)
    case double(UInt64)
    case bool(Bool)
    case string(String)
    case null
    case list([Value])
    case members([String: Value])
}

/// The model: it reads its shape from `userInfo` and finds its place in it by its coding path, so
/// both decoders' paths must be right for it to read the right thing.
struct Node: Decodable {
    static let shapeKey = CodingUserInfoKey(rawValue: "shape")!
    let value: Value

    init(from decoder: any Decoder) throws {
        guard let root = decoder.userInfo[Self.shapeKey] as? Shape else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no shape"))
        }
        value = try Self.read(root.at(decoder.codingPath), from: decoder)
    }

    private static func read(_ shape: Shape, from decoder: any Decoder) throws -> Value {
        switch shape {
        case .optional(let inner):
            return try decoder.singleValueContainer().decodeNil() ? .null : read(inner, from: decoder)
        case .array(_, let viaUnkeyedContainer) where viaUnkeyedContainer:
            var container = try decoder.unkeyedContainer()
            var elements: [Value] = []
            while !container.isAtEnd { elements.append(try container.decode(Node.self).value) }
            return .list(elements)
        case .array:
            return .list(try decoder.singleValueContainer().decode([Node].self).map(\.value))
        case .dictionary:
            return .members(try decoder.singleValueContainer().decode([String: Node].self).mapValues(\.value))
        case .object(let fields):
            let container = try decoder.container(keyedBy: FieldKey.self)
            var members: [String: Value] = [:]
            for field in fields {
                let key = FieldKey(stringValue: field.name)
                members[field.name] = try readField(field.shape, key, in: container)
            }
            return .members(members)
        default:
            return try readScalar(shape, from: decoder.singleValueContainer())
        }
    }

    /// Scalars through the keyed container's own requirements; the rest through nested nodes.
    private static func readField(_ shape: Shape, _ key: FieldKey, in container: KeyedDecodingContainer<FieldKey>) throws -> Value {
        switch shape {
        case .int: return .integer(String(try container.decode(Int.self, forKey: key)))
        case .uint64: return .integer(String(try container.decode(UInt64.self, forKey: key)))
        case .double: return .double(try container.decode(Double.self, forKey: key).bitPattern)
        case .string: return .string(try container.decode(String.self, forKey: key))
        case .bool: return .bool(try container.decode(Bool.self, forKey: key))
        case .optional(.int): return try container.decodeIfPresent(Int.self, forKey: key).map { .integer(String($0)) } ?? .null
        case .optional(.string): return try container.decodeIfPresent(String.self, forKey: key).map { .string($0) } ?? .null
        case .optional: return try container.decodeIfPresent(Node.self, forKey: key)?.value ?? .null
        default: return try container.decode(Node.self, forKey: key).value
        }
    }

    private static func readScalar(_ shape: Shape, from container: any SingleValueDecodingContainer) throws -> Value {
        switch shape {
        case .int8: .integer(String(try container.decode(Int8.self)))
        case .uint8: .integer(String(try container.decode(UInt8.self)))
        case .int16: .integer(String(try container.decode(Int16.self)))
        case .int32: .integer(String(try container.decode(Int32.self)))
        case .int64: .integer(String(try container.decode(Int64.self)))
        case .uint64: .integer(String(try container.decode(UInt64.self)))
        case .double: .double(try container.decode(Double.self).bitPattern)
        case .float: .double(Double(try container.decode(Float.self)).bitPattern)
        case .bool: .bool(try container.decode(Bool.self))
        case .string: .string(try container.decode(String.self))
        default: .integer(String(try container.decode(Int.self)))
        }
    }
}

/// A field of a generated object.
struct FieldKey: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
}
