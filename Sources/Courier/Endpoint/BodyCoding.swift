import CourierJSON
import Foundation

/// Turns a successful response's body into a value: what ``APIClient`` decodes with.
///
/// Foundation's `JSONDecoder` and `CourierJSONDecoder` both are one, with whatever strategies they
/// were set up with; any other format (a property list, MessagePack) can be one too.
public protocol ResponseDecoder: Sendable {
    /// Decodes a value of type `T` from `data`.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension JSONDecoder: ResponseDecoder {}

extension CourierJSONDecoder: ResponseDecoder {}

/// Turns a request body's value into bytes: what ``APIClient`` encodes ``RequestBody/json(_:)``
/// bodies with.
///
/// Foundation's `JSONEncoder` and `CourierJSONEncoder` both are one, with whatever strategies they
/// were set up with.
public protocol RequestEncoder: Sendable {
    /// The encoded form of `value`.
    func encode<T: Encodable>(_ value: T) throws -> Data
}

extension JSONEncoder: RequestEncoder {}

extension CourierJSONEncoder: RequestEncoder {}
