/// An optional that JSON shows as `null` when it is empty, instead of leaving its key out, so that a
/// reader of a report can tell "not measured" from a key this version did not write.
///
/// Synthesized `Codable` encodes a plain optional with `encodeIfPresent`, which drops the key; a
/// wrapped one is encoded as a value, and this type writes `nil` as `null`. Reading accepts a missing
/// key as `nil`, so reports from older versions still read.
@propertyWrapper
public struct ExplicitNull<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The optional value.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Reads a value or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Writes the value, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// Reads an ``ExplicitNull`` whose key may be missing altogether, as `nil`.
    public func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        try decodeIfPresent(type, forKey: key) ?? ExplicitNull(wrappedValue: nil)
    }
}
