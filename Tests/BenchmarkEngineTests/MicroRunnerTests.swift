import BenchmarkEngine
import Testing

@Suite struct MicroRunnerTests {
    private let tiny = MicroConfiguration(warmup: .milliseconds(1), sampleCount: 5, batch: .microseconds(200), maximum: .milliseconds(100))

    @Test func takesTheSamplesItWasAskedFor() async throws {
        let context = ScenarioContext(name: "sum", isQuick: true, allocations: nil, progress: ProgressMeter())
        var total = 0
        let result = try await MicroRunner.measure(in: context, configuration: tiny) { iterations in
            for index in 0..<iterations { total &+= index }
        }
        blackHole(total)
        let time = try #require(result.nanosecondsPerOperation)
        #expect(time.count == 5)
        #expect(time.min <= time.median && time.median <= time.max)
        #expect(result.operations > 0)
        #expect(result.warmupOperations > 0)
        #expect(context.progress.reading.operations == result.operations + result.warmupOperations)
    }

    /// package-benchmark's most reported bug is allocation figures that read 0 when nothing was
    /// counted. Without a counter the figures must be absent, and absent in every report format.
    @Test func withoutACounterAllocationFiguresAreAbsentNotZero() async throws {
        let context = ScenarioContext(name: "alloc", isQuick: true, allocations: nil, progress: ProgressMeter())
        let result = try await MicroRunner.measure(in: context, configuration: tiny) { iterations in
            for _ in 0..<iterations { blackHole([1, 2, 3]) }
        }
        #expect(result.mallocsPerOperation == nil)
        #expect(result.bytesAllocatedPerOperation == nil)
    }

    @Test func interleavedOperationsEachGetTheirOwnResultAndAComparison() async throws {
        let context = ScenarioContext(name: "pair", isQuick: true, allocations: nil, progress: ProgressMeter())
        var sink = 0
        let results = try await MicroRunner.measure(
            [
                .init("fast") { iterations in for index in 0..<iterations { sink &+= index } },
                .init("slow") { iterations in for index in 0..<(iterations * 50) { sink &+= index &* 3 } },
            ], in: context, configuration: tiny)
        blackHole(sink)
        #expect(results.map(\.name) == ["fast", "slow"])
        let compared = results[0].compared(with: results[1])
        #expect(compared.comparison?.baseline == "slow")
        #expect((compared.comparison?.speedup ?? 0) > 0)
    }

    @Test func anOperationsErrorReachesTheCaller() async {
        struct Failed: Error {}
        let context = ScenarioContext(name: "throws", isQuick: true, allocations: nil, progress: ProgressMeter())
        await #expect(throws: Failed.self) { try await MicroRunner.measure(in: context, configuration: tiny) { _ in throw Failed() } }
    }

    #if COURIER_JEMALLOC
    @Test func withJemallocAllocationsAreCountedPerOperation() async throws {
        let counter = try #require(AllocationCounter.shared)
        let context = ScenarioContext(name: "alloc", isQuick: true, allocations: counter, progress: ProgressMeter())
        let result = try await MicroRunner.measure(in: context, configuration: tiny) { iterations in
            for index in 0..<iterations { blackHole(Array(repeating: index, count: 64)) }
        }
        #expect((result.mallocsPerOperation ?? 0) >= 1)
        #expect((result.bytesAllocatedPerOperation ?? 0) >= 512)
    }
    #endif
}
