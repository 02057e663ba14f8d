import Foundation

/// A deliberately slower `Issue.init(from:)`, for one purpose: proving that the bench's regression
/// gate catches a model that got slower. Off unless `APPBENCH_SLOW_DECODE` is set, to the
/// milliseconds of extra work each decoded issue costs; only the example's regression check sets it.
enum SlowDecoding {
    static let extra: Duration? = ProcessInfo.processInfo.environment["APPBENCH_SLOW_DECODE"]
        .flatMap(Double.init).map { .microseconds(Int($0 * 1000)) }

    /// Spins for the extra time, without allocating, so the slowdown shows in time and not in
    /// allocation counts. A fixed time rather than a multiple of the decode's own: a multiple would
    /// multiply the machine's hiccups too.
    static func stretch() {
        guard let extra else { return }
        let until = ContinuousClock.now + extra
        while ContinuousClock.now < until {}
    }
}
