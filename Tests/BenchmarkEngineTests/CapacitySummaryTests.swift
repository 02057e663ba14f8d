@testable import BenchmarkEngine
import Foundation
import Testing

/// What a capacity search writes: `capacity.json`, `capacity.csv`, `summary.md` and the terminal table.
// Serialized: each search is seconds of CPU, and two at once would hold every thread that runs
// the other suites' timed load runs.
@Suite(.serialized) struct CapacitySummaryTests {
    private func searchReport() async throws -> CapacityReport {
        var search = CapacitySearch(objectives: [try ServiceLevelObjective(parsing: "p99<=50ms")])
        search.minimumRate = 100
        search.stepNanoseconds = 3_000_000_000
        search.warmupNanoseconds = 1_000_000_000
        let found = await search.run(with: SimulatedServer(workers: 4, serviceNanoseconds: 10_000_000))
        let settings = CapacitySettings(
            objectives: ["p99<=50ms"], window: "whole", minimumRate: 100, maximumRate: 100_000, growthFactor: 2, precision: 0.05,
            stepSeconds: 3, warmupSeconds: 1, maximumTimeSeconds: 600, intervalSeconds: 1, concurrency: 256, errorStormShare: 0.1, transport: "curl"
        )
        return CapacityReport(runID: "run-2", startedAt: "2026-11-29T18:00:00Z", environment: SampleRuns.environment, commandLine: ["bench", "capacity"],
                              target: "http://127.0.0.1:8080/capacity", settings: settings, steps: found.steps, result: found.result)
    }

    @Test func theFilesHoldEveryStepAndTheFinding() async throws {
        let report = try await searchReport()
        let files = try report.files()
        #expect(files.map(\.name) == ["capacity.json", "capacity.csv", "summary.md"])
        let decoded = try JSONDecoder().decode(CapacityReport.self, from: files[0].data)
        #expect(decoded == report)
        let csv = String(decoding: files[1].data, as: UTF8.self).split(separator: "\n")
        #expect(csv.count == report.steps.count + 1)
        #expect(csv[0].hasPrefix("step,phase,target_rate_per_s,achieved_rate_per_s"))
        #expect(csv.dropFirst().allSatisfy { $0.contains(",passed,") || $0.contains(",failed,") })
        let summary = String(decoding: files[2].data, as: UTF8.self)
        #expect(summary.hasPrefix("# Capacity of http://127.0.0.1:8080/capacity"))
        #expect(summary.contains("**Maximum sustainable rate: 400/s** within p99<=50ms"))
        #expect(summary.contains("Knee: 400/s"))
        #expect(summary.contains("by Little's law"))
        #expect(summary.contains("| step | phase  | target/s |"))
    }

    @Test func theTerminalTableLinesUpWithItsHeader() async throws {
        let report = try await searchReport()
        let header = CapacitySummary.terminalHeader.split(separator: "\n")[0]
        let line = CapacitySummary.terminalLine(report.steps[0])
        let verdictColumn = try #require(header.range(of: "verdict")).lowerBound
        #expect(line[line.index(line.startIndex, offsetBy: header.distance(from: header.startIndex, to: verdictColumn))...].hasPrefix("pass"))
        let failing = try #require(report.steps.first { $0.status == .failed })
        #expect(CapacitySummary.terminalLine(failing).contains("FAIL: p99"))
    }

    @Test func aSearchWithoutAPassingStepSaysSo() async throws {
        var report = try await searchReport()
        report.result.maximumSustainableRate = nil
        report.result.stopReason = .failedAtMinimumRate
        #expect(CapacitySummary.headline(report).hasPrefix("**No sustainable rate found** within p99<=50ms"))
    }
}
