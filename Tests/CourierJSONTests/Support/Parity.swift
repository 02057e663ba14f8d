import CourierJSON
import Foundation
import Testing

/// How a decode ended, in terms two decoders can be compared on: the value, or the error's case
/// and coding path (messages differ by design, and Foundation leaves the path out of some
/// `dataCorrupted` errors, so those compare by case alone).
enum Outcome<Value: Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case typeMismatch(path: [String])
    case valueNotFound(path: [String])
    case keyNotFound(key: String, path: [String])
    case dataCorrupted
    case otherError(String)

    init(_ body: () throws -> Value) {
        do {
            self = .value(try body())
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let context): self = .typeMismatch(path: context.codingPath.map(describe))
            case .valueNotFound(_, let context): self = .valueNotFound(path: context.codingPath.map(describe))
            case .keyNotFound(let key, let context): self = .keyNotFound(key: key.stringValue, path: context.codingPath.map(describe))
            case .dataCorrupted: self = .dataCorrupted
            @unknown default: self = .otherError("\(error)")
            }
        } catch {
            self = .otherError("\(error)")
        }
    }

    var description: String {
        switch self {
        case .value(let value): "value(\(value))"
        case .typeMismatch(let path): "typeMismatch at \(path)"
        case .valueNotFound(let path): "valueNotFound at \(path)"
        case .keyNotFound(let key, let path): "keyNotFound(\(key)) at \(path)"
        case .dataCorrupted: "dataCorrupted"
        case .otherError(let error): "error \(error)"
        }
    }
}

/// A key as both decoders would name it: array positions by number, other keys by string.
func describe(_ key: any CodingKey) -> String {
    key.intValue.map { "[\($0)]" } ?? key.stringValue
}

/// Decodes `json` as `T` with both decoders, set up alike by `configure`.
func outcomes<T: Decodable & Equatable>(
    _ json: String, as type: T.Type, configure: (inout CourierJSONDecoder, JSONDecoder) -> Void = { _, _ in }
) -> (courier: Outcome<T>, foundation: Outcome<T>) {
    var courier = CourierJSONDecoder()
    let foundation = JSONDecoder()
    configure(&courier, foundation)
    let data = Data(json.utf8)
    return (Outcome { try courier.decode(T.self, from: data) }, Outcome { try foundation.decode(T.self, from: data) })
}

/// Expects both decoders to end `json` as `T` alike.
func expectParity<T: Decodable & Equatable>(
    _ json: String, as type: T.Type,
    configure: (inout CourierJSONDecoder, JSONDecoder) -> Void = { _, _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let (courier, foundation) = outcomes(json, as: T.self, configure: configure)
    #expect(courier == foundation, "\(json) as \(T.self)", sourceLocation: sourceLocation)
}
