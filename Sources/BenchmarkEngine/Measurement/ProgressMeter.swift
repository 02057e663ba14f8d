import Synchronization

/// Operations completed so far in the running scenario, counted without locks so that reporting
/// progress does not slow what is measured, and the latest interval a load run closed.
public final class ProgressMeter: Sendable {
    private let completed = Atomic<Int>(0)
    private let startedAt = Atomic<UInt64>(Platform.monotonicNanoseconds())
    private let interval = Mutex<IntervalReading?>(nil)

    /// A counter at zero.
    public init() {}

    /// Starts counting again, for the next scenario.
    public func reset() {
        completed.store(0, ordering: .relaxed)
        startedAt.store(Platform.monotonicNanoseconds(), ordering: .relaxed)
        interval.withLock { $0 = nil }
    }

    /// Counts `count` more operations.
    @inline(__always)
    public func add(_ count: Int) {
        completed.add(count, ordering: .relaxed)
    }

    /// Shows `reading` as the latest interval, unless a later one is already shown.
    public func show(_ reading: IntervalReading) {
        interval.withLock { latest in
            if latest.map({ $0.index < reading.index }) ?? true { latest = reading }
        }
    }

    /// The latest interval a load run closed since the last reset, if any.
    public var latestInterval: IntervalReading? {
        interval.withLock { $0 }
    }

    /// Operations counted since the last reset, and the time since then.
    public var reading: Reading {
        let elapsed = Platform.monotonicNanoseconds() &- startedAt.load(ordering: .relaxed)
        return Reading(operations: completed.load(ordering: .relaxed), elapsed: Duration(nanoseconds: elapsed))
    }

    /// What the meter has counted since its last reset.
    public struct Reading: Sendable, Equatable {
        /// Operations completed.
        public var operations: Int
        /// Time since the reset.
        public var elapsed: Duration
    }
}
