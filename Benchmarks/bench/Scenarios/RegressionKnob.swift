import CourierFixtures
import Foundation

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
/// - `COURIER_KNOB_DECODE_EXTRA_MALLOCS`: each decode makes this many more heap allocations.
///
/// `@unchecked Sendable` restates what `JSONDecoder` declares; this subclass adds no stored state.
final class SlowedDecoder: JSONDecoder, @unchecked Sendable {
    private static let environment = ProcessInfo.processInfo.environment
    private static let factor = environment["COURIER_KNOB_DECODE_FACTOR"].flatMap(Double.init) ?? 1
    private static let extraMallocs = environment["COURIER_KNOB_DECODE_EXTRA_MALLOCS"].flatMap(Int.init) ?? 0

    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let start = ContinuousClock.now
        let result = try super.decode(type, from: data)
        for _ in 0..<Self.extraMallocs {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
            block.storeBytes(of: 0, as: Int.self)
            block.deallocate()
        }
        if Self.factor > 1 {
            let until = start + (ContinuousClock.now - start) * Self.factor
            while ContinuousClock.now < until {}
        }
        return result
    }
}
#endif
