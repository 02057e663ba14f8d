import Foundation

/// Any JSON document, for tests that decode without a schema (as Courier's `JSONValue` does).
enum AnyJSON: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([AnyJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }

    /// Compact JSON for this value, numbers as Swift prints them (which round-trip).
    var json: String {
        switch self {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .number(let number): number.description
        case .string(let string): Self.quoted(string)
        case .array(let elements): "[" + elements.map(\.json).joined(separator: ",") + "]"
        case .object(let members): "{" + members.sorted { $0.key < $1.key }.map { Self.quoted($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
