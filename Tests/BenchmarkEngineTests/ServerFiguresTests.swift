import Foundation
import Synchronization
import Testing

@testable import BenchmarkEngine

/// A monitoring whose figure for the n-th step read is `values[n]`, or unavailable past them,
/// recording each window asked for.
private final class ScriptedMonitoring: ServerFigureSource {
    let values: [Double]
    let windows = Mutex<[(start: Double, end: Double)]>([])

    init(_ values: [Double]) {
        self.values = values
    }

    func figures(from start: Double, to end: Double) async -> [ServerFigure] {
        let index = windows.withLock { windows in
            windows.append((start, end))
            return windows.count - 1
        }
        let cpu =
            index < values.count ? ServerFigure(name: "cpu", value: values[index]) : ServerFigure(name: "cpu", unavailable: "HTTP 503")
        return [cpu, ServerFigure(name: "queue", unavailable: "no data over the step's window")]
    }
}

/// The server's figures in a capacity search: read for each step's measured part, judged by
/// `server:` objectives, and written beside throughput and latency.
// Serialized: each search is seconds of CPU, as CapacitySearchTests' are.
@Suite(.serialized) struct ServerFiguresTests {
    private func search(_ objectives: [String] = ["p99<=50ms"]) throws -> CapacitySearch {
        var search = CapacitySearch(objectives: try objectives.map { try ServiceLevelObjective(parsing: $0) })
        search.minimumRate = 25
        search.maximumRate = 200
        search.step = .seconds(2)
        search.warmup = .seconds(1)
        return search
    }

    @Test(arguments: [
        ("server:cpu<=80%", "cpu", ServiceLevelObjective.Comparison.atMost, 0.8, true),
        ("server:queue_depth<12", "queue_depth", .lessThan, 12, false),
        ("server:db-time>=0.5", "db-time", .atLeast, 0.5, false),
    ])
    func serverObjectivesParse(
        text: String, name: String, comparison: ServiceLevelObjective.Comparison, threshold: Double, isPercentage: Bool
    )
        throws
    {
        let objective = try ServerObjective(parsing: text)
        #expect(objective.name == name && objective.comparison == comparison)
        #expect(abs(objective.threshold - threshold) < 1e-12 && objective.isPercentage == isPercentage)
        #expect(objective.description == text)
    }

    @Test(arguments: [
        ("cpu<=80%", 0, "a server objective starts with 'server:'"),
        ("server:<=80%", 7, "expected a query's name after 'server:', as --query names it"),
        ("server:cpu=80%", 10, "expected a comparison: <, <=, > or >="),
        ("server:cpu<=lots", 12, "expected a number, or a percentage such as 80%"),
        ("server:cpu<=nan", 12, "expected a number, or a percentage such as 80%"),
    ])
    func malformedServerObjectivesSayWhere(text: String, offset: Int, problem: String) {
        #expect(throws: ObjectiveSyntaxError.self) { try ServerObjective(parsing: text) }
        do {
            _ = try ServerObjective(parsing: text)
        } catch {
            #expect(error.offset == offset && error.problem == problem)
        }
    }

    /// The server's CPU climbs past its objective at the third step while the client's latency
    /// stays fine: the search stops where the server objective breaks, and each step's figures are of its measured part.
    @Test func aServerObjectiveBoundsTheSearch() async throws {
        let monitoring = ScriptedMonitoring([0.2, 0.4] + Array(repeating: 0.9, count: 40))
        let watch = ServerWatch(source: monitoring, objectives: [try ServerObjective(parsing: "server:cpu<=50%")])
        let server = SimulatedServer(workers: 16, serviceNanoseconds: 10_000_000)
        var printed: [CapacityStep] = []
        let found = try await search().run(with: server, watching: watch) { printed.append($0) }
        #expect(found.result.maximumSustainableRate == 50)
        #expect(found.steps.map(\.status).prefix(3) == [.passed, .passed, .failed])
        #expect(printed == found.steps, "steps are reported with their figures")
        let third = found.steps[2]
        #expect(third.server?.first?.value == 0.9)
        #expect(third.reasons.contains("server:cpu<=50% broken: server cpu was 90.0%"))
        #expect(found.steps.allSatisfy { $0.server?.last?.unavailable == "no data over the step's window" })
        let windows = monitoring.windows.withLock { $0 }
        #expect(windows.count == found.steps.count)
        for (step, window) in zip(found.steps, windows) {
            let series = try #require(step.timeSeries)
            #expect(abs(window.start - (Double(series.startUnixMicroseconds) / 1e6 + 1)) < 1e-6)
            #expect(abs(window.end - window.start - step.measuredSeconds) < 1e-6)
        }
    }

