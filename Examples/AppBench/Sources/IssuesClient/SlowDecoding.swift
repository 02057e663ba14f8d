import Foundation

/// A deliberately slower `Issue.init(from:)`, for one purpose: proving that the bench's regression
/// gate catches a model that got slower. Off unless `APPBENCH_SLOW_DECODE` is set (to a factor,
/// such as 4 for four times as long); only the example's regression check sets it.
enum SlowDecoding {
    static let factor = ProcessInfo.processInfo.environment["APPBENCH_SLOW_DECODE"].flatMap(Double.init) ?? 1

    /// Spins until the decode that started at `start` has taken `factor` times as long, without
    /// allocating, so the slowdown shows in time and not in allocation counts.
    static func stretch(since start: ContinuousClock.Instant) {
        let until = start + (ContinuousClock.now - start) * factor
        while ContinuousClock.now < until {}
    }
}
