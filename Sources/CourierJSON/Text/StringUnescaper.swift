/// Resolves the escapes of a JSON string the parser has checked.
enum StringUnescaper {
    /// How many bytes past its end the output must have room for, and the input must be readable:
    /// runs between escapes are copied eight bytes at a time.
    static let overrun = 8

    /// Writes the UTF-8 of the escaped string `text` (the bytes between its quotes) to `output` and
    /// returns how many bytes it wrote. `output` needs `text.count` bytes plus ``overrun``: no escape
    /// is shorter than its UTF-8 (`\n` is two bytes for one, `\uXXXX` six for at most three, a
    /// surrogate pair twelve for four). The ``overrun`` bytes after `text` must be readable, as the
    /// parser's padding makes them for any string of a document.
    static func unescape(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let source = text.baseAddress, let target = output.baseAddress else { return 0 }
        let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
        var read = 0
        var written = 0
        while read < text.count {
            // Copy eight bytes, then keep those before the first backslash among them.
            let word = UnsafeRawPointer(source + read).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(target + written).storeBytes(of: word, as: UInt64.self)
            let found = UInt64(littleEndian: word) ^ backslashes
            let mask = (found &- 0x0101_0101_0101_0101) & ~found & 0x8080_8080_8080_8080
            let plain = mask == 0 ? 8 : mask.trailingZeroBitCount >> 3
            read += plain
            written += plain
            guard plain < 8, read < text.count else { continue }
            let escaped = source[read + 1]
            read += 2
            let scalar: UInt32
            switch escaped {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                let unit = Parser.hexQuad(source + read)
                read += 4
                if unit & 0xFC00 == 0xD800 {
                    // The parser made sure a low surrogate escape follows.
                    let low = Parser.hexQuad(source + read + 2)
                    read += 6
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    scalar = unit
                }
            default:
                scalar = UInt32(escaped)  // '"', '\\' and '/' stand for themselves
            }
            written += encode(scalar, into: target + written)
        }
        // The last run may have copied bytes past the end of the text.
        return written - (read - text.count)
    }

    /// Writes `scalar` as UTF-8 at `output` and returns its length.
    @inline(__always)
    private static func encode(_ scalar: UInt32, into output: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case ..<0x80:
            output[0] = UInt8(scalar)
            return 1
        case ..<0x800:
            output[0] = UInt8(0xC0 | scalar >> 6)
            output[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            output[0] = UInt8(0xE0 | scalar >> 12)
            output[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[0] = UInt8(0xF0 | scalar >> 18)
            output[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
