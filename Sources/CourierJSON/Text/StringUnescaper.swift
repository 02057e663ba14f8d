/// Resolves the escapes of a JSON string the parser has checked.
enum StringUnescaper {
    /// Writes the UTF-8 of the escaped string `text` (the bytes between its quotes) to `output` and
    /// returns how many bytes it wrote. `output` needs `text.count` bytes: no escape is shorter than
    /// its UTF-8 (`\n` is two bytes for one, `\uXXXX` six for at most three, a surrogate pair twelve
    /// for four).
    static func unescape(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var read = 0
        var written = 0
        while read < text.count {
            let byte = text[read]
            guard byte == UInt8(ascii: "\\") else {
                output[written] = byte
                read += 1
                written += 1
                continue
            }
            let escaped = text[read + 1]
            read += 2
            let scalar: UInt32
            switch escaped {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                let unit = hexQuad(text, at: read)
                read += 4
                if unit & 0xFC00 == 0xD800 {
                    // The parser made sure a low surrogate escape follows.
                    let low = hexQuad(text, at: read + 2)
                    read += 6
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    scalar = unit
                }
            default:
                scalar = UInt32(escaped)  // '"', '\\' and '/' stand for themselves
            }
            written += encode(scalar, into: output, at: written)
        }
        return written
    }

    /// Writes `scalar` as UTF-8 at `offset` and returns its length.
    private static func encode(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        switch scalar {
        case ..<0x80:
            output[offset] = UInt8(scalar)
            return 1
        case ..<0x800:
            output[offset] = UInt8(0xC0 | scalar >> 6)
            output[offset + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            output[offset] = UInt8(0xE0 | scalar >> 12)
            output[offset + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[offset + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[offset] = UInt8(0xF0 | scalar >> 18)
            output[offset + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[offset + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[offset + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    private static func hexQuad(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 { value = value << 4 | UInt32(Parser.hexValue(text[start + offset]) ?? 0) }
        return value
    }
}
