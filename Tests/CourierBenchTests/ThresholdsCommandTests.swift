import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

/// `thresholds update | check`: limits kept in files under the package, judged without a baseline.
@Suite struct ThresholdsCommandTests {
    private let figures: [(name: String, mallocs: Double, rate: Double)] = [("decode/x", 373, 1600), ("build/y", 12, 50_000)]

    /// A directory with a run of `figures` (`Reports/`) and a limits directory path (`Thresholds/`).
    private func workspace() throws -> (reports: URL, limits: URL) {
        let directory = temporaryDirectory("thresholds")
        let reports = directory.appendingPathComponent("Reports")
        try CraftedReport.write(CraftedReport.make(figures), under: reports)
        return (reports, directory.appendingPathComponent("Thresholds"))
    }

    private func limits(of scenario: String, in directory: URL) throws -> ScenarioLimits {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(scenario).json"))
        return try JSONDecoder().decode(ScenarioLimits.self, from: data)
    }

    @Test func updateWritesAReadableFilePerScenario() async throws {
        let (reports, limits) = try workspace()
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path]) == 0)
        let decode = try self.limits(of: "decode/x", in: limits)
        #expect(decode.buildConfiguration == "release")
        #expect(decode.limits["allocations"] == ScenarioLimits.Limit(limit: 373, tolerance: 0.01, unit: "mallocs/op"))
        #expect(decode.limits["throughput"] == ScenarioLimits.Limit(limit: 1600, tolerance: 0.3, unit: "ops/s"))
        #expect(decode.limits["instructions"] == nil)
        // One figure a line, keys sorted: a change of limit is a line of a diff.
        let text = try String(contentsOf: limits.appendingPathComponent("decode/x.json"), encoding: .utf8)
        #expect(text.contains("\n      \"limit\" : 373,\n"))
        #expect(FileManager.default.fileExists(atPath: limits.appendingPathComponent("build/y.json").path))
    }

    @Test func checkPassesARunWithinItsLimitsWithoutABaselineOrAHistory() async throws {
        let (reports, limits) = try workspace()
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path]) == 0)
        #expect(await testSuite.status(["thresholds", "check", reports.path, "--limits", limits.path]) == 0)
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("baselines").path))
    }

    @Test func checkFailsNamingEachScenarioAndMetricBeyondItsLimitAndSaysWhatCouldTighten() async throws {
        let (reports, limits) = try workspace()
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path]) == 0)
        let worse = CraftedReport.make([("decode/x", 380, 1000), ("build/y", 9, 50_000)], runID: "20261207-130000-2")
        let run = try CraftedReport.write(worse, under: reports)
        let stored = try LimitsStore(directory: limits).load()
        let verdicts = worse.scenarios.flatMap { stored[$0.name]?.verdicts(for: $0) ?? [] }
        #expect(
            verdicts.filter { $0.status == .beyond }.map { "\($0.scenario) \($0.metric)" } == [
                "decode/x allocations", "decode/x throughput",
            ])
        #expect(verdicts.filter { $0.status == .tightenable }.map { "\($0.scenario) \($0.metric)" } == ["build/y allocations"])
        #expect(verdicts.first?.line == "decode/x allocations: 380 mallocs/op (+1.9%), limit 373 ± 1%")
        #expect(await testSuite.status(["thresholds", "check", run.path, "--limits", limits.path]) == 1)

        let junit = try await readJUnit(run.appendingPathComponent("thresholds.junit.xml"))
        #expect(junit.failures == 2)
        #expect(junit.case("decode/x", "allocations")?.result == "failure")
        #expect(junit.case("decode/x", "allocations")?.message?.contains("380 mallocs/op (+1.9%), limit 373") == true)
        #expect(junit.case("build/y", "allocations")?.result == "passed")
    }

    @Test func updateTightensWhatImprovedAndNeverLoosens() async throws {
        let (reports, limits) = try workspace()
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path]) == 0)
        let run = try CraftedReport.write(
            CraftedReport.make([("decode/x", 400, 1600), ("build/y", 9, 50_000)], runID: "r2"), under: reports)
        #expect(await testSuite.status(["thresholds", "update", run.path, "--limits", limits.path]) == 0)
        #expect(try self.limits(of: "decode/x", in: limits).limits["allocations"]?.limit == 373)
        #expect(try self.limits(of: "build/y", in: limits).limits["allocations"]?.limit == 9)
        #expect(await testSuite.status(["thresholds", "check", run.path, "--limits", limits.path]) == 1)
    }

    @Test func aScenarioThatFailedFailsTheCheckAsAnError() async throws {
        let (reports, limits) = try workspace()
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path]) == 0)
        let failure = ScenarioFailure(name: "build/y", cause: .threw, reason: "it threw, as asked")
        let run = try CraftedReport.write(CraftedReport.make([("decode/x", 373, 1600)], runID: "r3", failed: [failure]), under: reports)
        #expect(await testSuite.status(["thresholds", "check", run.path, "--limits", limits.path]) == 1)
        let junit = try await readJUnit(run.appendingPathComponent("thresholds.junit.xml"))
        #expect(junit.errors == 1)
        #expect(junit.case("build/y", "limits")?.result == "error")
    }

    @Test func theSelectionNarrowsWhatIsWrittenAndJudged() async throws {
        let (reports, limits) = try workspace()
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path, "--filter", "/^decode/"]) == 0)
        #expect(!FileManager.default.fileExists(atPath: limits.appendingPathComponent("build/y.json").path))
        let run = try CraftedReport.write(
            CraftedReport.make([("decode/x", 999, 1600), ("build/y", 12, 50_000)], runID: "r4"), under: reports)
        #expect(await testSuite.status(["thresholds", "check", run.path, "--limits", limits.path, "--skip", "decode/"]) == 0)
    }

    @Test func theStepSummaryGetsTheTableOfLimits() async throws {
        let (reports, limits) = try workspace()
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path]) == 0)
        let run = try CraftedReport.write(
            CraftedReport.make([("decode/x", 380, 1600), ("build/y", 12, 50_000)], runID: "r5"), under: reports)
        let summary = reports.appendingPathComponent("summary.md")
        try Data("# Earlier step\n".utf8).write(to: summary)
        let status = await testSuite.main(
            arguments: ["thresholds", "check", run.path, "--limits", limits.path], execution: .inProcess,
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(status == .failure)
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.hasPrefix("# Earlier step\n### Limits"))
        #expect(text.contains("| decode/x | allocations | 380 mallocs/op | 373 ± 1% | **beyond** |"))
    }

    @Test func aDebugRunIsNotHeldToReleaseLimitsNorWritesLimitsUnlessAllowed() async throws {
        let (reports, limits) = try workspace()
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path]) == 0)
        let debug = try CraftedReport.write(
            CraftedReport.make(figures, configuration: Report.Environment.debugBuild, runID: "r6"), under: reports)
        #expect(await testSuite.status(["thresholds", "check", debug.path, "--limits", limits.path]) == 64)
        #expect(await testSuite.status(["thresholds", "check", debug.path, "--limits", limits.path, "--allow-debug"]) == 0)
        let fresh = limits.deletingLastPathComponent().appendingPathComponent("Fresh")
        #expect(await testSuite.status(["thresholds", "update", debug.path, "--limits", fresh.path]) == 64)
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }

    @Test func missingAndUnreadableInputsExitAsTheTableSays() async throws {
        let (reports, limits) = try workspace()
        // No limits at all: 66, saying how to write them.
        #expect(await testSuite.status(["thresholds", "check", reports.path, "--limits", limits.path]) == 66)
        // No run: 66.
        #expect(
            await testSuite.status(["thresholds", "check", reports.appendingPathComponent("nope").path, "--limits", limits.path]) == 66)
        // A file that is not a limits file: 65.
        try FileManager.default.createDirectory(at: limits, withIntermediateDirectories: true)
        try Data("{\"limits\": 3}".utf8).write(to: limits.appendingPathComponent("broken.json"))
        #expect(await testSuite.status(["thresholds", "check", reports.path, "--limits", limits.path]) == 65)
        #expect(await testSuite.status(["thresholds", "update", reports.path, "--limits", limits.path]) == 65)
    }

    @Test(arguments: [
        (["thresholds"], "missing thresholds command (update or check)"),
        (["thresholds", "tighten"], "unknown thresholds command 'tighten' (expected update or check)"),
        (["thresholds", "check", "a", "b"], "unexpected argument 'b'"),
        (["thresholds", "check", "--limit", "x"], "unknown option '--limit' (did you mean '--limits'?)"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async {
        #expect(testSuite.usageMessage(arguments) == message)
        #expect(await testSuite.status(arguments) == 64)
    }

    @Test func parsesItsOptions() throws {
        var expected = ThresholdsCommand(action: .update)
        expected.run = "R/run-1"
        expected.directory = "Limits"
        expected.selection = ScenarioSelection(filters: ["decode/"], skipped: ["/x$/"])
        expected.allowsDebug = true
        let arguments = ["thresholds", "update", "R/run-1", "--limits", "Limits", "--filter", "decode/", "--skip", "/x$/", "--allow-debug"]
        #expect(try testSuite.command(arguments, as: ThresholdsCommand.self) == expected)
        #expect(try testSuite.command(["thresholds", "check"], as: ThresholdsCommand.self) == ThresholdsCommand(action: .check))
    }
}
