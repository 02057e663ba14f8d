#if COURIER_REGRESSION_KNOB
import Foundation

/// Deliberate slowness and waste in the decode path, to prove the bench's regression gate catches
/// what it should. Compiled only with `-Xswiftc -DCOURIER_REGRESSION_KNOB` — a build no user gets —
/// and set by environment variables read once:
///
/// - `COURIER_KNOB_DECODE_FACTOR`: each decode takes this many times as long (1.25 = +25%), by
///   spinning after the real work for the extra time it took;
/// - `COURIER_KNOB_DECODE_EXTRA_MALLOCS`: each decode makes this many more heap allocations.
enum RegressionKnob {
    private static let environment = ProcessInfo.processInfo.environment
    private static let factor = environment["COURIER_KNOB_DECODE_FACTOR"].flatMap(Double.init) ?? 1
    private static let extraMallocs = environment["COURIER_KNOB_DECODE_EXTRA_MALLOCS"].flatMap(Int.init) ?? 0

    /// Wraps one decode.
    static func decode<T>(_ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        let result = try body()
        for _ in 0..<extraMallocs {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
            block.storeBytes(of: 0, as: Int.self)
            block.deallocate()
        }
        if factor > 1 {
            let until = start + (ContinuousClock.now - start) * factor
            while ContinuousClock.now < until {}
        }
        return result
    }
}
#endif
