import Foundation
import Synchronization

/// A deliberately slower `Issue.init(from:)`, for one purpose: proving that the bench's regression
/// gate catches a model that got a little slower. Off unless `APPBENCH_SLOW_DECODE` is set, to the
/// rounds of extra work each decoded issue costs; only the example's regression check sets it.
enum SlowDecoding {
    static let rounds: Int? = ProcessInfo.processInfo.environment["APPBENCH_SLOW_DECODE"]
        .flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }

    /// Where the work's result goes, so that the optimizer cannot leave the work out.
    private static let result = Atomic<UInt64>(0)

    /// Mixes a 64-bit state `rounds` times (SplitMix64's steps), in registers and without
    /// allocating: the same instructions on every call, so the slowdown shows in instruction counts
    /// exactly and leaves allocation counts alone. Work rather than a wait on the clock, since a
    /// counted run's clock is Valgrind's and its counts would not see a sleep.
    static func stretch() {
        guard let rounds else { return }
        var state: UInt64 = 0
        for _ in 0..<rounds {
            state &+= 0x9E37_79B9_7F4A_7C15
            state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
            state ^= state >> 31
        }
        result.store(state, ordering: .relaxed)
    }
}
