#if COURIER_JEMALLOC
import CJemalloc

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every jemalloc statistic an ``AllocationCounter`` reads, resolved to MIBs once.
///
/// All stored properties are immutable value types, so this type is `Sendable`
/// without `@unchecked`: concurrent snapshots only share read-only arrays, and
/// jemalloc serialises its own `mallctl` state internally.
struct JemallocStatistics: Sendable {
    /// `version`, trimmed to the release (e.g. "5.3.0"), for reports.
    let version: String

    private let flushThreadCache: MallctlMIB
    private let epoch: MallctlMIB
    private let smallRequests: MallctlMIB
    private let largeRequests: MallctlMIB
    private let threadAllocated: MallctlMIB
    private let threadDeallocated: MallctlMIB

    /// `stats.arenas.<all>.bins.<j>.nrequests` for every small size class j.
    private let binRequests: [MallctlMIB]
    /// `arenas.bin.<j>.size`, read once: size classes are fixed for the process lifetime.
    private let binSizes: [UInt64]
    /// `stats.arenas.<all>.lextents.<j>.nrequests` for every large size class j.
    private let largeExtentRequests: [MallctlMIB]
    /// `arenas.lextent.<j>.size`, read once.
    private let largeExtentSizes: [UInt64]

    /// Resolves and validates everything; nil when the linked jemalloc lacks statistics,
    /// a name is unknown, or jemalloc is not the allocator `malloc` reaches (counters
    /// would then stay near 0 and be mistaken for "no allocations").
    init?() {
        guard
            let statsEnabled = MallctlMIB("config.stats")?.readBool(), statsEnabled,
            let fullVersion = MallctlMIB("version")?.readCString()
        else { return nil }
        // "5.3.0-0-g54eaed1d…": the release is what a report needs.
        version = fullVersion.split(separator: "-", maxSplits: 1).first.map(String.init) ?? fullVersion

        // MALLCTL_ARENAS_ALL (4096 in jemalloc 5) comes from the header via the shim,
        // so a future jemalloc with another value still reads the merged arena.
        let allArenas = "stats.arenas.\(courier_je_arenas_all())"
        guard
            let flushThreadCache = MallctlMIB("thread.tcache.flush"),
            let epoch = MallctlMIB("epoch"),
            let smallRequests = MallctlMIB("\(allArenas).small.nrequests"),
            let largeRequests = MallctlMIB("\(allArenas).large.nrequests"),
            let threadAllocated = MallctlMIB("thread.allocated"),
            let threadDeallocated = MallctlMIB("thread.deallocated"),
            let binCount = MallctlMIB("arenas.nbins")?.readUnsigned(),
            let largeExtentCount = MallctlMIB("arenas.nlextents")?.readUnsigned(),
            let binRequests = Self.indexedMIBs("\(allArenas).bins.0.nrequests", count: binCount),
            let binSizes = Self.indexedSizes("arenas.bin.0.size", count: binCount),
            let largeExtentRequests = Self.indexedMIBs("\(allArenas).lextents.0.nrequests", count: largeExtentCount),
            let largeExtentSizes = Self.indexedSizes("arenas.lextent.0.size", count: largeExtentCount)
        else { return nil }

        self.flushThreadCache = flushThreadCache
        self.epoch = epoch
        self.smallRequests = smallRequests
        self.largeRequests = largeRequests
        self.threadAllocated = threadAllocated
        self.threadDeallocated = threadDeallocated
        self.binRequests = binRequests
        self.binSizes = binSizes
        self.largeExtentRequests = largeExtentRequests
        self.largeExtentSizes = largeExtentSizes

        // Validate every read path once, so later reads have no failure to report.
        guard readSnapshot() != nil, readThreadSnapshot() != nil, mallocReachesJemalloc() else { return nil }
    }

