import Foundation

/// Encodes `Encodable` values as JSON with `JSONEncoder`'s API and output, several times faster.
///
/// ```swift
/// var encoder = CourierJSONEncoder()
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// encoder.outputFormatting = .sortedKeys
/// let data = try encoder.encode(movie)
/// ```
///
/// With `.sortedKeys`, the output is byte for byte what Foundation's `JSONEncoder` writes for the
/// same value and settings, pretty-printed or not. Without it, an object's members come in the
/// order they were encoded, where Foundation's follow a hash table's order, different in every
/// process. Numbers are written as Swift prints them (`1.5`, `1e-07`, `100` for `100.0`), so
/// every `Double` and `Float` reads back exactly; strings escape `"`, `\`, `/` (unless
/// `.withoutEscapingSlashes`) and the control characters, nothing else. A key encoded twice in
/// one object keeps its last value, at the place of its last write.
///
/// Errors are Foundation's: `EncodingError.invalidValue` with the coding path for a NaN or an
/// infinity without a `nonConformingFloatEncodingStrategy`, for a top-level value that encodes
/// nothing, and for nesting deeper than 512. Where `JSONEncoder` stops the program (a second value
/// through one single-value container, a keyed container over a value already encoded), this
/// encoder throws `EncodingError.invalidValue` naming the misuse instead.
///
/// A value type: copy it, change a copy's strategies, share it across tasks.
public struct CourierJSONEncoder: Sendable {
    /// How the output is laid out.
    public var outputFormatting: OutputFormatting = []
    /// How coding keys become JSON object keys. Keys of a `[String: T]` are never converted, as
    /// in Foundation.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// How `Date` values are written.
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
    /// How `Data` values are written.
    public var dataEncodingStrategy: DataEncodingStrategy = .base64
    /// What infinity and NaN become, which JSON has no numbers for.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
    /// Values the encoded types can read from `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// An encoder with Foundation's defaults: compact output, keys as they are, `Date`'s own
    /// coding, Base64 data.
    public init() {}

    /// An encoder with the given layout and strategies.
    public init(
        outputFormatting: OutputFormatting = [],
        keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys,
        dateEncodingStrategy: DateEncodingStrategy = .deferredToDate,
        dataEncodingStrategy: DataEncodingStrategy = .base64,
        nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.outputFormatting = outputFormatting
        self.keyEncodingStrategy = keyEncodingStrategy
        self.dateEncodingStrategy = dateEncodingStrategy
        self.dataEncodingStrategy = dataEncodingStrategy
        self.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        self.userInfo = userInfo
    }

    /// The JSON document for `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a value JSON cannot hold (see the type's
    ///   description), and whatever `value`'s `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try EncodingState(options: self).encodeDocument(value)
    }
}
