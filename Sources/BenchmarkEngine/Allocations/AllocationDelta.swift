/// What the whole process allocated between two ``AllocationSnapshot``s.
///
/// A lower bound of what a measured block did when other threads are idle; with
/// concurrent threads it also contains their allocations (see ``AllocationSnapshot``).
public struct AllocationDelta: Sendable, Equatable {
    /// Allocation requests made in the interval (difference of ``AllocationSnapshot/mallocs``).
    public var mallocs: UInt64

    /// Bytes allocated in the interval, in size-class units (difference of
    /// ``AllocationSnapshot/allocatedBytes``). Freed memory is not subtracted.
    public var bytes: UInt64

    /// Creates a delta from raw values, e.g. when aggregating iterations.
    public init(mallocs: UInt64, bytes: UInt64) {
        self.mallocs = mallocs
        self.bytes = bytes
    }
}
