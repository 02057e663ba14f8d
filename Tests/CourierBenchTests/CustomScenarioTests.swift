import BenchmarkEngine
import CourierBench
import Foundation
import Synchronization
import Testing

@Suite struct CustomScenarioTests {
    @Test func anyAsyncWorkIsTimedAsMicroBenchmarksAre() async throws {
        let calls = Atomic<Int>(0)
        let results = try await measure(.custom("custom/count") { calls.add(1, ordering: .relaxed) })
        let result = try #require(results.first)
        #expect(result.name == "custom/count" && result.kind == .micro)
        #expect(result.nanosecondsPerOperation?.count == briefSampling.sampleCount)
        // Allocations are counted over two batches after the timed ones.
        let allocationPasses = result.mallocsPerOperation == nil ? 0 : 2 * result.operations / briefSampling.sampleCount
        let count = calls.load(ordering: .relaxed)
        #expect(count == result.warmupOperations + result.operations + allocationPasses)
    }

    @Test func setUpRunsOnceAndItsStateReachesEveryCall() async throws {
        let setUps = Atomic<Int>(0)
        let results = try await measure(
            .custom(
                "custom/state",
                setUp: {
                    setUps.add(1, ordering: .relaxed)
                    return [3, 1, 2]
                },
                measure: { numbers in
                    blackHole(numbers.sorted())
                }))
        #expect(results.count == 1)
        let count = setUps.load(ordering: .relaxed)
        #expect(count == 1)
    }

    /// A scenario that throws fails alone: the run exits 1 and the others' results are written.
    @Test func aThrowingScenarioFailsAloneAndTheOthersAreStillReported() async throws {
        struct Refused: Error {}
        let suite = BenchSuite(
            tool: "bench",
            scenarios: [
                .custom("ok/first") { blackHole(1) },
                .custom("bad/throws") { throw Refused() },
                .custom("ok/last") { blackHole(2) },
            ])
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await suite.status(["run", "--quick", "--out", directory.path]) == 1)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.map(\.name) == ["ok/first", "ok/last"])
    }
}
