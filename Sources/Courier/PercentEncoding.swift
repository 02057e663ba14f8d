/// The ASCII bytes that may stand unescaped in one part of a URL, as a 128-bit mask.
struct AllowedBytes: Sendable {
    private let low: UInt64
    private let high: UInt64

    init(_ characters: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in characters.utf8 {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
        self.low = low
        self.high = high
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << byte) != 0 : byte < 128 && high & (1 << (byte & 63)) != 0
    }

    private static let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    /// What `URLComponents` leaves unescaped in a path: RFC 3986 `pchar` and `/`.
    static let path = AllowedBytes(alphanumerics + "-._~!$&'()*+,;=:@/")

    /// What `URLComponents` leaves unescaped in a query item, less `+`, `/` and `?`.
    ///
    /// `+` reads as a space to every server that decodes forms, so a literal plus must be escaped;
    /// `/` and `?` are legal in a query, but escaping them too costs nothing and keeps values opaque.
    static let queryItem = AllowedBytes(alphanumerics + "-._~!$'()*,;:@")
}

/// Percent-encoding into a preallocated buffer, in two passes (measure, then write), so a whole URL is
/// built with a single allocation.
enum PercentEncoding {
    /// The length of `text` once encoded.
    @inline(__always)
    static func encodedCount(of text: some StringProtocol, allowed: AllowedBytes) -> Int {
        var count = 0
        for byte in text.utf8 {
            count &+= allowed.contains(byte) ? 1 : 3
        }
        return count
    }

    /// Writes `text` encoded at `index` and moves `index` past it.
    @inline(__always)
    static func write(
        _ text: some StringProtocol,
        allowed: AllowedBytes,
        into buffer: UnsafeMutableBufferPointer<UInt8>,
        at index: inout Int
    ) {
        for byte in text.utf8 {
            if allowed.contains(byte) {
                buffer[index] = byte
                index &+= 1
            } else {
                buffer[index] = UInt8(ascii: "%")
                buffer[index &+ 1] = hexDigit(byte >> 4)
                buffer[index &+ 2] = hexDigit(byte & 0x0F)
                index &+= 3
            }
        }
    }

    /// Copies `text` as it is.
    @inline(__always)
    static func write(verbatim text: some StringProtocol, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int) {
        for byte in text.utf8 {
            buffer[index] = byte
            index &+= 1
        }
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ nibble &- 10
    }
}
