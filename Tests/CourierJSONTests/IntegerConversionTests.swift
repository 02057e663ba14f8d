import CourierFixtures
import Foundation
import Testing

@testable import CourierJSON

/// Integers are exact over every type's whole range, with no `Double` round trip.
struct IntegerConversionTests {
    private func integer<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        let isInteger = !text.contains(where: { ".eE".contains($0) })
        return Array(text.utf8).withUnsafeBufferPointer { IntegerConversion.integer($0, isInteger: isInteger, as: T.self) }
    }

    @Test func boundsOfEveryWidth() {
        #expect(integer("9223372036854775807", as: Int64.self) == .max)
        #expect(integer("-9223372036854775808", as: Int64.self) == .min)
        #expect(integer("9223372036854775808", as: Int64.self) == nil)
        #expect(integer("-9223372036854775809", as: Int64.self) == nil)
        #expect(integer("18446744073709551615", as: UInt64.self) == .max)
        #expect(integer("18446744073709551616", as: UInt64.self) == nil)
        #expect(integer("-1", as: UInt64.self) == nil)
        #expect(integer("-0", as: UInt64.self) == 0)
        #expect(integer("127", as: Int8.self) == 127)
        #expect(integer("-128", as: Int8.self) == -128)
        #expect(integer("128", as: Int8.self) == nil)
        #expect(integer("255", as: UInt8.self) == 255)
        #expect(integer("256", as: UInt8.self) == nil)
        #expect(integer("-32768", as: Int16.self) == .min)
        #expect(integer("4294967295", as: UInt32.self) == .max)
        #expect(integer("170141183460469231731687303715884105727", as: Int128.self) == .max)
        #expect(integer("-170141183460469231731687303715884105728", as: Int128.self) == .min)
        #expect(integer("340282366920938463463374607431768211455", as: UInt128.self) == .max)
        #expect(integer("340282366920938463463374607431768211456", as: UInt128.self) == nil)
        #expect(integer("123456789012345678901234567890", as: Int.self) == nil)
    }

    @Test func wholeNumbersWithAFractionOrAnExponentConvertExactly() {
        #expect(integer("1.0", as: Int.self) == 1)
        #expect(integer("1e2", as: Int.self) == 100)
        #expect(integer("1E+2", as: Int.self) == 100)
        #expect(integer("100e-2", as: Int.self) == 1)
        #expect(integer("-0.0", as: Int.self) == 0)
        #expect(integer("0e-999999", as: Int.self) == 0)
        #expect(integer("9007199254740993.0", as: Int.self) == 9_007_199_254_740_993)
        #expect(integer("9223372036854775807.000", as: Int.self) == .max)
        #expect(integer("-9223372036854775808e0", as: Int.self) == .min)
        #expect(integer("12345678901234567890e-1", as: Int.self) == 1_234_567_890_123_456_789)
        #expect(integer("1.8446744073709551615e19", as: UInt64.self) == .max)
    }

    @Test func fractionsAndOverflowDoNotConvert() {
        #expect(integer("1.5", as: Int.self) == nil)
        #expect(integer("1.0000000000000000001", as: Int.self) == nil)
        #expect(integer("1e-400", as: Int.self) == nil)
        #expect(integer("1e19", as: Int.self) == nil)
        #expect(integer("1e19", as: UInt64.self) == 10_000_000_000_000_000_000)
        #expect(integer("1e20", as: UInt64.self) == nil)
        #expect(integer("1e99999999999", as: Int.self) == nil)
        #expect(integer("-1e0", as: UInt.self) == nil)
        #expect(integer("2.55e2", as: UInt8.self) == 255)
        #expect(integer("2.56e2", as: UInt8.self) == nil)
    }

    /// Random values of every width print and read back exactly, through both paths.
    @Test func randomValuesRoundTrip() async {
        var random = SplitMix64(seed: 0x1E6)
        for round in 0..<3_000 {
            await yieldPeriodically(round, every: 20)
            let signed = Int64(bitPattern: random.next()) >> Int64.random(in: 0...63, using: &random)
            let unsigned = random.next() >> UInt64.random(in: 0...63, using: &random)
            #expect(integer(String(signed), as: Int64.self) == signed)
            #expect(integer(String(unsigned), as: UInt64.self) == unsigned)
            #expect(integer(String(signed) + ".000", as: Int64.self) == signed)
            #expect(integer(String(unsigned) + "0e-1", as: UInt64.self) == unsigned)
            #expect(integer(String(signed), as: Int32.self) == Int32(exactly: signed))
            #expect(integer(String(unsigned), as: UInt16.self) == UInt16(exactly: unsigned))
        }
    }
}
