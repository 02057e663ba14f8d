import CourierJSON
import Foundation

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
