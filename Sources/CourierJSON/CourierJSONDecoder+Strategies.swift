import Foundation

extension CourierJSONDecoder {
    /// How JSON object keys are matched to coding keys.
    public enum KeyDecodingStrategy: Sendable {
        /// Keys are compared as they are.
        case useDefaultKeys
        /// `snake_case` keys become `camelCase` exactly as Foundation converts them: leading and
        /// trailing underscores kept, the first word lowercased, the others capitalized
        /// (`FOO_BAR` and `foo_bar` both give `fooBar`).
        case convertFromSnakeCase
        /// Each key is given to the closure with the coding path up to and including it (the last
        /// element is the key as it appears in the JSON); the key it returns is matched.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Date` values are read.
    public enum DateDecodingStrategy: Sendable {
        /// `Date`'s own `Decodable` conformance: a number of seconds since 2001-01-01.
        case deferredToDate
        /// A number of seconds since 1970-01-01 UTC.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01 UTC.
        case millisecondsSince1970
        /// An RFC 3339 timestamp, with or without fractional seconds: `2024-05-01T09:30:00Z`,
        /// `2024-05-01T09:30:00.250+02:00`. Read without a formatter; impossible dates fail.
        case iso8601
        /// A string the formatter reads.
        case formatted(DateFormatter)
        /// Whatever the closure reads from the decoder.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    /// How `Data` values are read.
    public enum DataDecodingStrategy: Sendable {
        /// `Data`'s own `Decodable` conformance: an array of bytes.
        case deferredToData
        /// A Base64 string.
        case base64
        /// Whatever the closure reads from the decoder.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
    }

    /// Whether strings may stand for the floating-point values JSON cannot spell.
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// Only numbers decode as `Double` and `Float`.
        case `throw`
        /// These exact strings decode as infinity, minus infinity and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
