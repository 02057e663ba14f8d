import Foundation
import Testing

@testable import BenchmarkEngine

/// What a capacity search writes: `capacity.json`, `capacity.csv`, `summary.md` and the terminal table.
// Serialized: each search is seconds of CPU, and two at once would hold every thread that runs
// the other suites' timed load runs.
@Suite(.serialized) struct CapacitySummaryTests {
    private func searchReport() async throws -> CapacityReport {
        var search = CapacitySearch(objectives: [try ServiceLevelObjective(parsing: "p99<=50ms")])
        search.minimumRate = 100
        search.step = .seconds(3)
        search.warmup = .seconds(1)
        let found = await search.run(with: SimulatedServer(workers: 4, serviceNanoseconds: 10_000_000))
        let settings = CapacitySettings(
            objectives: ["p99<=50ms"], window: "whole", minimumRate: 100, maximumRate: 100_000, growthFactor: 2, precision: 0.05,
            stepSeconds: 3, warmupSeconds: 1, maximumTimeSeconds: 600, intervalSeconds: 1, concurrency: 256, errorStormShare: 0.1,
            transport: "curl"
        )
        return CapacityReport(
            runID: "run-2", startedAt: "2026-11-29T18:00:00Z", environment: SampleRuns.environment, commandLine: ["bench", "capacity"],
            target: "http://127.0.0.1:8080/capacity", settings: settings, steps: found.steps, result: found.result)
    }

    /// The page: every step on both charts, passed and failed told apart by colour and marker, the
    /// objective's line, the maximum sustainable rate and the knee marked, a table row per step.
    @Test func thePageChartsEveryStepAgainstTheOfferedRate() async throws {
        let report = try await searchReport()
        let page = HTMLReportWriter.render(report)
        #expect(page.contains("<title>bench capacity: run run-2</title>"))
        #expect(page.contains("Maximum sustainable rate: 400 requests/s."))
        #expect(page.occurrences(of: "<svg class=\"chart\"") == 3, "rate and p99, then the scalability law by Little's law")
        let fit = try #require(report.result.scalability)
        #expect(page.contains(">offered rate (requests per second, log scale)</text>"))
        #expect(page.contains(">achieved rate (log scale)</text>") && page.contains(">p99 latency (log scale)</text>"))
        #expect(page.occurrences(of: ">max sustainable 400/s</text>") == 2)
        #expect(page.contains(">objective p99&lt;=50ms</text>"))
        #expect(page.contains(">knee</text>"))
        let failed = report.steps.filter(\.status.isFailure).count
        #expect(failed > 0)
        #expect(page.occurrences(of: "<g class=\"annotation c1\">") == 2 * failed)
        #expect(page.occurrences(of: "<g class=\"annotation c2\">") == 2 * (report.steps.count - failed) + fit.points.count)
        #expect(page.occurrences(of: "<td class=\"regression\">✖ ") == failed)
        #expect(page.occurrences(of: "<td class=\"improvement\">✔ passed</td>") == report.steps.count - failed)
    }

    @Test func theFilesHoldEveryStepAndTheFinding() async throws {
        let report = try await searchReport()
        let files = try report.files()
        #expect(files.map(\.name) == ["capacity.json", "capacity.csv", "scalability.csv", "summary.md", "report.html"])
        let decoded = try JSONDecoder().decode(CapacityReport.self, from: files[0].data)
        #expect(decoded == report)
        let csv = String(decoding: files[1].data, as: UTF8.self).split(separator: "\n")
        #expect(csv.count == report.steps.count + 1)
        #expect(csv[0].hasPrefix("step,phase,target_rate_per_s,concurrency,achieved_rate_per_s,throughput_per_s"))
        #expect(csv.dropFirst().allSatisfy { $0.contains(",passed,") || $0.contains(",failed,") })
        let summary = String(decoding: files[3].data, as: UTF8.self)
        #expect(summary.hasPrefix("# Capacity of http://127.0.0.1:8080/capacity"))
        #expect(summary.contains("**Maximum sustainable rate: 400/s** within p99<=50ms"))
        #expect(summary.contains("Knee: 400/s"))
        #expect(summary.contains("by Little's law"))
        #expect(summary.contains("| step | phase  | offered |"))
    }

    @Test func theTerminalTableLinesUpWithItsHeader() async throws {
        let report = try await searchReport()
        let header = CapacitySummary.terminalHeader.split(separator: "\n")[0]
        let line = CapacitySummary.terminalLine(report.steps[0])
        let verdictColumn = try #require(header.range(of: "verdict")).lowerBound
        #expect(
            line[line.index(line.startIndex, offsetBy: header.distance(from: header.startIndex, to: verdictColumn))...].hasPrefix("pass"))
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
