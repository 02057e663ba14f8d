import Foundation

extension CourierJSONEncoder {
    /// How the output is laid out: Foundation's options, with the same raw values.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        /// A layout from its raw value.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Each member and element on a line of its own, indented by two spaces per level, with
        /// `" : "` after keys; an empty container spans two lines, as in Foundation.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
        /// Each object's members in the order of their keys' UTF-8 bytes.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
        /// `/` written as it is rather than as `\/`.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
    }

    /// How coding keys become JSON object keys.
    public enum KeyEncodingStrategy: Sendable {
        /// Keys are written as they are.
        case useDefaultKeys
        /// `camelCase` keys become `snake_case` exactly as Foundation converts them: a word starts
        /// at each upper-case letter after the first character, a run of capitals is a word of its
        /// own but for its last letter when a lower-case one follows (`myURLValue` gives
        /// `my_url_value`), and everything is lowercased; leading and trailing underscores stay.
        case convertToSnakeCase
        /// Each key is given to the closure with the coding path up to and including it; the
        /// key it returns is written.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Date` values are written.
    public enum DateEncodingStrategy: Sendable {
        /// `Date`'s own `Encodable` conformance: a number of seconds since 2001-01-01.
        case deferredToDate
        /// A number of seconds since 1970-01-01 UTC.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01 UTC.
        case millisecondsSince1970
        /// An ISO 8601 timestamp in UTC, to the second: `2024-05-01T09:30:00Z`, as Foundation's
        /// `.iso8601` writes it.
        case iso8601
        /// A string the formatter writes.
        case formatted(DateFormatter)
        /// Whatever the closure writes to the encoder; an empty object if it writes nothing.
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` values are written.
    public enum DataEncodingStrategy: Sendable {
        /// `Data`'s own `Encodable` conformance: an array of bytes.
        case deferredToData
        /// A Base64 string.
        case base64
        /// Whatever the closure writes to the encoder; an empty object if it writes nothing.
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// What the floating-point values JSON cannot spell become.
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// Encoding infinity or NaN throws `EncodingError.invalidValue`.
        case `throw`
        /// Infinity, minus infinity and NaN are written as these strings.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