    /// Process-wide reading, in package-benchmark's order: flush this thread's cache
    /// (merging its pending request counts into the arenas), advance `epoch` (jemalloc
    /// only refreshes the numbers `mallctl` reports when the epoch is written), then read.
    func readSnapshot() -> AllocationSnapshot? {
        // Fails only when this thread has its tcache disabled; then there is nothing
        // cached to merge, so the failure is deliberately ignored.
        _ = flushThreadCache.invoke()
        guard
            epoch.writeUInt64(1),
            let small = smallRequests.readUInt64(),
            let large = largeRequests.readUInt64(),
            let smallBytes = Self.weightedSum(binRequests, binSizes),
            let largeBytes = Self.weightedSum(largeExtentRequests, largeExtentSizes)
        else { return nil }
        return AllocationSnapshot(mallocs: small &+ large, allocatedBytes: smallBytes &+ largeBytes)
    }

    /// Merges the calling thread's cached counts into its arena's statistics.
    func flushCallingThreadCache() {
        _ = flushThreadCache.invoke()
    }

    /// The calling thread's live byte counters; no flush or epoch needed.
    func readThreadSnapshot() -> ThreadAllocationSnapshot? {
        guard
            let allocated = threadAllocated.readUInt64(),
            let deallocated = threadDeallocated.readUInt64()
        else { return nil }
        return ThreadAllocationSnapshot(allocatedBytes: allocated, deallocatedBytes: deallocated)
    }

    /// Whether the process's allocation functions are jemalloc's. Linking libjemalloc
    /// normally interposes `malloc` for the whole process on Linux, but a prefixed
    /// (`je_`) build or a static glibc would leave `mallctl` counting nothing.
    /// `posix_memalign` is used because the optimizer cannot delete it together with
    /// the `free` (it can for `malloc`), and jemalloc replaces it along with `malloc`.
    private func mallocReachesJemalloc() -> Bool {
        let probeSize = 64
        guard let before = readThreadSnapshot() else { return false }
        var block: UnsafeMutableRawPointer?
        guard posix_memalign(&block, 16, probeSize) == 0 else { return false }
        free(block)
        guard let after = readThreadSnapshot() else { return false }
        return after.allocatedBytes &- before.allocatedBytes >= UInt64(probeSize)
    }

    /// Builds `name` (whose index component is spelled "0") for indices 0..<count, translating
    /// the name once and replacing the index, as jemalloc's manual recommends.
    private static func indexedMIBs(_ name: String, count: CUnsignedInt) -> [MallctlMIB]? {
        // The position comes from the name, not from searching the MIB for a 0:
        // named nodes are numbered too, and several of them are child 0.
        guard
            let position = name.split(separator: ".").firstIndex(of: "0"),
            let template = MallctlMIB(name)
        else { return nil }
        var result: [MallctlMIB] = []
        result.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            guard let mib = template.replacing(componentAt: position, with: index) else { return nil }
            result.append(mib)
        }
        return result
    }

    private static func indexedSizes(_ name: String, count: CUnsignedInt) -> [UInt64]? {
        guard let mibs = indexedMIBs(name, count: count) else { return nil }
        var sizes: [UInt64] = []
        sizes.reserveCapacity(mibs.count)
        for mib in mibs {
            guard let size = mib.readSize(), size > 0 else { return nil }
            sizes.append(UInt64(size))
        }
        return sizes
    }

    /// Σ nrequests × class size. Wrapping arithmetic: the counters themselves may wrap,
    /// and differences of wrapped sums stay correct modulo 2^64.
    private static func weightedSum(_ requests: [MallctlMIB], _ sizes: [UInt64]) -> UInt64? {
        var total: UInt64 = 0
        // Index loop rather than zip: the arrays were built with equal counts, and
        // plain indexing stays allocation-free in unoptimised builds.
        for index in requests.indices where index < sizes.count {
            guard let count = requests[index].readUInt64() else { return nil }
            total = total &+ count &* sizes[index]
        }
        return total
    }
}
#endif
