import Foundation
import Testing

@testable import BenchmarkEngine

/// The charts drawn from a load run's time series.
@Suite struct OverTimeTests {
    /// Achieved against target rate, p50 and p99 per interval, and each interval with errors marked
    /// by a cross and its count; a table row per interval.
    @Test func aLoadRunWithATimeSeriesIsChartedOverTime() async throws {
        var result = try await SampleRuns.openLoop()
        result.serviceLevel = ServiceLevelVerdict(
            window: "whole",
            objectives: [
                ObjectiveVerdict(
                    objective: try ServiceLevelObjective(parsing: "p99<=50ms"), status: .passed, measured: 1_000_000, worst: nil,
                    windowsJudged: 1, windowsBreached: 0)
            ])
        let series = try #require(result.timeSeries)
        let page = HTMLReportWriter.render(SampleRuns.report([result]))
        let figure = try #require(
            page.components(separatedBy: "<h3>load/sample/open over time</h3>").dropFirst().first?.components(separatedBy: "</figure>")
                .first)
        #expect(figure.occurrences(of: "<svg class=\"chart\"") == 2)
        #expect(figure.contains(">requests per second</text>") && figure.contains(">latency (log scale)</text>"))
        #expect(figure.contains(">time since the first request (s)</text>"))
        for name in ["achieved", "target", "p50", "p99", "interval with errors (count)"] {
            #expect(figure.contains(">\(name)</text>"), "\(name)")
        }
        let failing = series.intervals.filter { $0.outcomes.failed > 0 }
        #expect(!failing.isEmpty)
        #expect(
            figure.occurrences(of: "<g class=\"annotation c1\">") == failing.count + failing.filter { $0.latency.summary.count > 0 }.count)
        #expect(figure.contains(">objective p99&lt;=50ms</text>"))
        #expect(figure.occurrences(of: "<tr>") == series.intervals.count + 1)
        #expect(figure.occurrences(of: "class=\"regression\">") == failing.count)
    }

    /// A mix's names get a third chart, their p99 over time, which takes the objectives that name
    /// one; the run's chart keeps the run's.
    @Test func aMixsNamesAreChartedWithTheObjectivesThatNameThem() async throws {
        var result = try await SampleRuns.openLoop()
        result.requests = [SampleRuns.onlyRequest(named: "search", of: result)]
        result.serviceLevel = ServiceLevelVerdict(
            window: "whole",
            objectives: try ["p99<=50ms", "search:p99<=20ms"].map {
                ObjectiveVerdict(
                    objective: try ServiceLevelObjective(parsing: $0), status: .passed, measured: 1_000_000, worst: nil, windowsJudged: 1,
                    windowsBreached: 0)
            })
        let page = HTMLReportWriter.render(SampleRuns.report([result]))
        let figure = try #require(
            page.components(separatedBy: "<h3>load/sample/open over time</h3>").dropFirst().first?.components(separatedBy: "</figure>")
                .first)
        let charts = figure.components(separatedBy: "<svg class=\"chart\"").dropFirst()
        #expect(charts.count == 3)
        let (runChart, namesChart) = (charts[charts.startIndex + 1], charts[charts.startIndex + 2])
        #expect(namesChart.contains(">p99 by name (log scale)</text>") && namesChart.contains(">search</text>"))
        #expect(namesChart.contains(">objective search:p99&lt;=20ms</text>") && !namesChart.contains(">objective p99&lt;=50ms</text>"))
        #expect(runChart.contains(">objective p99&lt;=50ms</text>") && !runChart.contains("search:p99"))
    }

    @Test func aRunWithoutATimeSeriesHasNoOverTimeChart() throws {
        let page = HTMLReportWriter.render(PageFixtures.report([try PageFixtures.load("load/x", latencies: [1_000])]))
        #expect(!page.contains("over time"))
    }
}
