/// A point-in-time reading of the *calling thread's* allocation counters
/// (`thread.allocated` / `thread.deallocated`).
///
/// Unlike ``AllocationSnapshot`` these counters are maintained live on every
/// allocation and free, without thread caches in between, so the difference between
/// two readings on the same thread is exact and unaffected by other threads.
/// jemalloc exposes no per-thread *count* of allocations, only bytes.
public struct ThreadAllocationSnapshot: Sendable, Equatable {
    /// Cumulative bytes ever allocated by this thread, at usable (size-class) size.
    public var allocatedBytes: UInt64

    /// Cumulative bytes ever freed by this thread, at usable size. Memory allocated on
    /// one thread and freed on another is counted on the freeing thread.
    public var deallocatedBytes: UInt64

    /// Creates a snapshot from raw values, e.g. when restoring recorded results.
    public init(allocatedBytes: UInt64, deallocatedBytes: UInt64) {
        self.allocatedBytes = allocatedBytes
        self.deallocatedBytes = deallocatedBytes
    }
}
