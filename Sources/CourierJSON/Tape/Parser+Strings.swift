extension Parser {
    /// Scans the string whose opening quote is at `quote`, checking escapes and UTF-8, and returns
    /// the offset after its closing quote. Its entry's flags say whether it has escapes and whether
    /// it is all ASCII, so that the decoder builds its `String` without looking at it again.
    @inline(__always)
    mutating func scanString(at quote: Int) throws(SyntaxError) -> Int {
        var i = quote + 1
        var flags: UInt8 = 0
        while true {
            // Eight bytes at a time while none needs a closer look; the lowest flagged byte is a
            // real one (the tricks below can only misflag bytes above a real one).
            let mask = Self.attentionMask(UInt64(littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self)))
            if mask == 0 {
                i += 8
                continue
            }
            i += mask.trailingZeroBitCount >> 3
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flags |= Token.stringHasEscapes
                if bytes[i + 1] == UInt8(ascii: "u"), Self.hexQuad(bytes + i + 2) >= 0x80 { flags |= Token.stringIsNotASCII }
                i = try scanEscape(at: i)
            } else if byte >= 0x80 {
                flags |= Token.stringIsNotASCII
                i = try scanMultibyte(at: i)
            } else if i == length {
                throw SyntaxError(message: "Unterminated string", offset: quote)
            } else {
                throw SyntaxError(message: "Unescaped control character \(Self.describe(byte)) in a string", offset: i)
            }
        }
        append(Token(.string, flags: flags, start: quote + 1, end: i))
        return i + 1
    }

    /// The high bit of each byte of `word` that is a quote, a backslash, a control character or
    /// not ASCII; zero when all eight are plain.
    @inline(__always)
    static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        // (x - 1) & ~x sets the high bit of a zero byte; word - 0x20 sets it below 0x20; word itself
        // has it at and above 0x80.
        let flagged = (quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) | word
        return flagged & 0x8080_8080_8080_8080
    }

    /// Checks the escape at `start` (a backslash) and returns the offset after it. A `\u` escape of
    /// a UTF-16 surrogate must be a high one followed by a low one: a lone surrogate cannot be a
    /// Swift `String`, so it is an error rather than a silent replacement.
    @inline(__always)
    private func scanEscape(at start: Int) throws(SyntaxError) -> Int {
        let escaped = bytes[start + 1]
        if escaped == UInt8(ascii: "u") {
            let unit = Self.hexQuad(bytes + start + 2)
            guard unit < 0xD800 || (unit > 0xDFFF && unit <= 0xFFFF) else { return try scanSurrogateEscape(at: start, unit: unit) }
            return start + 6
        }
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return start + 2
        default:
            throw SyntaxError(message: "Invalid escape sequence", offset: start)
        }
    }

    /// The rest of ``scanEscape(at:)`` for a `\u` escape that is not a plain BMP character: a
    /// surrogate pair, a lone surrogate, or not four hexadecimal digits.
    private func scanSurrogateEscape(at start: Int, unit: UInt32) throws(SyntaxError) -> Int {
        switch unit {
        case 0xD800...0xDBFF:
            guard bytes[start + 6] == UInt8(ascii: "\\"), bytes[start + 7] == UInt8(ascii: "u"),
                (0xDC00...0xDFFF).contains(Self.hexQuad(bytes + start + 8))
            else {
                throw SyntaxError(
                    message: "Unpaired UTF-16 surrogate in a \\u escape (a high surrogate must be followed by a low one)", offset: start)
            }
            return start + 12
        case 0xDC00...0xDFFF:
            throw SyntaxError(message: "Unpaired UTF-16 surrogate in a \\u escape (a low surrogate without a high one)", offset: start)
        default:
            throw SyntaxError(message: "Invalid \\u escape (expected four hexadecimal digits)", offset: start)
        }
    }

    /// The four hexadecimal digits at `digits` as a number, or a value above 0xFFFF if one is not
    /// a digit: no branch per digit on the way. Reads four bytes whatever they are: within a
    /// document, the padding after the input keeps that in bounds.
    @inline(__always)
    static func hexQuad(_ digits: UnsafePointer<UInt8>) -> UInt32 {
        hexValue(digits[0]) << 12 | hexValue(digits[1]) << 8 | hexValue(digits[2]) << 4 | hexValue(digits[3])
    }

    /// A hexadecimal digit's value, or 0x10000 (which survives the shifts of ``hexQuad(_:)``
    /// above 0xFFFF) if `byte` is not one.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32 {
        let digit = UInt32(byte &- UInt8(ascii: "0"))
        if digit < 10 { return digit }
        let letter = UInt32((byte | 0x20) &- UInt8(ascii: "a"))
        return letter < 6 ? letter + 10 : 0x10000
    }

    /// Checks the multi-byte UTF-8 sequence at `start` and returns the offset after it. Overlong
    /// forms, UTF-16 surrogates and code points above U+10FFFF are errors (RFC 3629 §4).
    private func scanMultibyte(at start: Int) throws(SyntaxError) -> Int {
        let lead = bytes[start]
        let second = bytes[start + 1]
        let length: Int
        let valid: Bool
        switch lead {
        case 0xC2...0xDF:
            length = 2
            valid = Self.isContinuation(second)
        case 0xE0...0xEF:
            length = 3
            let lowest: UInt8 = lead == 0xE0 ? 0xA0 : 0x80  // below is overlong
            let highest: UInt8 = lead == 0xED ? 0x9F : 0xBF  // above is a surrogate
            valid = second >= lowest && second <= highest && Self.isContinuation(bytes[start + 2])
        case 0xF0...0xF4:
            length = 4
            let lowest: UInt8 = lead == 0xF0 ? 0x90 : 0x80  // below is overlong
            let highest: UInt8 = lead == 0xF4 ? 0x8F : 0xBF  // above is past U+10FFFF
            valid = second >= lowest && second <= highest && Self.isContinuation(bytes[start + 2]) && Self.isContinuation(bytes[start + 3])
        default:
            length = 1
            valid = false
        }
        guard valid else { throw SyntaxError(message: "Invalid UTF-8 in a string", offset: start) }
        return start + length
    }

    @inline(__always)
    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
