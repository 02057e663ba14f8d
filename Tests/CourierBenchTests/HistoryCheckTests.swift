import BenchmarkEngine
import CourierFixtures
import Foundation
import Testing

@testable import CourierBench

/// `history check` over histories built in temporary databases.
@Suite struct HistoryCheckTests {
    private let environment = Report.Environment(
        toolVersion: "1", gitCommit: nil, swiftVersion: "6.3", operatingSystem: "Linux", cpuModel: nil, cpuCount: 2,
        jemallocLinked: false, allocator: nil, buildConfiguration: "release"
    )

    /// A history with a run per element of `decode`, each with `decode/x` at that median time (and
    /// the operations per second it makes) and `build/y` at a steady 500 ns, run `i` from commit `c<i>`.
    private func history(_ decode: [Double]) throws -> String {
        let file = temporaryDirectory("history-check").appendingPathComponent("h.sqlite")
        let history = try RunHistory(file: file)
        var random = SplitMix64(seed: 41)
        for (position, time) in decode.enumerated() {
            var decodeResult = ScenarioResult(
                name: "decode/x", kind: .micro, operations: 10, warmupOperations: 0, durationSeconds: time * 1e-8)
            decodeResult.nanosecondsPerOperation = SampleStatistics([time])
            var buildResult = ScenarioResult(name: "build/y", kind: .micro, operations: 10, warmupOperations: 0, durationSeconds: 0.001)
            buildResult.nanosecondsPerOperation = SampleStatistics([500 + Double(random.next() % 5)])
            let startedAt = String(format: "2026-11-01T00:%02d:%02dZ", position / 60, position % 60)
            let report = Report(
                runID: "run-\(position)", startedAt: startedAt, environment: environment, commandLine: ["bench"], isQuick: true,
                scenarios: [decodeResult, buildResult])
            try history.append(report, metadata: HistoryMetadata(commit: "c\(position)", branch: "main", source: "run"))
        }
        return file.path
    }

    /// 30 runs at 1000 ns ± 0.1%, then `after`.
    private func steady(then after: [Double]) -> [Double] {
        (0..<30).map { 1000 + Double($0 % 3) } + after
    }

    @Test func aSlowdownInTheNewestRunsFailsAndNamesTheRunAndCommitAfterIt() async throws {
        let file = try history(steady(then: [1080, 1081, 1079, 1080, 1082]))
        let outcome = try HistoryCommand.checked(file, following: HistoryFigures.nanosecondsPerOperation, window: 50)
        #expect(outcome.regressed)
        #expect(outcome.text.contains("decode/x: regression (35 runs of nanosecondsPerOperation.median)"))
        #expect(outcome.text.contains("change at run 31 (run-30, commit c30): +7.9% increase, 1001.0 → 1080.4"))
        #expect(outcome.text.contains("opens a regression"))
        #expect(outcome.text.contains("build/y: ok"))
        #expect(outcome.text.contains("1 of 2 scenarios regressed in their newest runs."))
        #expect(await testSuite.status(["history", "check", "--history", file]) == 1)
    }

    /// Foundation's decoder, measured beside the client's decode path, slows down in the newest runs
    /// (as a build's layout can make it): it is not ours to judge, as `compare` does not judge it.
    @Test func aBaselineMeasuredBesideAScenarioIsNotJudged() throws {
        let file = temporaryDirectory("history-partner").appendingPathComponent("h.sqlite")
        let history = try RunHistory(file: file)
        for (position, time) in steady(then: [1080, 1081, 1079, 1080, 1082]).enumerated() {
            var partner = ScenarioResult(
                name: "decode/x (baseline: JSONDecoder)", kind: .micro, operations: 10, warmupOperations: 0, durationSeconds: 0.001)
            partner.nanosecondsPerOperation = SampleStatistics([time])
            var client = ScenarioResult(name: "decode/x", kind: .micro, operations: 10, warmupOperations: 0, durationSeconds: 0.001)
            client.nanosecondsPerOperation = SampleStatistics([time * 1.01])
            let report = Report(
                runID: "run-\(position)", startedAt: String(format: "2026-11-01T00:00:%02dZ", position), environment: environment,
                commandLine: ["bench"], isQuick: true, scenarios: [client.compared(with: partner), partner]
            )
            try history.append(report, metadata: HistoryMetadata(commit: "c\(position)", branch: "main", source: "run"))
        }
        let outcome = try HistoryCommand.checked(file.path, following: HistoryFigures.nanosecondsPerOperation, window: 50)
        #expect(outcome.text.contains("decode/x: regression"))
        #expect(!outcome.text.contains("decode/x (baseline: JSONDecoder)"))
        #expect(outcome.text.contains("1 of 1 scenarios regressed in their newest runs."))
    }

    @Test func aSpeedupAndASteadySeriesPass() async throws {
        let file = try history(steady(then: [920, 921, 919, 920]))
        let outcome = try HistoryCommand.checked(file, following: HistoryFigures.nanosecondsPerOperation, window: 50)
        #expect(!outcome.regressed)
        #expect(outcome.text.contains("decode/x: ok"))
        #expect(outcome.text.contains("change at run 31 (run-30, commit c30): -8.1% decrease"))
        #expect(outcome.text.contains("No regression in the newest runs of 2 scenarios."))
        #expect(await testSuite.status(["history", "check", "--history", file]) == 0)
    }

    @Test func aSlowdownInTheNewestRunAloneFailsByTheJudgement() throws {
        let outcome = try HistoryCommand.checked(
            try history(steady(then: [1100])), following: HistoryFigures.nanosecondsPerOperation, window: 50)
        #expect(outcome.regressed)
        #expect(outcome.text.contains("newest run: different, +9.9% against the 30 runs before it"))
    }

