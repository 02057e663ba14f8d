/// Exact conversion of a JSON number's text to any fixed-width integer type.
///
/// No `Double` round trip: every digit counts, so the whole ranges of `Int64` and `UInt64` (and of
/// `Int128`) come through exactly. A number written with a fraction or an exponent converts when its
/// exact value is a whole number in range (`1.0`, `1e2`, `-0.0`), as Foundation's decoder allows;
/// `1.5` and `1.0000000000000000001` do not.
enum IntegerConversion {
    /// The value of the number `text` as `T`, or `nil` when it is not a whole number or out of range.
    /// `isInteger` says the text has neither a fraction nor an exponent (the parser noted it).
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, isInteger: Bool, as type: T.Type) -> T? {
        let isNegative = text[0] == UInt8(ascii: "-")
        let first = isNegative ? 1 : 0
        if isInteger, text.count - first <= 19, let start = text.baseAddress {
            // Nineteen digits cannot overflow 64 bits: no checks in the loop, and eight digits at a
            // time while eight remain in the text, so no load goes past it.
            var magnitude: UInt64 = 0
            var index = first
            while text.count - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self))
                magnitude = magnitude &* 100_000_000 &+ DecimalSignificand.eightDigits(word)
                index += 8
            }
            while index < text.count {
                magnitude = magnitude &* 10 &+ UInt64(start[index] &- UInt8(ascii: "0"))
                index += 1
            }
            guard T.Magnitude.bitWidth >= 64 || magnitude <= UInt64(truncatingIfNeeded: T.Magnitude.max) else { return nil }
            return signed(T.Magnitude(truncatingIfNeeded: magnitude), isNegative: isNegative)
        }
        guard let magnitude = isInteger ? digits(text[first...]) : wholeMagnitude(text, from: first, as: T.Magnitude.self) else {
            return nil
        }
        return signed(magnitude, isNegative: isNegative)
    }

    /// `magnitude` with the sign applied, if `T` can hold the result.
    @inline(__always)
    private static func signed<T: FixedWidthInteger>(_ magnitude: T.Magnitude, isNegative: Bool) -> T? {
        guard isNegative else { return magnitude <= T.max.magnitude ? T(truncatingIfNeeded: magnitude) : nil }
        if magnitude == 0 { return 0 }
        guard T.isSigned, magnitude <= T.min.magnitude else { return nil }
        // Two's complement negation in the magnitude's width is the negative value's bit pattern.
        return T(truncatingIfNeeded: 0 &- magnitude)
    }

    /// The decimal digits `text` as a `Magnitude`, or `nil` on overflow.
    private static func digits<Magnitude: FixedWidthInteger & UnsignedInteger>(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Magnitude? {
        var value: Magnitude = 0
        for byte in text {
            let (scaled, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = scaled.addingReportingOverflow(Magnitude(byte &- UInt8(ascii: "0")))
            guard !overflowed, !carried else { return nil }
            value = sum
        }
        return value
    }

    /// The magnitude of a number with a fraction or an exponent, if it is a whole number that fits.
    private static func wholeMagnitude<Magnitude: FixedWidthInteger & UnsignedInteger>(
        _ text: UnsafeBufferPointer<UInt8>, from first: Int, as type: Magnitude.Type
    ) -> Magnitude? {
        // The digits before and after the point form one digit string D; the value is D × 10^scale.
        var integerEnd = first
        while integerEnd < text.count, Parser.isDigit(text[integerEnd]) { integerEnd += 1 }
        var fractionStart = integerEnd
        var fractionEnd = integerEnd
        if fractionEnd < text.count, text[fractionEnd] == UInt8(ascii: ".") {
            fractionStart += 1
            fractionEnd = fractionStart
            while fractionEnd < text.count, Parser.isDigit(text[fractionEnd]) { fractionEnd += 1 }
        }
        var exponent = 0
        if fractionEnd < text.count {
            var i = fractionEnd + 1
            let isNegativeExponent = text[i] == UInt8(ascii: "-")
            if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
            while i < text.count {
                if exponent < 100_000_000 { exponent = exponent * 10 + Int(text[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            if isNegativeExponent { exponent = -exponent }
        }
        let integerCount = integerEnd - first
        let digitCount = integerCount + (fractionEnd - fractionStart)
        func digit(_ position: Int) -> UInt8 {
            text[position < integerCount ? first + position : fractionStart + position - integerCount] &- UInt8(ascii: "0")
        }
        var leading = 0
        while leading < digitCount, digit(leading) == 0 { leading += 1 }
        guard leading < digitCount else { return 0 }
        var trailing = digitCount
        while digit(trailing - 1) == 0 { trailing -= 1 }
        // Trailing zeros move into the scale; a negative scale left means a nonzero fraction.
        let scale = exponent - (fractionEnd - fractionStart) + (digitCount - trailing)
        guard scale >= 0, trailing - leading + scale <= 40 else { return nil }
        var value: Magnitude = 0
        for position in leading..<trailing {
            let (scaled, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = scaled.addingReportingOverflow(Magnitude(digit(position)))
            guard !overflowed, !carried else { return nil }
            value = sum
        }
        for _ in 0..<scale {
            let (scaled, overflowed) = value.multipliedReportingOverflow(by: 10)
            guard !overflowed else { return nil }
            value = scaled
        }
        return value
    }
}
