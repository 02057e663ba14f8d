/// Writes strings as JSON string literals, escaping exactly what Foundation's `JSONEncoder` does.
///
/// `"` and `\` always; `/` unless told not to; the control characters U+0000 to U+001F, as `\b`,
/// `\f`, `\n`, `\r`, `\t` or `\u00XX` with lowercase hex digits. Everything else, DEL and non-ASCII
/// characters included, is written as its UTF-8.
enum StringEscaper {
    /// Appends `string` with its quotes and escapes to `text`.
    @inline(__always)
    static func append(_ string: String, escapingSlashes: Bool, to text: inout GrowableBuffer<UInt8>) {
        var string = string
        string.withUTF8 { append($0, escapingSlashes: escapingSlashes, to: &text) }
    }

    /// Appends the UTF-8 `bytes` as a string literal, with its quotes and escapes, to `text`.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool, to text: inout GrowableBuffer<UInt8>) {
        // Short strings, keys and most values, seldom need an escape: checked byte by byte, then
        // copied whole.
        if bytes.count <= 32, let source = bytes.baseAddress, !bytes.contains(where: { needsEscape($0, escapingSlashes: escapingSlashes) })
        {
            let output = text.reserve(bytes.count + 2)
            output[0] = UInt8(ascii: "\"")
            (output + 1).initialize(from: source, count: bytes.count)
            output[bytes.count + 1] = UInt8(ascii: "\"")
            text.count += bytes.count + 2
            return
        }
        // Short strings reserve for the worst case (every byte six); long ones are measured first,
        // so a megabyte string does not reserve six.
        let room = bytes.count <= 4096 ? bytes.count * 6 + 2 : escapedCount(of: bytes, escapingSlashes: escapingSlashes)
        let output = text.reserve(room)
        text.count += write(bytes, escapingSlashes: escapingSlashes, to: output)
    }

    /// The length of `bytes` as a string literal, quotes included.
    private static func escapedCount(of bytes: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool) -> Int {
        var count = 2
        for byte in bytes {
            guard needsEscape(byte, escapingSlashes: escapingSlashes) else {
                count += 1
                continue
            }
            count += escapeLetter(byte) == nil ? 6 : 2
        }
        return count
    }

    /// Writes `bytes` as a string literal at `output` and returns its length.
    ///
    /// Runs without escapes, most of any text, are checked and copied eight bytes at a time.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool, to output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = UInt8(ascii: "\"")
        var written = 1
        guard let source = bytes.baseAddress else {
            output[1] = UInt8(ascii: "\"")
            return 2
        }
        var read = 0
        while read < bytes.count {
            while bytes.count - read >= 8 {
                let word = UnsafeRawPointer(source + read).loadUnaligned(as: UInt64.self)
                guard !mayNeedEscape(UInt64(littleEndian: word), escapingSlashes: escapingSlashes) else { break }
                UnsafeMutableRawPointer(output + written).storeBytes(of: word, as: UInt64.self)
                read += 8
                written += 8
            }
            guard read < bytes.count else { break }
            let byte = source[read]
            read += 1
            guard needsEscape(byte, escapingSlashes: escapingSlashes) else {
                output[written] = byte
                written += 1
                continue
            }
            output[written] = UInt8(ascii: "\\")
            if let letter = escapeLetter(byte) {
                output[written + 1] = letter
                written += 2
            } else {
                output[written + 1] = UInt8(ascii: "u")
                output[written + 2] = UInt8(ascii: "0")
                output[written + 3] = UInt8(ascii: "0")
                output[written + 4] = hexDigit(byte >> 4)
                output[written + 5] = hexDigit(byte & 0x0F)
                written += 6
            }
        }
        output[written] = UInt8(ascii: "\"")
        return written + 1
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8, escapingSlashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (escapingSlashes && byte == UInt8(ascii: "/"))
    }

    /// Whether any of eight bytes may need an escape: exact about whether one does, the usual
    /// word-at-a-time tests for a byte below 0x20 and for a byte equal to each of `"`, `\`, `/`.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64, escapingSlashes: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
        let control = (word &- ones &* 0x20) & ~word & highBits
        let quote = hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        let backslash = hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        let slash = escapingSlashes ? hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "/")))) : 0
        return control | quote | backslash | slash != 0
    }

    /// The letter after the backslash for the bytes with a short escape.
    @inline(__always)
    private static func escapeLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        default: nil
        }
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
