import CourierFixtures
import Foundation
import Testing

@testable import CourierJSON

/// Doubles and floats are correctly rounded: the same bits as `Double(String)` and `Float(String)`.
struct NumberConversionTests {
    private func double(_ text: String) -> Double {
        Array(text.utf8).withUnsafeBufferPointer(NumberConversion.double)
    }

    private func float(_ text: String) -> Float {
        Array(text.utf8).withUnsafeBufferPointer(NumberConversion.float)
    }

    private func expectSameAsStandardLibrary(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let expected = Double(text) else {
            Issue.record("Double(String) rejects \(text)", sourceLocation: sourceLocation)
            return
        }
        #expect(double(text).bitPattern == expected.bitPattern, "\(text)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        "0", "-0", "0.0", "-0.0", "0e1", "0E+1", "-0e-1", "0e999999999", "0.000e-99999",
        "1", "-1", "1.5", "0.1", "0.2", "0.3", "123456789012345678", "9007199254740993", "-9007199254740993",
        "1e22", "1e23", "8.98846567431158e307", "1.7976931348623157e308", "1.7976931348623158e308",
        "2.2250738585072011e-308", "2.2250738585072014e-308", "2.2250738585072009e-308", "4.9406564584124654e-324",
        "2.4703282292062328e-324", "2.4703282292062327e-324", "2e-324", "-2e-324", "1e-400", "123.456e-789", "123e-10000000",
        "0.1000000000000000055511151231257827021181583404541015625", "3.141592653589793238462643383279502884197",
        "7.2057594037927933e16", "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124", "1.00000000000000011102230246251565404236316680908203126",
        "9223372036854775807", "18446744073709551615", "18446744073709551616", "100000000000000000000000",
        "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368",
    ])
    func edgeCasesMatchTheStandardLibrary(text: String) {
        expectSameAsStandardLibrary(text)
    }

    @Test func overflowIsInfiniteForTheDecoderToReject() {
        #expect(double("1e309") == .infinity)
        #expect(double("-1.7976931348623159e308") == -.infinity)
        #expect(double("1e99999999999999999999") == .infinity)
        #expect(float("3.4028236e38") == .infinity)
    }

    /// Every power of ten in the table, with significands of eight lengths from 1 to 25 digits.
    @Test func everyExponentOfTheTable() async {
        var random = SplitMix64(seed: 0xE15E1)
        for exponent in (PowersOfTen.smallestExponent - 20)...(PowersOfTen.largestExponent + 20) {
            await yieldPeriodically(exponent, every: 1)
            for digits in [1, 2, 9, 15, 17, 19, 20, 25] {
                var significand = String(UInt64.random(in: 1...9, using: &random))
                for _ in 1..<digits { significand += String(UInt64.random(in: 0...9, using: &random)) }
                expectSameAsStandardLibrary("\(significand)e\(exponent - digits + 1)")
            }
        }
    }

    /// Digits are read eight at a time while eight more fit in the 19 kept: runs of every length
    /// from 1 to 30 digits, split by the point anywhere, after up to ten zeros, with and without an
    /// exponent, cross every boundary of that (8, 16, 19 and 20 digits; zeros past the 19th).
    @Test func digitRunsOfEveryLengthAroundThePoint() {
        var random = SplitMix64(seed: 0x8D161)
        for length in 1...30 {
            for point in 0...length {
                for zeros in [0, 1, 7, 10] where point == 0 || zeros == 0 {
                    var digits = String(UInt64.random(in: 1...9, using: &random))
                    for _ in 1..<length { digits += String(UInt64.random(in: 0...9, using: &random)) }
                    let padded = String(digits.prefix(max(length - 3, 1))) + String(repeating: "0", count: min(3, length - 1))
                    for significand in [digits, padded] {
                        let integer = point == 0 ? "0" : String(significand.prefix(point))
                        let fraction = String(repeating: "0", count: zeros) + significand.dropFirst(point)
                        let text = fraction.isEmpty ? integer : integer + "." + fraction
                        for written in [text, "-" + text, text + "e-7", text + "E+300", text + "e-320"] {
                            expectSameAsStandardLibrary(written)
                        }
                    }
                }
            }
        }
    }

    /// Random doubles of every magnitude, printed shortest (as encoders do) and with 17 and 25
    /// significant digits (as C's printf does), and their neighbours.
    @Test func randomDoublesRoundTrip() async {
        var random = SplitMix64(seed: 0xD0B1E)
        for round in 0..<3_000 {
            await yieldPeriodically(round, every: 10)
            let value = Double(bitPattern: random.next() & ~(0x7FF << 52) | UInt64.random(in: 0...0x7FE, using: &random) << 52)
            for text in [
                value.description, String(format: "%.17g", value), String(format: "%.25e", value),
                value.nextUp.description, String(format: "%.16e", value.nextDown),
            ] {
                expectSameAsStandardLibrary(text.replacingOccurrences(of: "inf", with: "1e999"))
            }
        }
    }

    /// Integers exactly halfway between two doubles round to the even one.
    @Test func halfwayIntegersRoundToEven() async {
        var random = SplitMix64(seed: 0x4A1F)
        for round in 0..<1_500 {
            await yieldPeriodically(round, every: 20)
            // A random integer of `bits` bits, and the double at or below it: doubles that wide are
            // multiples of `spacing`, so the one halfway to the next is an integer too.
            let bits = Int.random(in: 54...127, using: &random)
            let value = (UInt128(random.next()) << 64 | UInt128(random.next())) >> (128 - bits) | UInt128(1) << (bits - 1)
            let spacing = UInt128(1) << (bits - 53)
            let below = value & ~(spacing - 1)
            for candidate in [below + spacing / 2, below + spacing / 2 - 1, below + spacing / 2 + 1, below + spacing + spacing / 2] {
                expectSameAsStandardLibrary(String(candidate))
                expectSameAsStandardLibrary(String(candidate) + "0e-1")
            }
        }
    }

    @Test func randomFloatsMatchTheStandardLibrary() async {
        var random = SplitMix64(seed: 0xF10A7)
        for round in 0..<3_000 {
            await yieldPeriodically(round, every: 20)
            let value = Float(
                bitPattern: UInt32(truncatingIfNeeded: random.next()) & ~(0xFF << 23) | UInt32.random(in: 0...0xFE, using: &random) << 23)
            for text in [
                value.description, String(format: "%.9g", value), String(format: "%.3e", value),
                "\(Int.random(in: 0...99_999, using: &random))e\(Int.random(in: -50...40, using: &random))",
            ] {
                let expected = Float(text) ?? .nan
                #expect(float(text).bitPattern == expected.bitPattern, "\(text)")
            }
        }
    }
}
