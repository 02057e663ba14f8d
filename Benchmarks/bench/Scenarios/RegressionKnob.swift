import CourierFixtures
import Foundation

#if COURIER_REGRESSION_KNOB
import Synchronization
#endif

/// The decoder the decode scenarios give the client. In a build with `-DCOURIER_REGRESSION_KNOB`
/// (`.ci/regression-experiment`'s second build, never a normal one) it is a decoder made slower or
/// more wasteful on purpose, to measure how well the regression gate catches a slower client decode
/// path. The scenarios' partner, `JSONDecoder` alone, is a plain decoder either way, so the knob
/// moves the ratio exactly as a regression in Courier's decode path would.
enum RegressionKnob {
    static func clientDecoder(for shape: PayloadShape) -> JSONDecoder {
        #if COURIER_REGRESSION_KNOB
        let decoder = SlowedDecoder()
        decoder.dateDecodingStrategy = shape.makeDecoder().dateDecodingStrategy
        return decoder
        #else
        shape.makeDecoder()
        #endif
    }
}

#if COURIER_REGRESSION_KNOB
/// A `JSONDecoder` set by environment variables read once:
///
/// - `COURIER_KNOB_DECODE_FACTOR`: each decode takes this many times as long (1.25 = +25%), by
///   spinning after the real work for the extra time it took;
/// - `COURIER_KNOB_DECODE_EXTRA_MALLOCS`: each decode makes this many more heap allocations;
/// - `COURIER_KNOB_DECODE_ROUNDS_PER_BYTE`: each decode mixes a 64-bit state this many times per
///   byte of its payload (about 13 instructions a round), in registers: the same instructions on
///   every call, for the counted gate (`run --instructions`), whose clock is Valgrind's.
///
/// `@unchecked Sendable` restates what `JSONDecoder` declares; this subclass adds no stored state.
final class SlowedDecoder: JSONDecoder, @unchecked Sendable {
    private static let environment = ProcessInfo.processInfo.environment
    private static let factor = environment["COURIER_KNOB_DECODE_FACTOR"].flatMap(Double.init) ?? 1
    private static let extraMallocs = environment["COURIER_KNOB_DECODE_EXTRA_MALLOCS"].flatMap(Int.init) ?? 0
    private static let roundsPerByte = environment["COURIER_KNOB_DECODE_ROUNDS_PER_BYTE"].flatMap(Double.init) ?? 0
    /// Where the mixing's result goes, so that the optimizer cannot leave the work out.
    private static let mixed = Atomic<UInt64>(0)

    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let start = ContinuousClock.now
        let result = try super.decode(type, from: data)
        for _ in 0..<Self.extraMallocs {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
            block.storeBytes(of: 0, as: Int.self)
            block.deallocate()
        }
        if Self.roundsPerByte > 0 {
            var state = UInt64(data.count)
            for _ in 0..<Int(Self.roundsPerByte * Double(data.count)) {
                state &+= 0x9E37_79B9_7F4A_7C15
                state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
                state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
                state ^= state >> 31
            }
            Self.mixed.store(state, ordering: .relaxed)
        }
        if Self.factor > 1 {
            let until = start + (ContinuousClock.now - start) * Self.factor
            while ContinuousClock.now < until {}
        }
        return result
    }
}
#endif
