import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

@Suite struct BaselineCommandTests {
    @Test func parsesBaselineAndCompareCommands() throws {
        #expect(
            try testSuite.command(["baseline", "save"], as: BaselineCommand.self)
                == .save(name: "default", run: nil, reportsDirectory: "Reports"))
        #expect(
            try testSuite.command(["baseline", "save", "ci", "--run", "R/x", "--reports", "R"], as: BaselineCommand.self)
                == .save(name: "ci", run: "R/x", reportsDirectory: "R"))
        #expect(try testSuite.command(["baseline", "list"], as: BaselineCommand.self) == .list(reportsDirectory: "Reports"))
        let arguments = ["compare", "main", "R/run", "--time-tolerance", "25%", "--fail-time-tolerance=1.0", "--malloc-tolerance", "2"]
        let options = try #require(try testSuite.command(arguments, as: CompareCommand.self))
        #expect(options.baseline == "main")
        #expect(options.current == "R/run")
        #expect(options.thresholds == BenchmarkEngine.Thresholds(mallocsPerOperation: 2, time: 0.25, failingTime: 1.0))
        #expect(options.allowedMissing.isEmpty)
    }

    @Test func allowMissingIsRepeatableOnCompareAndRun() throws {
        let compare = try #require(
            try testSuite.command(
                ["compare", "main", "--allow-missing", "decode/old", "--allow-missing=build/old"], as: CompareCommand.self))
        #expect(compare.allowedMissing == ["decode/old", "build/old"])
        let run = try #require(try testSuite.command(["run", "--baseline", "main", "--allow-missing", "decode/old"], as: RunCommand.self))
        #expect(run.allowedMissing == ["decode/old"])
        #expect(testSuite.usageMessage(["compare", "main", "--allow-missing"]) == "missing value for '--allow-missing'")
    }

    @Test func runTakesABaselineAndThresholds() throws {
        let options = try #require(
            try testSuite.command(["run", "--quick", "--baseline", "ci", "--load-tolerance", "0.5"], as: RunCommand.self))
        #expect(options.baseline == "ci")
        #expect(options.thresholds.load == 0.5)
    }

    @Test func countsTakeTheirOwnToleranceAndTwoSidedOnCompareAndRun() throws {
        let compare = try #require(
            try testSuite.command(["compare", "main", "--instructions-tolerance", "2%", "--two-sided"], as: CompareCommand.self))
        #expect(compare.thresholds == BenchmarkEngine.Thresholds(instructions: 0.02, isTwoSided: true))
        let cycles = try #require(try testSuite.command(["compare", "main", "--cycles-tolerance", "0.5%"], as: CompareCommand.self))
        #expect(cycles.thresholds == BenchmarkEngine.Thresholds(estimatedCycles: 0.005))
        let run = try #require(try testSuite.command(["run", "--instructions", "--baseline", "main"], as: RunCommand.self))
        #expect(run.countsInstructions)
        #expect(run.thresholds == BenchmarkEngine.Thresholds())
    }

    @Test(arguments: [
        (["baseline"], "missing baseline command (save or list)"),
        (["baseline", "drop"], "unknown baseline command 'drop' (expected save or list)"),
        (["baseline", "save", "a", "b"], "unexpected argument 'b'"),
        (["compare"], "missing <baseline>"),
        (["compare", "a", "b", "c"], "unexpected argument 'c'"),
        (
            ["compare", "a", "--time-tolerance", "fast"],
            "invalid value 'fast' for '--time-tolerance' (expected a fraction from 0 to 100 such as 0.25, or a percentage from 0% to 10000% such as 25%)"
        ),
        (
            ["compare", "a", "--instructions-tolerance", "one"],
            "invalid value 'one' for '--instructions-tolerance' (expected a fraction from 0 to 100 such as 0.25, or a percentage from 0% to 10000% such as 25%)"
        ),
        (
            ["compare", "a", "--malloc-tolerance", "-1"],
            "invalid value '-1' for '--malloc-tolerance' (expected allocations per operation from 0.001 to 1000000)"
        ),
    ])
    func badBaselineCommandsAreUsageErrors(arguments: [String], message: String) {
        do {
            _ = try testSuite.parse(arguments)
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func aMissingBaselineOrRunExitsWith66() async {
        let empty = temporaryDirectory("empty").path
        #expect(await testSuite.status(["compare", "main", "--reports", empty]) == 66)
        #expect(await testSuite.status(["baseline", "save", "x", "--reports", empty]) == 66)
        #expect(await testSuite.status(["run", "--quick", "--filter", "engine/clock", "--out", empty, "--baseline", "main"]) == 66)
        #expect(!FileManager.default.fileExists(atPath: empty + "/latest"), "a run with a missing baseline measures nothing")
    }

    /// Issue 10, item 10: a name that cannot be a baseline is a usage error, not a missing baseline.
    @Test(arguments: [
        ["compare", "a b"], ["compare", ".hidden"], ["baseline", "save", "x%y"],
        ["run", "--quick", "--filter", "engine/clock", "--baseline", "a*"],
    ])
    func anInvalidBaselineNameIsAUsageError(arguments: [String]) async {
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)").path
        #expect(await testSuite.status(arguments + ["--\(arguments[0] == "run" ? "out" : "reports")", reports]) == 64)
        #expect(!FileManager.default.fileExists(atPath: reports), "nothing was run or written")
    }

    /// Issue 10, item 10: a corrupt or foreign baseline or report is named in one line with what is
    /// wrong with it, and exits 65 (bad input), whichever command reads it.
    @Test func aCorruptOrForeignBaselineIsNamedWithWhatIsWrong() async throws {
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reports) }
        let baselines = reports.appendingPathComponent("baselines")
        try FileManager.default.createDirectory(at: baselines, withIntermediateDirectories: true)
        try Data("{\"scenarios\": [\n\n  oops]}".utf8).write(to: baselines.appendingPathComponent("corrupt.json"))
        try Data(#"{"name": "package", "version": "1.0.0"}"#.utf8).write(to: baselines.appendingPathComponent("foreign.json"))
        let corrupt = baselines.appendingPathComponent("corrupt.json").path
        let foreign = baselines.appendingPathComponent("foreign.json").path

        #expect(throws: ReportError.unreadable(path: corrupt, reason: "invalid JSON at line 3, column 3")) {
            try RunArchive.loadBaseline("corrupt", reportsDirectory: reports)
        }
        #expect(throws: ReportError.unreadable(path: foreign, reason: "not a bench report (missing key 'schemaVersion')")) {
            try RunArchive.loadBaseline(foreign, reportsDirectory: reports)
        }
        #expect(await testSuite.status(["compare", "corrupt", "--reports", reports.path]) == 65)
        #expect(await testSuite.status(["compare", foreign, "--reports", reports.path]) == 65)
        #expect(await testSuite.status(["baseline", "list", "--reports", reports.path]) == 65)
        #expect(await testSuite.status(["baseline", "save", "copy", "--run", foreign, "--reports", reports.path]) == 65)
        #expect(
            await testSuite.status(["run", "--quick", "--filter", "engine/clock", "--out", reports.path, "--baseline", "corrupt"]) == 65)
        #expect(
            !FileManager.default.fileExists(atPath: reports.appendingPathComponent("latest").path),
            "a run with a bad baseline measures nothing")
        #expect(!FileManager.default.fileExists(atPath: baselines.appendingPathComponent("copy.json").path))
    }

    @Test func aFilteredRunMayLackWhatItsFilterLeftOutButNotAScenarioTheSuiteLost() async throws {
        let reports = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: reports) }
        #expect(await testSuite.status(["run", "--quick", "--out", reports.path]) == 0)
        #expect(await testSuite.status(["baseline", "save", "all", "--reports", reports.path]) == 0)
        // This is about which scenarios are there. Two runs' times differ, and so do in-process
        // allocation counts while other tests allocate beside these: the baseline keeps neither.
        let store = BaselineStore(directory: reports.appendingPathComponent("baselines"))
        var all = try store.load("all")
        all.scenarios = all.scenarios.map { result in
            var result = result
            result.mallocsPerOperation = nil
            result.bytesAllocatedPerOperation = nil
            return result
        }
        try store.save(all, as: "all")
        let filtered = ["run", "--quick", "--filter", "engine/clock", "--out", reports.path, "--time-tolerance", "10000%"]
        #expect(await testSuite.status(filtered + ["--baseline", "all"]) == 0)
        // `compare` does not know what the run's filter was.
        let compare = ["compare", "all", "--reports", reports.path, "--time-tolerance", "10000%"]
        #expect(await testSuite.status(compare) == 1)
        #expect(await testSuite.status(compare + ["--allow-missing", "engine/array"]) == 0)

        var renamed = try store.load("all")
        renamed.scenarios = renamed.scenarios.map { result in
            var result = result
            if result.name == "engine/array" { result.name = "engine/array-before-its-rename" }
            return result
        }
        try store.save(renamed, as: "renamed")
        #expect(await testSuite.status(filtered + ["--baseline", "renamed"]) == 1)
        #expect(await testSuite.status(filtered + ["--baseline", "renamed", "--allow-missing", "engine/array-before-its-rename"]) == 0)
    }

    @Test func saveThenCompareARunWithItself() async throws {
        let reports = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: reports) }
        #expect(await testSuite.status(["run", "--quick", "--filter", "engine/clock", "--out", reports.path]) == 0)
        #expect(await testSuite.status(["baseline", "save", "self", "--reports", reports.path]) == 0)
        #expect(await testSuite.status(["baseline", "list", "--reports", reports.path]) == 0)
        #expect(await testSuite.status(["compare", "self", "--reports", reports.path]) == 0)
        let latest = reports.appendingPathComponent("latest")
        #expect(FileManager.default.fileExists(atPath: latest.appendingPathComponent("comparison.md").path))
        let comparison = try JSONDecoder().decode(
            RunComparison.self, from: Data(contentsOf: latest.appendingPathComponent("comparison.json")))
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.baselineName == "self")
    }
}
