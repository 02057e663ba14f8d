import Foundation
import Testing

@testable import BenchmarkEngine

/// The history page and the trend section of a run's page, from histories written to temporary
/// databases.
@Suite struct TrendSectionTests {
    /// A history with a run per element of `values`, `name` at that median time in each, run `i`
    /// from commit `commit<i>` on branch `branch`.
    private func history(_ values: [Double], name: String = "decode/x", commit: String = "c", branch: String = "main") throws -> RunHistory
    {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trend-\(UUID().uuidString)/h.sqlite")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let history = try RunHistory(file: file)
        for (position, value) in values.enumerated() {
            var result = ScenarioResult(name: name, kind: .micro, operations: 10, warmupOperations: 0, durationSeconds: value * 1e-8)
            result.nanosecondsPerOperation = SampleStatistics([value])
            let startedAt = String(format: "2026-11-01T00:%02d:%02dZ", position / 60, position % 60)
            let report = Report(
                runID: "run-\(position)", startedAt: startedAt, environment: PageFixtures.environment, commandLine: ["bench"],
                isQuick: true, scenarios: [result])
            try history.append(report, metadata: HistoryMetadata(commit: "\(commit)\(position)", branch: branch, source: "run"))
        }
        return history
    }

    private func trends(_ history: RunHistory) throws -> [ScenarioTrend] {
        try ScenarioTrend.trends(in: history, following: HistoryFigures.nanosecondsPerOperation, window: 50)
    }

    /// 30 runs at about 1000 ns, then 10 at about 1080 ns: a step of +8% at run 31, from commit c30.
    private let step = (0..<30).map { 1000 + Double($0 % 3) } + (0..<10).map { 1080 + Double($0 % 3) }

    @Test func aStepIsDrawnAtTheFirstRunAfterItWithItsSizeAndCommit() throws {
        let trends = try trends(try history(step))
        let trend = try #require(trends.first)
        #expect(trend.check.analysis.changePoints.map(\.index) == [30])
        let page = HTMLReportWriter.render(history: trends, source: "h.sqlite")
        // The rule stands at run 31: 40 runs across 556 units from 66, 0.8 of a run's width padding each end.
        let x = SVG.number(66 + (30.8 / 40.6) * (640 - 18 - 66))
        #expect(page.contains("<g class=\"reference c1 dashed\"><path d=\"M\(x) "))
        #expect(page.contains(">+8.0% regression · c30</text>"))
        #expect(page.contains("<td class=\"regression\">+8.0% regression</td>"))
        #expect(page.contains("<td>+8.0% regression at run 31 (c30)</td>"))
        #expect(page.contains("Newest run: same") || page.contains("Newest run: unknown"))
        #expect(page.contains(">level between changes</text>"))
        #expect(page.contains("<title>bench history: nanosecondsPerOperation.median</title>"))
        #expect(page.contains("1 scenarios over 40 runs"))
    }

    @Test func aFallInTimeIsAnImprovementAndARisingRateIsToo() throws {
        let faster = (0..<30).map { 1000 + Double($0 % 3) } + (0..<10).map { 900 + Double($0 % 3) }
        let history = try history(faster)
        let page = HTMLReportWriter.render(history: try trends(history), source: "h.sqlite")
        #expect(page.contains("<g class=\"reference c2 dashed\">"))
        #expect(page.contains(">-10.0% improvement · c30</text>"))
        let rates = try ScenarioTrend.trends(in: history, following: HistoryFigures.operationsPerSecond, window: 50)
        #expect(
            HTMLReportWriter.render(history: rates, source: "h.sqlite").contains("% improvement · c30</text>"),
            "the rate rose as the time fell")
    }

    @Test func aFlatSeriesHasNoChangePoint() throws {
        let trends = try trends(try history((0..<40).map { 1000 + Double($0 % 3) }))
        let page = HTMLReportWriter.render(history: trends, source: "h.sqlite")
        #expect(trends.first?.check.analysis.changePoints.isEmpty == true)
        #expect(!page.contains("class=\"reference"))
        #expect(!page.contains(">level between changes</text>"))
        #expect(page.contains("Verdict: ok."))
        #expect(page.contains("<td>ok</td><td data-value=\"0\" class=\"number\">0</td><td>–</td>"))
    }

    /// The axis names at most eight runs, counted back from the newest.
    @Test func theRunAxisLabelsTheNewestRunAndAFewBeforeIt() {
        let scale = RunScale(labels: (1...40).map { "r\($0)" })
        #expect(scale.ticks.map(\.label) == ["r5", "r10", "r15", "r20", "r25", "r30", "r35", "r40"])
        #expect(RunScale(labels: ["a", "b"]).ticks.map(\.label) == ["a", "b"])
        #expect(RunScale(labels: ["a", "b"]).position(of: 0) == 0.25)
        #expect(RunScale(labels: ["a", "b"]).position(of: 1) == 0.75)
        #expect(scale.position(of: 39) == 39.8 / 40.6, "2% of the axis beyond the newest run")
    }

    /// Scenario names, commits and branches are text: none of them can add markup to the page.
    @Test func namesCommitsAndBranchesFromTheHistoryAreEscaped() throws {
        let hostile = "<script>alert(1)</script>"
        let history = try history(step, name: "decode/\"'&" + hostile, commit: "<img src=x onerror=alert(2)>", branch: "<b>" + hostile)
        let page = HTMLReportWriter.render(history: try trends(history), source: "<i>h.sqlite")
        #expect(!page.lowercased().contains("<script"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<b>"))
        #expect(!page.contains("<i>"))
        #expect(page.contains("decode/&quot;&#39;&amp;&lt;script&gt;alert(1)&lt;/script&gt; over runs"))
        #expect(page.contains("&lt;img src=x onerror=alert(2)&gt;30"))
        #expect(page.contains("&lt;b&gt;&lt;script&gt;"))
    }

    @Test func aRunsPageGainsTheSectionOnlyWithTrends() throws {
        let report = PageFixtures.report([PageFixtures.micro("decode/x", samples: [1000], mallocs: 1)])
        #expect(!HTMLReportWriter.render(report).contains("id=\"history\""))
        let page = HTMLReportWriter.render(report, trends: try trends(try history(step)))
        #expect(page.contains("<li><a href=\"#history\">History</a></li>"))
        #expect(page.contains("<h3>decode/x over runs</h3>"))
        #expect(page.contains("+8.0% regression · c30"))
        #expect(
            page.range(of: "id=\"history\"")?.lowerBound ?? page.endIndex < page.range(of: "id=\"runs\"")?.lowerBound ?? page.startIndex)
    }

    @Test func onlyTheScenariosAskedForAndThoseWithTheFigureHaveATrend() throws {
        let history = try history(step)
        #expect(
            try ScenarioTrend.trends(in: history, following: HistoryFigures.nanosecondsPerOperation, window: 50, scenarios: ["decode/x"])
                .count == 1)
        #expect(
            try ScenarioTrend.trends(in: history, following: HistoryFigures.nanosecondsPerOperation, window: 50, scenarios: ["other"])
                .isEmpty)
        #expect(try ScenarioTrend.trends(in: history, following: "no.such.figure", window: 50).isEmpty)
    }

    @Test func aPageOfNoTrendsSaysSo() {
        #expect(HTMLReportWriter.render(history: [], source: "h.sqlite").contains("<p>No scenario in this history has the figure.</p>"))
    }
}
