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

/// Percent-encoding of UTF-8 bytes into a preallocated buffer, in two passes (measure, then write),
/// so that a whole URL is built with a single allocation.
enum PercentEncoding {
    /// The length of `bytes` once encoded.
    @inline(__always)
    static func encodedCount(of bytes: UnsafeBufferPointer<UInt8>, allowed: AllowedBytes) -> Int {
        var count = bytes.count
        for byte in bytes where !allowed.contains(byte) {
            count &+= 2
        }
        return count
    }

    /// Writes `bytes` encoded at `output` and advances it past them. The caller has measured the room.
    @inline(__always)
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, allowed: AllowedBytes, to output: inout UnsafeMutablePointer<UInt8>) {
        for byte in bytes {
            if allowed.contains(byte) {
                output.pointee = byte
                output += 1
            } else {
                output[0] = UInt8(ascii: "%")
                output[1] = hexDigit(byte >> 4)
                output[2] = hexDigit(byte & 0x0F)
                output += 3
            }
        }
    }

    /// Copies `bytes` as they are to `output` and advances it past them.
    @inline(__always)
    static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout UnsafeMutablePointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        output.update(from: source, count: bytes.count)
        output += bytes.count
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ nibble &- 10
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place for native strings, copied otherwise.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