    @Test func aSlowdownLongAgoPassesAndIsStillShown() throws {
        let file = try history(steady(then: Array(repeating: 1080, count: 40)))
        let outcome = try HistoryCommand.checked(file, following: HistoryFigures.nanosecondsPerOperation, window: 50)
        #expect(!outcome.regressed)
        #expect(outcome.text.contains("change at run 31 (run-30, commit c30)"))
        #expect(!outcome.text.contains("opens a regression"))
    }

    @Test func aRateIsWorseWhenItFalls() throws {
        let file = try history(steady(then: [1080, 1081, 1079, 1080, 1082]))
        let outcome = try HistoryCommand.checked(file, following: HistoryFigures.operationsPerSecond, window: 50)
        #expect(outcome.regressed, "operations per second fell as the time rose")
        #expect(outcome.text.contains("decode/x: regression (35 runs of operationsPerSecond)"))
    }

    @Test func tooFewRunsAreUnknownAndPass() async throws {
        let file = try history([1000, 1300])
        let outcome = try HistoryCommand.checked(file, following: HistoryFigures.nanosecondsPerOperation, window: 50)
        #expect(!outcome.regressed)
        #expect(outcome.text.contains("decode/x: unknown (2 runs of nanosecondsPerOperation.median)"))
        #expect(outcome.text.contains("no change looked for: 2 points: a change needs at least 3 on each side"))
        #expect(await testSuite.status(["history", "check", "--history", file]) == 0)
    }

    @Test func aFigureNoScenarioHasOrAMissingHistoryExitsWith66() async throws {
        let file = try history(steady(then: []))
        #expect(await testSuite.status(["history", "check", "--metric", "no.such.figure", "--history", file]) == 66)
        #expect(throws: MissingInput("no scenario in \(file) has the figure 'no.such.figure'")) {
            try HistoryCommand.checked(file, following: "no.such.figure", window: 50)
        }
        #expect(
            await testSuite.status(["history", "check", "--history", temporaryDirectory().appendingPathComponent("none.sqlite").path]) == 66
        )
    }

    @Test func reportWritesThePageOfTheTrendsWithTheChangeAndItsCommit() async throws {
        let file = try history(steady(then: [1080, 1081, 1079, 1080, 1082]))
        let output = temporaryDirectory("history-report").appendingPathComponent("pages/history.html")
        #expect(await testSuite.status(["history", "report", "--history", file, "--out", output.path]) == 0)
        let page = try String(contentsOf: output, encoding: .utf8)
        #expect(page.contains("<h3>decode/x over runs</h3>") && page.contains("<h3>build/y over runs</h3>"))
        #expect(page.contains(">+7.9% regression · c30</text>"))
        #expect(page.contains("<td class=\"regression\">✖ regression</td>"), "the verdict check gives")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
        #expect(leftovers == ["history.html"], "no temporary file left beside it")
    }

    @Test func reportOfAMissingOrEmptyHistoryOrAnAbsentFigureExitsWith66AndWritesNothing() async throws {
        let directory = temporaryDirectory("history-report-missing")
        let output = directory.appendingPathComponent("history.html").path
        #expect(
            await testSuite.status([
                "history", "report", "--history", directory.appendingPathComponent("none.sqlite").path, "--out", output,
            ]) == 66)
        let empty = directory.appendingPathComponent("empty.sqlite")
        _ = try RunHistory(file: empty)
        #expect(await testSuite.status(["history", "report", "--history", empty.path, "--out", output]) == 66)
        #expect(
            await testSuite.status([
                "history", "report", "--metric", "no.such.figure", "--history", try history(steady(then: [])), "--out", output,
            ]) == 66)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func parsesReport() throws {
        #expect(
            try testSuite.command(["history", "report"], as: HistoryCommand.self)
                == .report(
                    metric: "nanosecondsPerOperation.median", window: 50, output: "Reports/history.html", history: "Reports/history.sqlite")
        )
        #expect(
            try testSuite.command(
                ["history", "report", "--metric", "mallocsPerOperation", "--window", "20", "--out", "p.html", "--history", "h.db"],
                as: HistoryCommand.self)
                == .report(metric: "mallocsPerOperation", window: 20, output: "p.html", history: "h.db"))
    }

    @Test func parsesCheck() throws {
        #expect(
            try testSuite.command(["history", "check"], as: HistoryCommand.self)
                == .check(metric: "nanosecondsPerOperation.median", window: 50, history: "Reports/history.sqlite"))
        #expect(
            try testSuite.command(
                ["history", "check", "--metric", "mallocsPerOperation", "--window", "20", "--history", "h.db"], as: HistoryCommand.self)
                == .check(metric: "mallocsPerOperation", window: 20, history: "h.db"))
    }

    @Test(arguments: [
        (["history", "check", "--window", "5"], "'--window' needs a whole number of runs, at least 6 (got '5')"),
        (["history", "check", "--window", "many"], "'--window' needs a whole number of runs, at least 6 (got 'many')"),
        (["history", "check", "extra"], "unexpected argument 'extra'"),
        (["history", "report", "--window", "5"], "'--window' needs a whole number of runs, at least 6 (got '5')"),
        (["history", "report", "extra"], "unexpected argument 'extra'"),
        (["history", "report", "--out"], "missing value for '--out'"),
        (["history", "check", "--out", "x.html"], "unknown option '--out'"),
    ])
    func badCheckCommandsAreUsageErrors(arguments: [String], message: String) async {
        #expect(testSuite.usageMessage(arguments) == message)
        #expect(await testSuite.status(arguments) == 64)
    }
}
