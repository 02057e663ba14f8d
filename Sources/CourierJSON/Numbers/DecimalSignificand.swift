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
    /// The number starts with a minus sign.
    private(set) var isNegative = false
    /// A nonzero digit was dropped.
    private(set) var isTruncated = false

    /// Reads the number `text`, which the parser has already checked against RFC 8259's grammar.
    init(_ text: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let end = text.count
        if text[0] == UInt8(ascii: "-") {
            isNegative = true
            i = 1
        }
        var digits = 0
        while i < end, let digit = Self.digit(text[i]) {
            if digits < 19 {
                significand = significand &* 10 &+ digit
                if significand != 0 { digits += 1 }
            } else {
                exponent += 1
                if digit != 0 { isTruncated = true }
            }
            i += 1
        }
        if i < end, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, let digit = Self.digit(text[i]) {
                if significand == 0, digit == 0 {
                    exponent -= 1
                } else if digits < 19 {
                    significand = significand &* 10 &+ digit
                    digits += 1
                    exponent -= 1
                } else if digit != 0 {
                    isTruncated = true
                }
                i += 1
            }
        }
        if i < end {
            // An exponent: 'e' or 'E', an optional sign, digits.
            i += 1
            let isNegativeExponent = text[i] == UInt8(ascii: "-")
            if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
            var value = 0
            while i < end, let digit = Self.digit(text[i]) {
                // Past a hundred million the result is zero or infinite whatever the digits.
                if value < 100_000_000 { value = value * 10 + Int(digit) }
                i += 1
            }
            exponent += isNegativeExponent ? -value : value
        }
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> UInt64? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? UInt64(value) : nil
    }
}
