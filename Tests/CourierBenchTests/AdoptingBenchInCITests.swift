import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

/// The steps of the AdoptingBenchInCI article, run for real in its order on this suite: limits
/// written and checked, JUnit results read back, the merge base compared with the head and the
/// job's summary appended to. These tests are a debug build, so the steps that judge add
/// `--allow-debug`, which the article's release builds do not need (step 1 is why).
@Suite struct AdoptingBenchInCITests {
    @Test func fromNothingToAPullRequestGate() async throws {
        let package = temporaryDirectory("adopting")
        let reports = package.appendingPathComponent("Reports").path
        let limits = package.appendingPathComponent("Thresholds").path
        let summary = package.appendingPathComponent("step-summary.md")
        let ci = ["GITHUB_STEP_SUMMARY": summary.path]
        func step(_ arguments: [String]) async -> BenchExitCode {
            await testSuite.main(arguments: arguments, execution: .inProcess, environment: ci)
        }

        // 1. The build says what it is.
        #expect(testSuite.versionLine.hasSuffix("debug build)"))

        // 2. A run, and its limits written: a file per scenario.
        #expect(await step(["run", "--quick", "--out", reports, "--format", "json,md,junit"]) == .success)
        #expect(await step(["thresholds", "update", reports, "--limits", limits, "--allow-debug"]) == .success)
        for scenario in ["engine/clock-read", "engine/array"] {
            #expect(FileManager.default.fileExists(atPath: "\(limits)/\(scenario).json"), "\(scenario)")
        }

        // 3. A pull request's run checked against them: allocations are exact, so they hold.
        #expect(await step(["run", "--quick", "--out", reports, "--format", "json,md,html,junit"]) == .success)
        #expect(await step(["thresholds", "check", reports, "--limits", limits, "--allow-debug"]) != .usage)

        // 4. What CI reads: JUnit files the schema takes and junitparser reads, and the summary.
        let latest = URL(fileURLWithPath: reports).appendingPathComponent("latest")
        let run = try await readJUnit(latest.appendingPathComponent("junit.xml"))
        #expect(run.tests == 2 && run.errors == 0)
        let checked = try await readJUnit(latest.appendingPathComponent("thresholds.junit.xml"))
        #expect(checked.cases.contains { $0.classname == "engine/array" && $0.name == "allocations" })
        #expect(try String(contentsOf: summary, encoding: .utf8).contains("### Limits"))

        // 5. The merge base's run saved as the baseline, and the head compared with it.
        let base = package.appendingPathComponent("base-reports").path
        #expect(await step(["run", "--quick", "--out", base, "--format", "json"]) == .success)
        #expect(await step(["baseline", "save", "merge-base", "--run", "\(base)/latest", "--reports", reports]) == .success)
        let compared = await step(["compare", "merge-base", "--reports", reports])
        #expect(compared == .success || compared == .failure)
        let comment = try String(contentsOf: latest.appendingPathComponent("comparison.md"), encoding: .utf8)
        #expect(comment.hasPrefix("Comparison with baseline `merge-base`"))
        _ = try await readJUnit(latest.appendingPathComponent("comparison.junit.xml"))
        #expect(try String(contentsOf: summary, encoding: .utf8).contains("Comparison with baseline `merge-base`"))
    }
}
