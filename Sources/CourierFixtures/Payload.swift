import Foundation

/// One generated fixture: its name, JSON bytes and how many objects it holds.
public struct Payload: Sendable {
    /// The shape this payload was generated for.
    public let shape: PayloadShape
    /// The UTF-8 JSON document, identical on every run and every machine.
    public let json: Data
    /// How many top-level records the document holds, as counted by ``FixtureDocument/objectCount``.
    public let objectCount: Int
}

extension Payload {
    /// Generates the payload for `shape`.
    ///
    /// The bytes are written by hand from a fixed-seed generator rather than via
    /// `JSONEncoder`, so the fixtures can contain what an encoder never emits
    /// (`\uXXXX` escapes, surrogate pairs, `-0.0`, date offsets) and stay
    /// byte-for-byte stable across Foundation versions. Generation is not cached:
    /// callers that need a payload repeatedly should keep the value.
    public static func make(_ shape: PayloadShape) -> Payload {
        let document = shape.generatedDocument
        var writer = JSONWriter()
        document.write(to: &writer)
        return Payload(shape: shape, json: Data(writer.bytes), objectCount: document.objectCount)
    }
}
