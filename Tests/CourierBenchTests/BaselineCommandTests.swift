import BenchmarkEngine
import Foundation
import Testing
@testable import bench

@Suite struct BaselineCommandTests {
    @Test func parsesBaselineAndCompareCommands() throws {
        #expect(try BenchCommand.parse(["baseline", "save"]) == .saveBaseline(name: "default", run: nil, reportsDirectory: "Reports"))
        #expect(try BenchCommand.parse(["baseline", "save", "ci", "--run", "R/x", "--reports", "R"]) == .saveBaseline(name: "ci", run: "R/x", reportsDirectory: "R"))
        #expect(try BenchCommand.parse(["baseline", "list"]) == .listBaselines(reportsDirectory: "Reports"))
        guard case .compare(let options) = try BenchCommand.parse(["compare", "main", "R/run", "--time-tolerance", "25%", "--fail-time-tolerance=1.0", "--malloc-tolerance", "2"]) else {
            Issue.record("expected compare")
            return
        }
        #expect(options.baseline == "main")
        #expect(options.current == "R/run")
        #expect(options.thresholds == Thresholds(mallocsPerOperation: 2, time: 0.25, failingTime: 1.0))
    }

    @Test func runTakesABaselineAndThresholds() throws {
        guard case .run(let options) = try BenchCommand.parse(["run", "--quick", "--baseline", "ci", "--load-tolerance", "0.5"]) else {
            Issue.record("expected run")
            return
        }
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
            _ = try BenchCommand.parse(arguments)
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func aMissingBaselineOrRunExitsWith66() async {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)").path
        #expect(await BenchApp.main(arguments: ["compare", "main", "--reports", empty]) == 66)
        #expect(await BenchApp.main(arguments: ["baseline", "save", "x", "--reports", empty]) == 66)
        #expect(await BenchApp.main(arguments: ["run", "--quick", "--filter", "engine/clock", "--out", empty, "--baseline", "main"]) == 66)
        #expect(!FileManager.default.fileExists(atPath: empty + "/latest"), "a run with a missing baseline measures nothing")
    }

    @Test func saveThenCompareARunWithItself() async throws {
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reports) }
        #expect(await BenchApp.main(arguments: ["run", "--quick", "--filter", "engine/clock", "--out", reports.path]) == 0)
        #expect(await BenchApp.main(arguments: ["baseline", "save", "self", "--reports", reports.path]) == 0)
        #expect(await BenchApp.main(arguments: ["baseline", "list", "--reports", reports.path]) == 0)
        #expect(await BenchApp.main(arguments: ["compare", "self", "--reports", reports.path]) == 0)
        let latest = reports.appendingPathComponent("latest")
        #expect(FileManager.default.fileExists(atPath: latest.appendingPathComponent("comparison.md").path))
        let comparison = try JSONDecoder().decode(RunComparison.self, from: Data(contentsOf: latest.appendingPathComponent("comparison.json")))
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.baselineName == "self")
    }
}
