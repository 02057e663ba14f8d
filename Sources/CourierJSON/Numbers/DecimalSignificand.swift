/// A validated JSON number read as `significand × 10^exponent`, with at most 19 significant digits.
///
/// The first 19 significant digits fit a `UInt64` exactly; any further digits are dropped (and
/// counted in the exponent when they lie before the point). ``isTruncated`` says whether a dropped
/// digit was not zero, which is when the true value lies strictly between `significand` and
/// `significand + 1` (times the power of ten).
struct DecimalSignificand {
    /// The significant digits, leading zeros skipped, at most 19 of them.
    private(set) var significand: UInt64 = 0
    /// The power of ten the significand is scaled by; saturates far outside any `Double`'s range.
    private(set) var exponent = 0
    /// How many digits ``significand`` holds.
    private var digits = 0
    /// The number starts with a minus sign.
    private(set) var isNegative = false
    /// A nonzero digit was dropped.
    private(set) var isTruncated = false

    /// Reads the number `text`, which the parser has already checked against RFC 8259's grammar.
    init(_ text: UnsafeBufferPointer<UInt8>) {
        guard let start = text.baseAddress else { return }
        let end = text.count
        var i = 0
        if start[0] == UInt8(ascii: "-") {
            isNegative = true
            i = 1
        }
        // JSON's integer part is a single 0 or starts with a nonzero digit: every digit of the
        // latter is significant.
        if start[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            i = appendDigits(start, from: i, end: end, inFraction: false)
        }
        if i < end, start[i] == UInt8(ascii: ".") {
            i += 1
            if significand == 0 {
                // Zeros after the point and before the first nonzero digit only scale.
                while i < end, start[i] == UInt8(ascii: "0") {
                    exponent -= 1
                    i += 1
                }
            }
            i = appendDigits(start, from: i, end: end, inFraction: true)
        }
        if i < end {
            // An exponent: 'e' or 'E', an optional sign, digits.
            i += 1
            let isNegativeExponent = start[i] == UInt8(ascii: "-")
            if start[i] == UInt8(ascii: "-") || start[i] == UInt8(ascii: "+") { i += 1 }
            var value = 0
            while i < end {
                // Past a hundred million the result is zero or infinite whatever the digits.
                if value < 100_000_000 { value = value * 10 + Int(start[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            exponent += isNegativeExponent ? -value : value
        }
    }

    /// Takes in the significant digits from `i` to the first byte that is not one and returns its
    /// offset: the first 19 into ``significand`` (eight at a time while eight more fit), the rest
    /// counted in the exponent before the point and noted in ``isTruncated`` when not zero.
    @inline(__always)
    private mutating func appendDigits(_ start: UnsafePointer<UInt8>, from offset: Int, end: Int, inFraction: Bool) -> Int {
        var i = offset
        while digits <= 19 - 8, i + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self))
            guard Self.areEightDigits(word) else { break }
            significand = significand &* 100_000_000 &+ Self.eightDigits(word)
            digits += 8
            if inFraction { exponent -= 8 }
            i += 8
        }
        while i < end {
            let digit = start[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if digits < 19 {
                significand = significand &* 10 &+ UInt64(digit)
                digits += 1
                if inFraction { exponent -= 1 }
            } else {
                if !inFraction { exponent += 1 }
                if digit != 0 { isTruncated = true }
            }
            i += 1
        }
        return i
    }

    /// Whether all eight bytes of `word` (little-endian) are ASCII digits.
    @inline(__always)
    private static func areEightDigits(_ word: UInt64) -> Bool {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let zeros: UInt64 = 0x3030_3030_3030_3030
        return word & highNibbles == zeros && (word &+ 0x0606_0606_0606_0606) & highNibbles == zeros
    }

    /// The eight digits of `word`, the first in its lowest byte, as a number: pairs, then fours,
    /// then the eight, each step one multiplication (Lemire's SWAR parse).
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let low = (value & mask) &* (100 &+ (1_000_000 << 32))
        let high = ((value >> 16) & mask) &* (1 &+ (10_000 << 32))
        return (low &+ high) >> 32
    }
}
