/// A point-in-time reading of the process allocator, summed over all threads and arenas.
///
/// Both fields are *cumulative* counters (they only grow, apart from 64-bit wrap-around),
/// so only the difference between two snapshots is meaningful; see
/// ``AllocationCounter/delta(since:)``.
///
/// Precision: the calling thread's thread cache is flushed before reading, so its own
/// allocations are fully counted. Allocations made by *other* threads reach these
/// counters only when those threads' caches are flushed or garbage-collected by
/// jemalloc, so their contribution can lag and land in a later interval.
///
/// Known limit: jemalloc removes a *destroyed* manual arena (`arena.<i>.destroy`) from
/// these "all arenas" totals, so they drop if measured code destroys arenas. Adding
/// `MALLCTL_ARENAS_DESTROYED` back was tried and rejected: its counts change at
/// destroy time while the totals change only at the next `epoch`, so a reading in
/// between double-counts, and reading its per-size-class nrequests crashed inside
/// jemalloc 5.3 while another thread destroyed an arena.
public struct AllocationSnapshot: Sendable, Equatable {
    /// Cumulative number of allocation requests served by jemalloc in the whole process:
    /// `stats.arenas.<MALLCTL_ARENAS_ALL>.small.nrequests + ...large.nrequests`
    /// (the figure package-benchmark reports as "mallocs"). Every `malloc`, `calloc`,
    /// `posix_memalign`, and every `realloc` that moves the block, counts once.
    public var mallocs: UInt64

    /// Cumulative bytes allocated in the whole process, in jemalloc size-class units:
    /// for every size class, `nrequests × class size`, summed over small bins and large
    /// extents of all arenas. A request is counted at its *usable* size (e.g. `malloc(100)`
    /// counts 112 bytes), so this is an upper bound of the bytes asked for and exact for
    /// requests whose size is already a size class.
    public var allocatedBytes: UInt64

    /// Creates a snapshot from raw values, e.g. when restoring recorded results.
    public init(mallocs: UInt64, allocatedBytes: UInt64) {
        self.mallocs = mallocs
        self.allocatedBytes = allocatedBytes
    }
}

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

/// What one thread allocated and freed between two ``ThreadAllocationSnapshot``s.
public struct ThreadAllocationDelta: Sendable, Equatable {
    /// Bytes allocated by the thread in the interval, at usable (size-class) size.
    public var allocatedBytes: UInt64

    /// Bytes freed by the thread in the interval, at usable size.
    public var deallocatedBytes: UInt64

    /// Creates a delta from raw values, e.g. when aggregating iterations.
    public init(allocatedBytes: UInt64, deallocatedBytes: UInt64) {
        self.allocatedBytes = allocatedBytes
        self.deallocatedBytes = deallocatedBytes
    }
}
