import BenchmarkEngine
import Foundation
import Testing
@testable import CourierBench

@Suite struct BaselineCommandTests {
    @Test func parsesBaselineAndCompareCommands() throws {
        #expect(try testSuite.command(["baseline", "save"], as: BaselineCommand.self) == .save(name: "default", run: nil, reportsDirectory: "Reports"))
        #expect(try testSuite.command(["baseline", "save", "ci", "--run", "R/x", "--reports", "R"], as: BaselineCommand.self) == .save(name: "ci", run: "R/x", reportsDirectory: "R"))
        #expect(try testSuite.command(["baseline", "list"], as: BaselineCommand.self) == .list(reportsDirectory: "Reports"))
        let arguments = ["compare", "main", "R/run", "--time-tolerance", "25%", "--fail-time-tolerance=1.0", "--malloc-tolerance", "2"]
        let options = try #require(try testSuite.command(arguments, as: CompareCommand.self))
        #expect(options.baseline == "main")
        #expect(options.current == "R/run")
        #expect(options.thresholds == Thresholds(mallocsPerOperation: 2, time: 0.25, failingTime: 1.0))
    }

    @Test func runTakesABaselineAndThresholds() throws {
        let options = try #require(try testSuite.command(["run", "--quick", "--baseline", "ci", "--load-tolerance", "0.5"], as: RunCommand.self))
        #expect(options.baseline == "ci")
        #expect(options.thresholds.load == 0.5)
    }

    @Test(arguments: [
        (["baseline"], "missing baseline command (save or list)"),
        (["baseline", "drop"], "unknown baseline command 'drop' (expected save or list)"),
        (["baseline", "save", "a", "b"], "unexpected argument 'b'"),
        (["compare"], "missing <baseline>"),
        (["compare", "a", "b", "c"], "unexpected argument 'c'"),
        (["compare", "a", "--time-tolerance", "fast"], "invalid value 'fast' for '--time-tolerance' (expected a fraction such as 0.25 or a percentage such as 25%)"),
        (["compare", "a", "--malloc-tolerance", "-1"], "invalid value '-1' for '--malloc-tolerance' (expected a positive number)"),
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

    @Test func saveThenCompareARunWithItself() async throws {
        let reports = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: reports) }
        #expect(await testSuite.status(["run", "--quick", "--filter", "engine/clock", "--out", reports.path]) == 0)
        #expect(await testSuite.status(["baseline", "save", "self", "--reports", reports.path]) == 0)
        #expect(await testSuite.status(["baseline", "list", "--reports", reports.path]) == 0)
        #expect(await testSuite.status(["compare", "self", "--reports", reports.path]) == 0)
        let latest = reports.appendingPathComponent("latest")
        #expect(FileManager.default.fileExists(atPath: latest.appendingPathComponent("comparison.md").path))
        let comparison = try JSONDecoder().decode(RunComparison.self, from: Data(contentsOf: latest.appendingPathComponent("comparison.json")))
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.baselineName == "self")
    }
}
