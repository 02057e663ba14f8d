/// The byte classes of RFC 9110 and RFC 9112's grammar, and the few byte comparisons the parsers
/// make, on raw bytes: a message is parsed as octets, never as text (RFC 9112 §2.2).
enum HTTP1Bytes {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let comma: UInt8 = 0x2C
    static let semicolon: UInt8 = 0x3B
    static let equals: UInt8 = 0x3D
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C

    /// The token characters (`tchar`) of bytes 0x00–0x3F and 0x40–0x7F, one bit each: two words
    /// instead of a table, so that the check is a shift and a mask with nothing to load from memory.
    private static let tokenLow: UInt64 = 0x03FF_6CFA_0000_0000
    private static let tokenHigh: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    /// Whether `byte` may be in a token: a field name, a transfer coding, a chunk extension (RFC 9110 §5.6.2).
    @inline(__always)
    static func isToken(_ byte: UInt8) -> Bool {
        let word = byte < 0x40 ? tokenLow : (byte < 0x80 ? tokenHigh : 0)
        return word & (1 << UInt64(byte & 0x3F)) != 0
    }

    /// SP or HTAB: the whitespace of OWS and BWS.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// Whether `byte` may be in a field value or a reason phrase: VCHAR, obs-text, SP or HTAB, which
    /// leaves out NUL, the other control characters, and DEL.
    @inline(__always)
    static func isText(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte != 0x7F) || byte == tab
    }

    /// Whether `byte` is a decimal digit.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }

    /// The value of a hexadecimal digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte &- 0x30)
        case 0x41...0x46: Int(byte &- 0x37)
        case 0x61...0x66: Int(byte &- 0x57)
        default: nil
        }
    }

    /// The first index of `byte` in `bytes[start..<end]`, or nil.
    ///
    /// Eight bytes at a time while none of them matches: the search for each line's LF is most of
    /// the work of parsing a head.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        var index = start
        let pattern = broadcast(byte)
        while index &+ 8 <= end, !hasZeroByte(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern) {
            index &+= 8
        }
        while index < end {
            if bytes[index] == byte { return index }
            index &+= 1
        }
        return nil
    }

    /// The first index in `bytes[range]` of a byte that may not be in a field value or a reason
    /// phrase (see ``isText(_:)``), or nil.
    ///
    /// Eight bytes at a time while none is below SP or DEL; a word with an HTAB is checked byte by byte.
    @inline(__always)
    static func firstNonText(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let end = range.upperBound
        let delete = broadcast(0x7F)
        while index &+ 8 <= end {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if hasByteBelow(space, word) || hasZeroByte(word ^ delete) {
                for position in index..<(index &+ 8) where !isText(bytes[position]) { return position }
            }
            index &+= 8
        }
        while index < end {
            if !isText(bytes[index]) { return index }
            index &+= 1
        }
        return nil
    }

    /// `byte` in each of a word's eight bytes.
    @inline(__always)
    private static func broadcast(_ byte: UInt8) -> UInt64 {
        0x0101_0101_0101_0101 &* UInt64(byte)
    }

    /// Whether one of the word's bytes is zero: subtracting 1 from each byte borrows into the high bit
    /// only from a zero byte, or from a byte that already had it, which `~word` clears.
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// Whether one of the word's bytes is below `limit` (at most 0x80), as ``hasZeroByte(_:)`` does
    /// for 1.
    @inline(__always)
    private static func hasByteBelow(_ limit: UInt8, _ word: UInt64) -> Bool {
        (word &- broadcast(limit)) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// `range` without the SP and HTAB at either end.
    static func trimmingBlanks(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isBlank(bytes[lower]) { lower &+= 1 }
        while upper > lower, isBlank(bytes[upper &- 1]) { upper &-= 1 }
        return lower..<upper
    }

    /// Whether `bytes[range]` is `lowercased` in any case. `lowercased` holds lowercase letters and
    /// other token characters only: setting bit 5 lowercases a letter and leaves those unchanged.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ lowercased: StaticString) -> Bool {
        guard range.count == lowercased.utf8CodeUnitCount else { return false }
        let literal = lowercased.utf8Start
        var index = 0
        for position in range {
            let byte = bytes[position]
            let folded = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if folded != literal[index] { return false }
            index &+= 1
        }
        return true
    }

    /// Calls `element` with each element of the comma-separated list in `bytes[range]` (RFC 9110
    /// §5.6.1), without its OWS, empty ones included: a list field skips them, as that section requires
    /// of a recipient, and `Content-Length`, a number and no list, refuses them.
    static func forEachListElement<Failure: Error>(
        in bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ element: (Range<Int>) throws(Failure) -> Void
    ) throws(Failure) {
        var start = range.lowerBound
        while start <= range.upperBound {
            let end = firstIndex(of: comma, in: bytes, from: start, to: range.upperBound) ?? range.upperBound
            let item = trimmingBlanks(start..<end, in: bytes)
            try element(item)
            start = end &+ 1
        }
    }
}
