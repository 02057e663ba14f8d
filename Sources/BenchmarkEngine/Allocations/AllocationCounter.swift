/// Reads jemalloc's allocation statistics, the way package-benchmark does, for the
/// benchmark engine.
///
/// There is no instance when the figures would be meaningless: the package was built
/// without jemalloc (its `Jemalloc` trait off), the linked jemalloc has no
/// statistics, or `malloc` does not reach it. Callers show "unavailable" for a nil
/// ``shared`` and never substitute 0.
///
/// Two kinds of figure are offered:
/// - ``snapshot()``: process-wide, cumulative allocation *count* and *bytes*; includes
///   other threads' work (with a lag, see ``AllocationSnapshot``).
/// - ``threadSnapshot()``: the calling thread's cumulative allocated/freed *bytes*;
///   exact and immune to other threads, but no count and blind to work handed to
///   other threads.
public struct AllocationCounter: Sendable {
    /// The process's counter, created on first use; nil when statistics are unavailable.
    public static let shared: AllocationCounter? = AllocationCounter()

    /// The allocator behind the figures, e.g. "jemalloc 5.3.0", for reports.
    public let backend: String

    #if COURIER_JEMALLOC
    private let statistics: JemallocStatistics

    private init?() {
        guard let statistics = JemallocStatistics() else { return nil }
        self.statistics = statistics
        self.backend = "jemalloc \(statistics.version)"
    }
    #else
    // An uninhabited stored property makes an instance impossible to construct, so
    // the compiler proves no zero-valued counter can exist in this build mode.
    private let unavailable: Never

    private init?() {
        return nil
    }
    #endif

    /// Reads the process-wide cumulative counters.
    ///
    /// Cost: `2 + 2 + nbins + nlextents` `mallctlbymib` calls (236 with jemalloc 5.3 on
    /// x86-64 Linux): one tcache flush, one `epoch` write (which merges all arenas'
    /// statistics), two request counters, and one request counter per size class.
    /// It performs no heap allocation; the flush may return this thread's cached
    /// blocks to the arenas, so take snapshots outside the timed region.
    ///
    /// Why the result is not optional: every read path was exercised when the counter
    /// was created, and jemalloc's `mallctlbymib` fails only for an unknown MIB, a wrong
    /// buffer size, or a write to a read-only node, all excluded by that check.
    public func snapshot() -> AllocationSnapshot {
        #if COURIER_JEMALLOC
        // Unreachable fallback (see above); not a "no allocations" reading.
        return statistics.readSnapshot() ?? AllocationSnapshot(mallocs: 0, allocatedBytes: 0)
        #else
        switch unavailable {}
        #endif
    }

    /// Merges the calling thread's cached allocation counts into the process-wide figures.
    ///
    /// ``snapshot()`` flushes only its own thread: counts made on other threads reach it when those
    /// threads' caches fill or flush. Worker tasks call this when their measured work ends, so a
    /// snapshot taken afterwards sees their allocations. One `mallctlbymib` call, no allocation.
    public func flushThreadCache() {
        #if COURIER_JEMALLOC
        statistics.flushCallingThreadCache()
        #else
        switch unavailable {}
        #endif
    }

    /// Process-wide allocations since `start` (a snapshot taken earlier by this process).
    ///
    /// Uses wrapping subtraction because jemalloc documents its counters may wrap.
    public func delta(since start: AllocationSnapshot) -> AllocationDelta {
        let now = snapshot()
        return AllocationDelta(
            mallocs: now.mallocs &- start.mallocs,
            bytes: now.allocatedBytes &- start.allocatedBytes
        )
    }

    /// Reads the calling thread's cumulative byte counters (`thread.allocated`,
    /// `thread.deallocated`): 2 `mallctlbymib` calls, no flush, no epoch, no allocation.
    ///
    /// The start and end readings must come from the same thread; in Swift concurrency,
    /// keep both in one synchronous stretch of code (no `await` between them).
    public func threadSnapshot() -> ThreadAllocationSnapshot {
        #if COURIER_JEMALLOC
        // Unreachable fallback, for the reason given on `snapshot()`.
        return statistics.readThreadSnapshot() ?? ThreadAllocationSnapshot(allocatedBytes: 0, deallocatedBytes: 0)
        #else
        switch unavailable {}
        #endif
    }

    /// The calling thread's allocations since `start`, which must have been taken on
    /// this same thread. Exact in size-class bytes.
    public func threadDelta(since start: ThreadAllocationSnapshot) -> ThreadAllocationDelta {
        let now = threadSnapshot()
        return ThreadAllocationDelta(
            allocatedBytes: now.allocatedBytes &- start.allocatedBytes,
            deallocatedBytes: now.deallocatedBytes &- start.deallocatedBytes
        )
    }
}
