import BenchmarkEngine
import Foundation
import Testing

#if COURIER_JEMALLOC
import CJemalloc

private let jemallocBuild = true

/// Runs `body` with the calling thread bound to a fresh, manually created jemalloc arena,
/// passing it a reader of that arena's request count (flush, epoch, small + large).
///
/// Why: automatic arenas are shared by all threads, so a process-wide count in a
/// parallel test run always carries other tests' noise. A manual arena is never handed
/// to another thread, so its count shows exactly what this thread requested.
/// Translates a mallctl name to its MIB.
private func mib(_ name: String) -> [Int]? {
    var components = [Int](repeating: 0, count: 8)
    var length = components.count
    let status = components.withUnsafeMutableBufferPointer {
        courier_je_mallctlnametomib(name, $0.baseAddress, &length)
    }
    return status == 0 ? Array(components.prefix(length)) : nil
}

/// The arena is deliberately not destroyed afterwards: jemalloc then removes its counts
/// from the "all arenas" totals, which would make concurrent tests see the process-wide
/// counters drop. Each call leaks one mostly empty arena until the test process exits.
private func withPrivateArena<R>(_ body: (() -> UInt64?) -> R) -> R? {
    var arena: CUnsignedInt = 0
    var arenaSize = MemoryLayout<CUnsignedInt>.size
    guard courier_je_mallctl("arenas.create", &arena, &arenaSize, nil, 0) == 0 else { return nil }
    var previous: CUnsignedInt = 0
    var previousSize = MemoryLayout<CUnsignedInt>.size
    guard courier_je_mallctl("thread.arena", &previous, &previousSize, &arena, arenaSize) == 0 else { return nil }
    defer {
        var restore = previous
        _ = courier_je_mallctl("thread.arena", nil, nil, &restore, MemoryLayout<CUnsignedInt>.size)
    }
    // Names are translated to MIBs up front: passing Swift strings to mallctl inside the
    // reader allocates in debug builds (240 bytes, 4 requests per read), which the
    // count being measured would then include.
    // jemalloc resolves `stats.arenas.<i>` only for arenas its statistics already know,
    // and a new arena joins them at the next epoch; hence this refresh first.
    var refresh: UInt64 = 1
    guard
        courier_je_mallctl("epoch", nil, nil, &refresh, MemoryLayout<UInt64>.size) == 0,
        let flush = mib("thread.tcache.flush"),
        let epoch = mib("epoch"),
        let small = mib("stats.arenas.\(arena).small.nrequests"),
        let large = mib("stats.arenas.\(arena).large.nrequests")
    else { return nil }
    let read: () -> UInt64? = {
        var newEpoch: UInt64 = 1
        var smallRequests: UInt64 = 0
        var largeRequests: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        _ = flush.withUnsafeBufferPointer { courier_je_mallctlbymib($0.baseAddress, $0.count, nil, nil, nil, 0) }
        let epochStatus = epoch.withUnsafeBufferPointer {
            courier_je_mallctlbymib($0.baseAddress, $0.count, nil, nil, &newEpoch, MemoryLayout<UInt64>.size)
        }
        let smallStatus = small.withUnsafeBufferPointer {
            courier_je_mallctlbymib($0.baseAddress, $0.count, &smallRequests, &length, nil, 0)
        }
        let largeStatus = large.withUnsafeBufferPointer {
            courier_je_mallctlbymib($0.baseAddress, $0.count, &largeRequests, &length, nil, 0)
        }
        guard epochStatus == 0, smallStatus == 0, largeStatus == 0 else { return nil }
        return smallRequests &+ largeRequests
    }
    return body(read)
}
#else
private let jemallocBuild = false
#endif

/// Allocates `count` blocks of `size` bytes with `malloc`, then frees them.
///
/// Pointers go into a buffer allocated by the caller so the loop itself makes no
/// other allocation (in debug builds even an `Array` subscript write can allocate a
/// coroutine frame). `malloc` cannot be optimised away because the pointers escape.
private func mallocAndFree(count: Int, size: Int, into slots: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>) {
    let count = min(count, slots.count)
    for index in 0..<count { slots[index] = malloc(size) }
    for index in 0..<count { free(slots[index]) }
}

/// Runs `body` with a pointer buffer allocated outside the measured region.
private func withSlots<R>(_ count: Int, _ body: (UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>) -> R) -> R {
    let slots = UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer { slots.deallocate() }
    return body(slots)
}

@Suite("AllocationCounter")
struct AllocationCounterTests {
    static let blockCount = 1_000

    @Test("counter exists exactly when built with jemalloc; never a zero-valued stand-in")
    func availabilityMatchesBuildMode() throws {
        #if COURIER_JEMALLOC
        let counter = try #require(AllocationCounter.shared)
        #expect(counter.backend.hasPrefix("jemalloc "))
        // A live counter must already have seen this process's start-up allocations.
        let snapshot = counter.snapshot()
        #expect(snapshot.mallocs > 0)
        #expect(snapshot.allocatedBytes > 0)
        #expect(counter.threadSnapshot().allocatedBytes > 0)
        #else
        #expect(AllocationCounter.shared == nil)
        #endif
    }

