import Foundation
import Testing

@testable import BenchmarkEngine

/// A dump as Callgrind 3.19 writes it with `--cache-sim=yes` (trimmed to the lines read).
private let cacheSimulated = """
    version: 1
    creator: callgrind-3.19.0
    desc: I1 cache: 32768 B, 64 B, 8-way associative
    desc: Timerange: Basic block 0 - 100002
    desc: Trigger: Client Request: decode/x
    events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
    fn=(1) main
    5 600013 100000 100007
    summary: 600013 100000 100007 20 10 5 2 1 1
    totals: 600014 100000 100008 4 1 3 4 1 3
    """

/// A dump whose runtime spent some of its counts probing its metadata hash tables: a probe named
/// first as a callee, its cost lines (one inclusive of a call it made, which is not its own), and
/// a probe of the conformance table.
private let probing = """
    events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
    summary: 10000 2000 1000 40 30 20 4 3 2
    fn=(1) main
    3 5000 1000 500 10 10 10 1 1 1
    cfn=(2) swift::MetadataCacheKey::operator==(swift::MetadataCacheKey const&) const
    calls=10 0
    +2 700 300
    fn=(2)
    0 700 300 0 1
    fn=(3) swift::HashMapElementWrapper<swift::GenericCacheEntry> const* swift::ConcurrentReadableHashMap<swift::HashMapElementWrapper<swift::GenericCacheEntry>, swift::Mutex>::Snapshot::find<swift::MetadataCacheKey>(swift::MetadataCacheKey const&)
    0 1000 200
    +1 100
    cfn=(2)
    calls=5 0
    * 350 150
    fn=(4) std::pair<swift::ConformanceCacheEntry*, unsigned int> swift::ConcurrentReadableHashMap<swift::ConformanceCacheEntry, swift::Mutex>::find<swift::ConformanceCacheKey>(swift::ConformanceCacheKey const&)
    -1 200
    fn=(5) swift_getGenericMetadata
    0 3000 500 500
    """

@Suite struct CallgrindProfileTests {
    @Test func readsTheSummaryAndTheTrigger() throws {
        let profile = try CallgrindProfile(parsing: cacheSimulated)
        #expect(profile.instructions == 600_013)
        #expect(profile.events["D1mw"] == 5)
        #expect(profile.trigger == "Client Request: decode/x")
    }

    @Test func estimatesCyclesAsL1PlusFiveLastLevelPlusThirtyFiveRAMHits() throws {
        let profile = try CallgrindProfile(parsing: cacheSimulated)
        // 800020 accesses, 35 L1 misses of which 4 missed the last level too.
        let l1Hits: UInt64 = 800_020 - 35
        let lastLevelHits: UInt64 = 35 - 4
        let ramHits: UInt64 = 4
        #expect(profile.estimatedCycles == l1Hits + 5 * lastLevelHits + 35 * ramHits)
        let counts = InstructionCounts(profile, operations: 10)
        #expect(counts.instructionsPerOperation == 60_001.3)
        #expect(counts.estimatedCyclesPerOperation == Double(l1Hits + 5 * lastLevelHits + 35 * ramHits) / 10)
    }

    @Test func withoutTheCacheSimulationThereAreInstructionsAndNoCycles() throws {
        let profile = try CallgrindProfile(parsing: "events: Ir\nsummary: 1234\n")
        #expect(profile.instructions == 1234)
        #expect(profile.estimatedCycles == nil)
    }

    @Test func trailingZerosCallgrindLeavesOutReadAsZero() throws {
        let profile = try CallgrindProfile(parsing: "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary: 100 10 10 3\n")
        #expect(profile.events["DLmw"] == 0)
        #expect(profile.estimatedCycles == 117 + 5 * 3)
    }

    @Test func takesTheRuntimesHashTableProbesOutOfEveryEvent() throws {
        let profile = try CallgrindProfile(parsing: probing)
        // The probes' own lines: 700 + 1000 + 100 + 200 instructions; the call lines' 700 and 350
        // are the callee's, already in its own lines.
        #expect(profile.runtimeProbes["Ir"] == 2000)
        #expect(profile.runtimeProbes["Dr"] == 500)
        #expect(profile.runtimeProbes["I1mr"] == 1)
        #expect(profile.runtimeProbes["DLmw"] == 0)
        #expect(profile.instructions == 8000)
        #expect(profile.events["Dr"] == 1500)
        #expect(profile.events["I1mr"] == 39)
    }

    @Test func aDumpWithoutProbesKeepsItsTotals() throws {
        let profile = try CallgrindProfile(parsing: cacheSimulated)
        #expect(profile.runtimeProbes.values.allSatisfy { $0 == 0 })
        #expect(profile.instructions == 600_013)
    }

    @Test func fallsBackToTotalsWithoutASummary() throws {
        #expect(try CallgrindProfile(parsing: "events: Ir\ntotals: 77\n").instructions == 77)
    }

    @Test(arguments: [
        ("summary: 1\n", CallgrindProfileError.noEvents),
        ("events: Dr\nsummary: 1\n", .noEvents),
        ("events: Ir\n", .noTotals),
        ("events: Ir\nsummary: x1\n", .badNumber("x1")),
        ("events: Ir\nsummary: 18446744073707751578\n", .badNumber("18446744073707751578")),
    ])
    func refusesWhatIsNotACallgrindDump(text: String, error: CallgrindProfileError) {
        #expect(throws: error) { try CallgrindProfile(parsing: text) }
    }

    @Test func aBatchIsThePowerOfTwoThatFitsTheBudget() {
        #expect(InstructionCounter.batch(forOperationOf: 100_000, within: 2_000_000) == 16)
        #expect(InstructionCounter.batch(forOperationOf: 3_000_000, within: 2_000_000) == 1)
        #expect(InstructionCounter.batch(forOperationOf: 0, within: 2_000_000) == InstructionCounter.maximumBatch)
    }

    @Test func countingOutsideValgrindIsRefused() {
        #expect(!InstructionCounter.isRunningUnderValgrind)
        let expected: InstructionCountingError = InstructionCounter.isCompiledIn ? .notUnderValgrind : .notCompiledIn
        #expect(throws: expected) { try InstructionCounter(outputFile: URL(fileURLWithPath: "/tmp/callgrind.out"), isQuick: true) }
    }
}
