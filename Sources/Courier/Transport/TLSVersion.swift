/// A version of TLS, for the range a transport may negotiate.
///
/// RFC 8996 forbids TLS 1.0 and 1.1: their handshakes rest on MD5 and SHA-1, and a client that still
/// offers them can be talked down to them. Courier's transports that can set a range refuse both
/// unless told otherwise (``minimumDefault``), so that a server or a middlebox that answers only
/// with an old version fails the handshake instead of being spoken to.
public enum TLSVersion: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    // Versions by their numbers, which lower camel case would blur into "v10" and "v12".
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// TLS 1.0 (RFC 2246), deprecated by RFC 8996.
    case v1_0 = "1.0"
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// TLS 1.1 (RFC 4346), deprecated by RFC 8996.
    case v1_1 = "1.1"
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// TLS 1.2 (RFC 5246), the lowest version allowed by default.
    case v1_2 = "1.2"
    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// TLS 1.3 (RFC 8446).
    case v1_3 = "1.3"

    /// The lowest version a transport negotiates unless told otherwise: 1.2.
    public static let minimumDefault = TLSVersion.v1_2

    /// Whether RFC 8996 forbids this version.
    public var isDeprecated: Bool { self < .v1_2 }

    /// `TLS 1.2`.
    public var description: String { "TLS \(rawValue)" }

    /// Ordered by version.
    public static func < (lhs: TLSVersion, rhs: TLSVersion) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
