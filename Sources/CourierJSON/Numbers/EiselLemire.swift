/// Daniel Lemire's and Michael Eisel's exact conversion of `w × 10^q` to the nearest `Double`, for
/// the cases it can settle with a 128-bit approximation of 10^q (nearly all of them).
///
/// The product of the normalised significand and the truncated power of ten is within one unit of
/// its last place of the true product, so unless the bits that decide rounding are all ones, or the
/// product lies exactly halfway, the rounding it implies is the true one. Those cases, and results
/// that are subnormal or overflow, return `nil` for a slower exact method.
enum EiselLemire {
    /// The nearest `Double` to `w × 10^q`, or `nil` when this method cannot tell. `w` is not zero.
    static func double(significand w: UInt64, exponent q: Int) -> Double? {
        guard w != 0 else { return 0 }
        // Below 10^-342 even 19 digits round to zero; above 10^308 even 1 overflows.
        if q < PowersOfTen.smallestExponent { return 0 }
        if q > PowersOfTen.largestExponent { return .infinity }
        let shift = w.leadingZeroBitCount
        let normalized = w << shift
        let row = (q - PowersOfTen.smallestExponent) * 2
        let (powerHigh, powerLow) = PowersOfTen.table.withUnsafeBufferPointer { ($0[row], $0[row + 1]) }

        var (upper, lower) = normalized.multipliedFullWidth(by: powerHigh)
        // 9 bits below the 54 we keep decide the rounding. If they are all ones, the truncated tail
        // of 10^q might carry into them: bring in its next 64 bits.
        if upper & 0x1FF == 0x1FF, lower &+ normalized < normalized {
            let (tailUpper, tailLower) = normalized.multipliedFullWidth(by: powerLow)
            let (sum, carried) = lower.addingReportingOverflow(tailUpper)
            lower = sum
            if carried { upper &+= 1 }
            if upper & 0x1FF == 0x1FF, lower == .max, tailLower &+ normalized < normalized { return nil }
        }

        // The product's top bit is bit 127 or 126; keep 54 bits below it, the last for rounding.
        let topBit = Int(upper >> 63)
        var mantissa = upper >> UInt64(topBit + 9)
        // ⌊q·log2(10)⌋ is (217706·q) >> 16 for every q in the table's range.
        var biasedExponent = ((217_706 * q) >> 16) + 63 + topBit - shift + 1023

        // Exactly halfway between two doubles, as far as these bits know: let the exact method decide.
        if lower == 0, upper & 0x1FF == 0, mantissa & 3 == 1 { return nil }

        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >> 53 != 0 {
            // Rounding carried into a new bit.
            mantissa >>= 1
            biasedExponent += 1
        }
        // Subnormal results and overflow are left to the exact method.
        guard biasedExponent > 0, biasedExponent < 0x7FF else { return nil }
        return Double(bitPattern: UInt64(biasedExponent) << 52 | mantissa & ((1 << 52) - 1))
    }
}