    /// A monitoring that cannot answer never fails a step: its objectives go unjudged.
    @Test func anUnreadableFigureIsReportedNotJudged() async throws {
        let watch = ServerWatch(source: ScriptedMonitoring([]), objectives: [try ServerObjective(parsing: "server:cpu<=1%")])
        let found = try await search().run(with: SimulatedServer(workers: 16, serviceNanoseconds: 10_000_000), watching: watch)
        #expect(found.result.stopReason == .maximumRateSustained)
        #expect(found.steps.allSatisfy { $0.status == .passed && $0.reasons.isEmpty && $0.server?.first?.unavailable == "HTTP 503" })
    }

    /// capacity.json, capacity.csv, summary.md and the page carry each step's figures.
    @Test func theReportsCarryTheFiguresBesideThroughputAndLatency() async throws {
        let watch = ServerWatch(source: ScriptedMonitoring([0.25, 0.5]), objectives: [])
        var search = try search()
        search.maximumRate = 50
        let found = await search.run(with: SimulatedServer(workers: 16, serviceNanoseconds: 10_000_000), watching: watch)
        var settings = CapacitySettings(search, transport: "curl")
        settings.objectives.append("server:cpu<=80%")
        var report = CapacityReport(
            runID: "run-3", startedAt: "2026-12-07T06:00:00Z", environment: SampleRuns.environment, commandLine: ["bench", "capacity"],
            target: "http://127.0.0.1:8080/capacity", settings: settings, steps: found.steps, result: found.result)
        report.serverMetrics = ServerQueries(
            url: "http://REDACTED@127.0.0.1:9090", queries: [.init(name: "cpu", promql: "x"), .init(name: "queue", promql: "y")])
        let files = try report.files()
        #expect(try JSONDecoder().decode(CapacityReport.self, from: files[0].data) == report)
        let csv = String(decoding: files[1].data, as: UTF8.self).split(separator: "\n")
        #expect(csv[0].hasSuffix(",generator_kept_up,server_cpu,server_queue,status,reasons"))
        #expect(csv[1].contains(",0.250,,passed,") && csv[2].contains(",0.500,,passed,"))
        let summary = String(decoding: try #require(files.first { $0.name == "summary.md" }).data, as: UTF8.self)
        #expect(
            summary.contains(
                "- The server at the highest load that passed (50.0/s): cpu 0.5, queue unavailable (no data over the step's window)."))
        #expect(summary.contains("- The server's figures could not be read in 2 of 2 steps (queue: no data over the step's window)"))
        #expect(summary.contains("from http://REDACTED@127.0.0.1:9090 (cpu = `x`; queue = `y`)"))
        #expect(summary.contains("| step | offered |  cpu |                                        queue |"))
        let page = String(decoding: try #require(files.first { $0.name == "report.html" }).data, as: UTF8.self)
        #expect(
            page.contains("The server&#39;s figures over each step&#39;s measured part")
                || page.contains("The server's figures over each step's measured part"))
        #expect(page.contains(">server cpu</th>") && page.contains(">0.25</td>"))
        #expect(CapacitySummary.serverLine(found.steps[0]) == "server: cpu 0.25, queue unavailable (no data over the step's window)")
        var unwatched = found.steps[0]
        unwatched.server = nil
        #expect(CapacitySummary.serverLine(unwatched) == nil)
    }
}
