import Foundation
import Testing

@testable import BenchmarkEngine

@Suite struct RunHistoryTests {
    /// A history file in a directory of its own, not yet created.
    private func freshFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)/nested/history.sqlite")
    }

    /// A micro result with the figures a decode scenario has.
    private func result(_ name: String, median: Double, mallocs: Double? = 3, speedup: Double? = 2) -> ScenarioResult {
        var result = ScenarioResult(
            name: name, kind: .micro, operations: 1_000, warmupOperations: 10, durationSeconds: median * 1_000 / 1e9)
        result.nanosecondsPerOperation = SampleStatistics([median * 0.9, median, median * 1.1])
        result.mallocsPerOperation = mallocs
        result.bytesAllocatedPerOperation = mallocs.map { $0 * 64 }
        result.payloadBytesPerOperation = 500
        result.comparison = speedup.map {
            ScenarioResult.Comparison(baseline: name + " (baseline: JSONDecoder)", speedup: $0, pairedRatios: nil)
        }
        result.comparison?.timeIsJudged = true
        return result
    }

    private func report(_ runID: String, startedAt: String, _ scenarios: [ScenarioResult]) -> Report {
        var environment = SampleRuns.environment
        environment.gitCommit = "c0ffee\(runID)"
        environment.hostName = "ci-1"
        return Report(
            runID: runID, startedAt: startedAt, environment: environment, commandLine: ["bench"], isQuick: true, scenarios: scenarios)
    }

    @Test func aNewFileGetsTheCurrentSchemaAndOpensAgain() throws {
        let file = freshFile()
        let history = try RunHistory(file: file)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try history.schemaVersion() == RunHistory.currentSchemaVersion)
        #expect(RunHistory.currentSchemaVersion == HistorySchema.migrations.count)
        let reopened = try RunHistory(file: file, create: false)
        #expect(try reopened.runs().isEmpty)
        #expect(try SQLiteConnection(path: file.path, create: false).integer("PRAGMA application_id") == HistorySchema.applicationID)
    }

    @Test func aHistoryOfAnOlderVersionIsMigratedFromItsVersion() throws {
        let file = freshFile()
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A history at version 0: marked as ours, no tables yet; every migration from 0 runs.
        try SQLiteConnection(path: file.path, create: true).run("PRAGMA application_id = \(HistorySchema.applicationID)")
        let history = try RunHistory(file: file)
        #expect(try history.schemaVersion() == RunHistory.currentSchemaVersion)
        #expect(try history.runs().isEmpty)
    }

    @Test func appendedRunsComeBackAsRunsAndSeries() throws {
        let history = try RunHistory(file: freshFile())
        // Appended out of order: the history orders by start time.
        try history.append(
            report("b", startedAt: "2026-12-01T10:00:00Z", [result("decode/x", median: 110)]),
            metadata: HistoryMetadata(commit: nil, branch: "main", source: "run"))
        let first = try history.append(
            report(
                "a", startedAt: "2026-12-01T09:00:00Z",
                [result("decode/x", median: 100), result("build/y", median: 50, mallocs: nil, speedup: nil)]),
            metadata: HistoryMetadata(commit: "1234567890abcdef", branch: "feature", source: "import a/report.json")
        )
        #expect(first.runID == "a")
        #expect(first.commit == "1234567890abcdef", "the commit given wins over the report's")
        #expect(first.branch == "feature")
        #expect(first.scenarioCount == 2)
        #expect(first.hostName == "ci-1")
        #expect(first.toolchain == "6.3")
        #expect(first.buildConfiguration == "debug")
        #expect(first.isQuick)
        #expect(first.source == "import a/report.json")

        let runs = try history.runs()
        #expect(runs.map(\.runID) == ["a", "b"])
        #expect(runs[1].commit == "c0ffeeb", "without a commit given, the report's")
        #expect(try history.scenarioNames() == ["build/y", "decode/x"])
        #expect(try history.contains(runID: "b"))
        #expect(try !history.contains(runID: "c"))

        let series = try history.series(of: "decode/x")
        #expect(series.map(\.run.runID) == ["a", "b"])
        #expect(series[0][figure: HistoryFigures.nanosecondsPerOperation] == 100)
        #expect(series[1][figure: HistoryFigures.nanosecondsPerOperation] == 110)
        #expect(series[0][figure: HistoryFigures.mallocsPerOperation] == 3)
        #expect(series[0][figure: HistoryFigures.bytesAllocatedPerOperation] == 192)
        #expect(series[0][figure: HistoryFigures.speedup] == 2)
        #expect(series[0][figure: "nanosecondsPerOperation.p90"] != nil)
        #expect(series[0][figure: "megabytesPerSecond"] != nil)
        #expect(series[0][figure: "nanosecondsPerOperation.samples"] == nil, "arrays are not figures")
        #expect(series[0][figure: "comparison.timeIsJudged"] == nil, "nor are booleans")
        let decoded = try JSONDecoder().decode(ScenarioResult.self, from: Data(series[0].resultJSON.utf8))
        #expect(decoded == result("decode/x", median: 100))
        #expect(try history.values(of: HistoryFigures.nanosecondsPerOperation, in: "decode/x").map(\.value) == [100, 110])
        #expect(
            try history.series(of: "build/y")[0][figure: HistoryFigures.mallocsPerOperation] == nil,
            "a figure a run lacks is absent, never 0")
    }

    @Test func loadFiguresAreStoredWithoutTheTimeSeries() async throws {
        let history = try RunHistory(file: freshFile())
        let load = try await SampleRuns.openLoop()
        try history.append(
            report("load", startedAt: "2026-12-01T09:00:00Z", [load]), metadata: HistoryMetadata(commit: nil, branch: nil, source: "run"))
        let point = try #require(try history.series(of: load.name).first)
        #expect(point[figure: HistoryFigures.latencyP99] == load.latency.map { Double($0.summary.p99) })
        #expect(point[figure: "outcomes.errors.badStatus(503)"] != nil)
        #expect(point[figure: "targetRate"] == 300)
        #expect(!point.figures.keys.contains { $0.hasPrefix("timeSeries") })
        #expect(point.resultJSON.contains("\"timeSeries\""), "the whole entry is kept")
    }

    @Test func aCountedRunHasCountsAndNoRate() throws {
        let history = try RunHistory(file: freshFile())
        var counted = ScenarioResult(name: "decode/tiny", kind: .micro, operations: 64, warmupOperations: 1, durationSeconds: 0)
        counted.counts = InstructionCounts(operations: 64, instructionsPerOperation: 16_878, estimatedCyclesPerOperation: 25_856)
        counted.payloadBytesPerOperation = 500
        try history.append(
            report("counted", startedAt: "2026-12-01T09:00:00Z", [counted]),
            metadata: HistoryMetadata(commit: nil, branch: nil, source: "run"))
        let point = try #require(try history.series(of: "decode/tiny").first)
        #expect(point[figure: HistoryFigures.instructionsPerOperation] == 16_878)
        #expect(point[figure: HistoryFigures.operationsPerSecond] == nil)
        #expect(point[figure: "megabytesPerSecond"] == nil)
    }

    @Test func aReportsOwnJSONKeepsFieldsThisBuildDoesNotKnow() throws {
        let history = try RunHistory(file: freshFile())
        let report = report("new", startedAt: "2026-12-01T09:00:00Z", [result("decode/x", median: 100)])
        var json = try #require(try JSONSerialization.jsonObject(with: JSONReportWriter.render(report)) as? [String: Any])
        var scenarios = try #require(json["scenarios"] as? [[String: Any]])
        scenarios[0]["instructionsPerOperation"] = 45_678
        json["scenarios"] = scenarios
        let data = try JSONSerialization.data(withJSONObject: json)
        try history.append(
            try JSONReportWriter.read(data), metadata: HistoryMetadata(commit: nil, branch: nil, source: "run"), reportJSON: data)
        let point = try #require(try history.series(of: "decode/x").first)
        #expect(point[figure: "instructionsPerOperation"] == 45_678)
        #expect(point.resultJSON.contains("\"instructionsPerOperation\":45678"))
    }

    @Test func theExportsHoldEveryFigureOfEveryRun() throws {
        let history = try RunHistory(file: freshFile())
        try history.append(
            report("a", startedAt: "2026-12-01T09:00:00Z", [result("decode/x", median: 100)]),
            metadata: HistoryMetadata(commit: "abc", branch: "main", source: "run"))
        let csv = String(decoding: try history.export(as: .csv), as: UTF8.self)
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == "run_id,started_at,commit,branch,host,toolchain,build,quick,scenario,figure,value")
        #expect(lines.contains("a,2026-12-01T09:00:00Z,abc,main,ci-1,6.3,debug,true,decode/x,nanosecondsPerOperation.median,100.0"))
        #expect(lines.contains("a,2026-12-01T09:00:00Z,abc,main,ci-1,6.3,debug,true,decode/x,comparison.speedup,2.0"))
        #expect(lines.count == 1 + (try history.series(of: "decode/x")[0].figures.count))

        let json = try #require(try JSONSerialization.jsonObject(with: history.export(as: .json)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == RunHistory.currentSchemaVersion)
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        #expect(run["runID"] as? String == "a")
        #expect(run["commit"] as? String == "abc")
        #expect(run["branch"] as? String == "main")
        let scenario = try #require((run["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["name"] as? String == "decode/x")
        #expect((scenario["figures"] as? [String: Any])?["nanosecondsPerOperation.median"] as? Double == 100)
        #expect((scenario["result"] as? [String: Any])?["operations"] as? Int == 1_000)
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let file = freshFile()
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(String(repeating: "not a database, a text file. ", count: 40).utf8).write(to: file)
        #expect(throws: HistoryError.notAHistory(path: file.path, reason: "file is not a database")) { try RunHistory(file: file) }
        #expect(
            HistoryError.notAHistory(path: "h", reason: "file is not a database").description
                == "'h' is not a bench history: file is not a database")
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
        let file = freshFile()
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try SQLiteConnection(path: file.path, create: true).run("CREATE TABLE notes (text TEXT)")
        #expect(throws: HistoryError.notAHistory(path: file.path, reason: "an SQLite database of another program")) {
            try RunHistory(file: file)
        }
        #expect(try SQLiteConnection(path: file.path, create: false).integer("PRAGMA application_id") == 0)
    }

    @Test func aNewerSchemaIsRefusedWithBothVersions() throws {
        let file = freshFile()
        _ = try RunHistory(file: file)
        try SQLiteConnection(path: file.path, create: false).run("PRAGMA user_version = 99")
        let expected = HistoryError.newerSchema(path: file.path, version: 99, supported: RunHistory.currentSchemaVersion)
        #expect(throws: expected) { try RunHistory(file: file) }
        #expect(expected.description == "the history '\(file.path)' has schema version 99, newer than this bench's 1; use a newer bench")
    }

    @Test func aMissingFileIsNotCreatedWhenOnlyRead() {
        let file = freshFile()
        #expect(throws: HistoryError.missing(path: file.path)) { try RunHistory(file: file, create: false) }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aFileThatCannotBeCreatedSaysWhy() throws {
        let blocker = freshFile().deletingLastPathComponent()
        try FileManager.default.createDirectory(at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a file where a directory should be".utf8).write(to: blocker)
        let file = blocker.appendingPathComponent("history.sqlite")
        #expect {
            try RunHistory(file: file)
        } throws: { error in
            guard case HistoryError.cannotOpen(let path, let reason) = error else { return false }
            return path == file.path && !reason.isEmpty
        }
    }

    @Test(arguments: [
        (HistoryError.missing(path: "h"), "no history at 'h' (append runs with 'run --history <file>' or 'history import')"),
        (HistoryError.cannotOpen(path: "h", reason: "Permission denied"), "cannot open the history 'h': Permission denied"),
        (HistoryError.duplicateRun(runID: "r"), "run r is in the history already"),
        (HistoryError.database(path: "h", reason: "disk I/O error"), "the history 'h' failed: disk I/O error"),
    ])
    func eachErrorSaysWhatWentWrongInOneLine(error: HistoryError, message: String) {
        #expect(error.description == message)
    }

    @Test func aRunIsAppendedWholeOrNotAtAll() throws {
        let history = try RunHistory(file: freshFile())
        let first = report("a", startedAt: "2026-12-01T09:00:00Z", [result("decode/x", median: 100)])
        try history.append(first, metadata: HistoryMetadata(commit: nil, branch: nil, source: "run"))
        #expect(throws: HistoryError.duplicateRun(runID: "a")) {
            try history.append(first, metadata: HistoryMetadata(commit: nil, branch: nil, source: "again"))
        }
        // The second scenario's rows collide with the first's: the run's row and the first scenario go too.
        let broken = report("b", startedAt: "2026-12-01T10:00:00Z", [result("decode/y", median: 1), result("decode/y", median: 2)])
        #expect(throws: HistoryError.self) {
            try history.append(broken, metadata: HistoryMetadata(commit: nil, branch: nil, source: "run"))
        }
        #expect(try history.runs().map(\.runID) == ["a"])
        #expect(try history.series(of: "decode/y").isEmpty)
        #expect(try history.scenarioNames() == ["decode/x"])
    }

    @Test func ratesAndSpeedupsAreBetterHigherTheRestLower() {
        #expect(HistoryFigures.isHigherBetter(HistoryFigures.operationsPerSecond))
        #expect(HistoryFigures.isHigherBetter(HistoryFigures.speedup))
        #expect(HistoryFigures.isHigherBetter("megabytesPerSecond"))
        #expect(!HistoryFigures.isHigherBetter(HistoryFigures.nanosecondsPerOperation))
        #expect(!HistoryFigures.isHigherBetter(HistoryFigures.mallocsPerOperation))
        #expect(!HistoryFigures.isHigherBetter("instructionsPerOperation"))
        #expect(!HistoryFigures.isHigherBetter(HistoryFigures.latencyP99))
    }
}
