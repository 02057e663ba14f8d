/// Correctly rounded conversion of a JSON number's text to `Double` and `Float`.
///
/// The same results as `Double(String)` and `Float(String)` (which round correctly), faster: exact
/// floating-point arithmetic when the digits and the power of ten are both exact (Clinger's fast
/// path), then ``EiselLemire``, and the standard library's parser for the rare rest.
enum NumberConversion {
    /// 10^0 through 10^22: every power of ten a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
    /// 10^0 through 10^10, every power of ten a `Float` holds exactly.
    private static let exactFloatPowersOfTen: [Float] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10]

    /// The `Double` nearest to the number `text`; infinite when it is too large for one.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        let number = DecimalSignificand(text)
        let magnitude: Double
        if number.significand == 0 {
            magnitude = 0
        } else if !number.isTruncated, number.significand <= 1 << 53, abs(number.exponent) <= 22 {
            // Both operands are exact, so IEEE arithmetic rounds the one product or quotient correctly.
            let significand = Double(number.significand)
            let power = exactPowersOfTen.withUnsafeBufferPointer { $0[abs(number.exponent)] }
            magnitude = number.exponent < 0 ? significand / power : significand * power
        } else if let value = EiselLemire.double(significand: number.significand, exponent: number.exponent),
            !number.isTruncated
                || EiselLemire.double(significand: number.significand + 1, exponent: number.exponent) == value
        {
            // Truncated digits put the value between two significands; both rounding alike settles it.
            magnitude = value
        } else {
            return Double(String(decoding: text, as: UTF8.self)) ?? .nan
        }
        return number.isNegative ? -magnitude : magnitude
    }

    /// The `Float` nearest to the number `text`; infinite when it is too large for one.
    static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float {
        let number = DecimalSignificand(text)
        guard number.significand == 0 || (!number.isTruncated && number.significand <= 1 << 24 && abs(number.exponent) <= 10) else {
            return Float(String(decoding: text, as: UTF8.self)) ?? .nan
        }
        let significand = Float(number.significand)
        let power = exactFloatPowersOfTen.withUnsafeBufferPointer { $0[min(abs(number.exponent), 10)] }
        let magnitude = number.significand == 0 ? 0 : number.exponent < 0 ? significand / power : significand * power
        return number.isNegative ? -magnitude : magnitude
    }
}
