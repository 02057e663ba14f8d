import Foundation
import Testing

@testable import BenchmarkEngine
@testable import CourierBench

@Suite struct HistoryCommandTests {
    @Test func parsesEachHistoryCommand() throws {
        #expect(try testSuite.command(["history", "list"], as: HistoryCommand.self) == .list(history: "Reports/history.sqlite"))
        #expect(
            try testSuite.command(
                ["history", "show", "decode/x", "--figure", "a", "--figure", "b", "--history", "h.db"], as: HistoryCommand.self)
                == .show(scenario: "decode/x", figures: ["a", "b"], history: "h.db"))
        #expect(
            try testSuite.command(["history", "export"], as: HistoryCommand.self)
                == .export(formats: [.csv], output: nil, history: "Reports/history.sqlite"))
        #expect(
            try testSuite.command(["history", "export", "--format", "json,csv,json", "--out", "x"], as: HistoryCommand.self)
                == .export(formats: [.json, .csv], output: "x", history: "Reports/history.sqlite"))
        #expect(
            try testSuite.command(
                ["history", "import", "a/report.json", "main", "--commit", "abc", "--branch", "b"], as: HistoryCommand.self)
                == .import(
                    sources: ["a/report.json", "main"], commit: "abc", branch: "b", reportsDirectory: "Reports",
                    history: "Reports/history.sqlite"))
        let run = try #require(
            try testSuite.command(["run", "--history", "h.db", "--commit", "abc", "--branch", "b"], as: RunCommand.self))
        #expect(run.history == "h.db")
        #expect(run.commit == "abc")
        #expect(run.branch == "b")
        #expect(try testSuite.command(["run"], as: RunCommand.self)?.history == nil, "no history unless asked")
    }

    @Test(arguments: [
        (["history"], "missing history command (list, show, export, import, check or report)"),
        (["history", "drop"], "unknown history command 'drop' (expected list, show, export, import, check or report)"),
        (["history", "show"], "missing <scenario>"),
        (["history", "list", "extra"], "unexpected argument 'extra'"),
        (["history", "export", "--format", "xml"], "unknown format 'xml' in '--format' (expected csv or json)"),
        (["history", "export", "--format", "csv,json"], "several formats need '--out <dir>'"),
        (["history", "import"], "missing <report.json | run dir | baseline> to import"),
        (["run", "--commit", "abc"], "'--commit' is recorded only in a history; add '--history <file>'"),
    ])
    func badHistoryCommandsAreUsageErrors(arguments: [String], message: String) async {
        #expect(testSuite.usageMessage(arguments) == message)
        #expect(await testSuite.status(arguments) == 64)
    }

    @Test func aRunIsAppendedOnlyWhenAskedAndReadBack() async throws {
        let directory = temporaryDirectory("history")
        let file = directory.appendingPathComponent("h.sqlite").path
        let arguments = ["run", "--quick", "--filter", "engine/clock", "--format", "json", "--out", directory.path]
        #expect(await testSuite.status(arguments) == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(await testSuite.status(arguments + ["--history", file, "--commit", "abc123", "--branch", "topic"]) == 0)
        let runs = try RunHistory(file: URL(fileURLWithPath: file), create: false).runs()
        #expect(runs.count == 1)
        #expect(runs.first?.commit == "abc123")
        #expect(runs.first?.branch == "topic")
        #expect(runs.first?.source == "run")
        #expect(await testSuite.status(["history", "list", "--history", file]) == 0)
        #expect(await testSuite.status(["history", "show", "engine/clock-read", "--history", file]) == 0)
        #expect(await testSuite.status(["history", "show", "engine/nothing", "--history", file]) == 66)
        let exports = directory.appendingPathComponent("exports")
        #expect(await testSuite.status(["history", "export", "--format", "csv,json", "--out", exports.path, "--history", file]) == 0)
        let csv = try String(contentsOf: exports.appendingPathComponent("history.csv"), encoding: .utf8)
        #expect(csv.contains(",abc123,topic,"))
        #expect(csv.contains(",engine/clock-read,nanosecondsPerOperation.median,"))
        #expect(FileManager.default.fileExists(atPath: exports.appendingPathComponent("history.json").path))
    }

    /// The run's page, written before the run is appended, is written again with the trends of
    /// the scenarios it ran, read back from the history with the run in it.
    @Test func aRunsPageGainsItsScenariosTrendsWithHistory() async throws {
        let directory = temporaryDirectory("history-page")
        let file = directory.appendingPathComponent("h.sqlite").path
        let arguments = ["run", "--quick", "--filter", "engine/clock-read", "--format", "json,html", "--out", directory.path]
        let page = { try String(contentsOf: directory.appendingPathComponent("latest/report.html"), encoding: .utf8) }
        #expect(await testSuite.status(arguments) == 0)
        #expect(!(try page()).contains("id=\"history\""), "no history asked for")
        // An earlier run, imported: two runs of one process in one second would share a run id.
        var earlier = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        earlier.runID = "earlier-run"
        earlier.startedAt = "2026-01-01T00:00:00Z"
        let earlierFile = directory.appendingPathComponent("earlier.json")
        try JSONReportWriter.render(earlier).write(to: earlierFile)
        #expect(await testSuite.status(["history", "import", earlierFile.path, "--commit", "aaa111", "--history", file]) == 0)
        #expect(await testSuite.status(arguments + ["--history", file, "--commit", "bbb222"]) == 0)
        let withHistory = try page()
        #expect(withHistory.contains("<section id=\"history\"><h2>History</h2>"))
        #expect(withHistory.contains("<h3>engine/clock-read over runs</h3>"))
        #expect(withHistory.contains("<td>aaa111</td>") && withHistory.contains("<td>bbb222</td>"), "both runs, this one the newest")
        #expect(withHistory.contains("Every run of engine/clock-read, oldest first"))
    }

    @Test func importSeedsTheHistoryFromReportsAndBaselinesOnce() async throws {
        let reports = temporaryDirectory("history-import")
        let environment = Report.Environment(
            toolVersion: "1", gitCommit: "feedbeef", swiftVersion: "6.3", operatingSystem: "Linux", cpuModel: nil, cpuCount: 2,
            jemallocLinked: false, allocator: nil, buildConfiguration: "release"
        )
        func report(_ runID: String, startedAt: String) -> Report {
            var result = ScenarioResult(name: "decode/x", kind: .micro, operations: 10, warmupOperations: 0, durationSeconds: 0.001)
            result.nanosecondsPerOperation = SampleStatistics([100, 100, 100])
            return Report(
                runID: runID, startedAt: startedAt, environment: environment, commandLine: ["bench"], isQuick: false, scenarios: [result])
        }
        let runDirectory = try ReportStore(directory: reports).write(report("old-run", startedAt: "2026-11-01T00:00:00Z"), formats: [.json])
        try BaselineStore(directory: reports.appendingPathComponent("baselines")).save(
            report("main-run", startedAt: "2026-11-20T00:00:00Z"), as: "main")
        let file = reports.appendingPathComponent("history.sqlite").path
        let arguments = ["history", "import", runDirectory.path, "main", "--reports", reports.path, "--history", file]
        #expect(await testSuite.status(arguments) == 0)
        #expect(await testSuite.status(arguments) == 0, "a run already there is skipped")
        let runs = try RunHistory(file: URL(fileURLWithPath: file)).runs()
        #expect(runs.map(\.runID) == ["old-run", "main-run"])
        #expect(runs.map(\.commit) == ["feedbeef", "feedbeef"], "an imported run keeps its report's commit")
        #expect(runs.map(\.source) == ["import \(runDirectory.path)", "baseline main"])
    }

    @Test func aSourceThatIsNotThereWritesNothingAndExitsWith66() async {
        let reports = temporaryDirectory("history-missing")
        let file = reports.appendingPathComponent("history.sqlite").path
        #expect(await testSuite.status(["history", "import", "nothing-here", "--reports", reports.path, "--history", file]) == 66)
        #expect(await testSuite.status(["history", "import", "no/such/report.json", "--history", file]) == 66)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(await testSuite.status(["history", "list", "--history", file]) == 66)
    }

    @Test func aFileThatIsNotOurHistoryExitsWith65() async throws {
        let directory = temporaryDirectory("history-bad")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let corrupt = directory.appendingPathComponent("corrupt.sqlite")
        try Data(String(repeating: "plain text, no database. ", count: 40).utf8).write(to: corrupt)
        #expect(await testSuite.status(["history", "list", "--history", corrupt.path]) == 65)
        #expect(
            await testSuite.status(["run", "--quick", "--filter", "engine/clock", "--out", directory.path, "--history", corrupt.path]) == 65
        )
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("latest").path),
            "a run whose history is refused measures nothing")
        let newer = directory.appendingPathComponent("newer.sqlite")
        _ = try RunHistory(file: newer)
        try SQLiteConnection(path: newer.path, create: false).run("PRAGMA user_version = 7")
        #expect(await testSuite.status(["history", "show", "decode/x", "--history", newer.path]) == 65)
        #expect(BenchExitCode(for: HistoryError.newerSchema(path: "h", version: 7, supported: 1)) == .badInput)
        #expect(BenchExitCode(for: HistoryError.missing(path: "h")) == .missingInput)
    }
}