    /// Process-wide counts include other tests' threads, so only the lower bound holds
    /// on every run; the upper bound is checked on an isolated arena below.
    @Test("process mallocs and bytes grow by at least N for N malloc calls", .enabled(if: jemallocBuild))
    func processMallocsCountEachCall() throws {
        let counter = try #require(AllocationCounter.shared)
        let size = 64
        let delta = withSlots(Self.blockCount) { slots in
            let start = counter.snapshot()
            mallocAndFree(count: Self.blockCount, size: size, into: slots)
            return counter.delta(since: start)
        }
        #expect(delta.mallocs >= UInt64(Self.blockCount))
        #expect(delta.bytes >= UInt64(Self.blockCount * size))
    }

    #if COURIER_JEMALLOC
    /// The same reading sequence (flush, epoch, small + large nrequests) on an arena no
    /// other thread uses: N malloc calls must count N, with only a tiny slack.
    @Test("nrequests counts each malloc exactly once (isolated arena)", arguments: [64, 40_960])
    func requestsAreExactOnPrivateArena(size: Int) throws {
        let slack: UInt64 = 2
        let counted = withSlots(Self.blockCount) { slots in
            withPrivateArena { readRequests -> UInt64? in
                guard let start = readRequests() else { return nil }
                mallocAndFree(count: Self.blockCount, size: size, into: slots)
                guard let end = readRequests() else { return nil }
                return end &- start
            }
        }
        let requests = try #require(counted.flatMap { $0 })
        #expect(requests >= UInt64(Self.blockCount))
        #expect(requests <= UInt64(Self.blockCount) + slack)
    }
    #endif

    @Test(
        "thread bytes are exact for size-class sizes",
        .enabled(if: jemallocBuild),
        arguments: [16, 64, 4_096, 40_960]  // small classes and a large (> tcache_max 32 KiB) class
    )
    func threadBytesAreExact(size: Int) throws {
        let counter = try #require(AllocationCounter.shared)
        let delta = withSlots(Self.blockCount) { slots in
            let start = counter.threadSnapshot()
            mallocAndFree(count: Self.blockCount, size: size, into: slots)
            return counter.threadDelta(since: start)
        }
        #expect(delta.allocatedBytes == UInt64(Self.blockCount * size))
        #expect(delta.deallocatedBytes == UInt64(Self.blockCount * size))
    }

    @Test("thread bytes count usable size, so odd sizes round up to their size class", .enabled(if: jemallocBuild))
    func threadBytesRoundUpToSizeClass() throws {
        let counter = try #require(AllocationCounter.shared)
        let delta = withSlots(Self.blockCount) { slots in
            let start = counter.threadSnapshot()
            mallocAndFree(count: Self.blockCount, size: 100, into: slots)
            return counter.threadDelta(since: start)
        }
        // jemalloc 5 serves 100 bytes from the 112-byte class.
        #expect(delta.allocatedBytes == UInt64(Self.blockCount * 112))
    }

    @Test("allocations inside Foundation's C code go through jemalloc", .enabled(if: jemallocBuild))
    func foundationAllocatesThroughJemalloc() throws {
        let counter = try #require(AllocationCounter.shared)
        let length = 1 << 20
        let start = counter.threadSnapshot()
        let data = NSMutableData(length: length)
        let delta = counter.threadDelta(since: start)
        withExtendedLifetime(data) {}
        #expect(delta.allocatedBytes >= UInt64(length))
    }

    @Test("taking snapshots does not allocate", .enabled(if: jemallocBuild))
    func snapshotsDoNotAllocate() throws {
        let counter = try #require(AllocationCounter.shared)
        let start = counter.threadSnapshot()
        for _ in 0..<10 {
            _ = counter.snapshot()
            _ = counter.threadSnapshot()
        }
        #expect(counter.threadDelta(since: start).allocatedBytes == 0)
    }

    @Test("snapshots never go backwards", .enabled(if: jemallocBuild))
    func snapshotsAreMonotonic() throws {
        let counter = try #require(AllocationCounter.shared)
        var previous = counter.snapshot()
        var previousThread = counter.threadSnapshot()
        for round in 0..<50 {
            withSlots(round + 1) { slots in mallocAndFree(count: round + 1, size: 32, into: slots) }
            let next = counter.snapshot()
            let nextThread = counter.threadSnapshot()
            #expect(next.mallocs >= previous.mallocs)
            #expect(next.allocatedBytes >= previous.allocatedBytes)
            #expect(nextThread.allocatedBytes >= previousThread.allocatedBytes)
            #expect(nextThread.deallocatedBytes >= previousThread.deallocatedBytes)
            previous = next
            previousThread = nextThread
        }
    }

    @Test("another thread's allocations reach the process counter once its cache is merged", .enabled(if: jemallocBuild))
    func otherThreadsAreCounted() async throws {
        let counter = try #require(AllocationCounter.shared)
        let start = counter.snapshot()
        let workerCount = 500
        // A detached task's thread keeps running, so its tcache is not merged at exit;
        // the flush it performs via its own snapshot() is what publishes its counts.
        await Task.detached {
            withSlots(workerCount) { slots in mallocAndFree(count: workerCount, size: 48, into: slots) }
            _ = counter.snapshot()
        }.value
        let delta = counter.delta(since: start)
        #expect(delta.mallocs >= UInt64(workerCount))
        #expect(delta.bytes >= UInt64(workerCount * 48))
    }
}
