import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

/// `--format junit`, `comparison.junit.xml` and the job summary: results CI systems read, checked
/// against the JUnit schema and read back by junitparser.
@Suite struct JUnitOutputTests {
    @Test func aRunIsATestCasePerScenarioAndAFailedScenarioIsAnError() async throws {
        let out = temporaryDirectory("junit-run")
        let run = try await runProbe([
            "run", "--quick", "--filter", "probe/works", "--filter", "probe/throws", "--out", out.path, "--format", "junit",
        ])
        #expect(run.status == 1)
        let junit = try await readJUnit(out.appendingPathComponent("latest/junit.xml"))
        #expect(junit.tests == 2)
        #expect(junit.errors == 1)
        #expect(junit.failures == 0)
        #expect(junit.case("bench-probe run", "probe/works")?.result == "passed")
        let failed = try #require(junit.case("bench-probe run", "probe/throws"))
        #expect(failed.result == "error")
        #expect(failed.message == "probe/throws threw: the probe's scenario threw, as asked")
    }

    @Test func aComparisonIsATestCasePerJudgedMetricAndARegressionFailsWithItsFigures() async throws {
        let reports = temporaryDirectory("junit-compare")
        _ = try BaselineStore(directory: reports.appendingPathComponent("baselines"))
            .save(
                CraftedReport.make([("decode/x", 10, 100), ("build/y", 3, 100)], runID: "base", commit: "base0123456789ab"),
                as: "merge-base")
        let run = try CraftedReport.write(
            CraftedReport.make([("decode/x", 12, 100), ("build/y", 3, 100)], runID: "head", commit: "head0123456789ab"), under: reports)
        let summary = reports.appendingPathComponent("step-summary.md")
        let status = await testSuite.main(
            arguments: ["compare", "merge-base", "--reports", reports.path], execution: .inProcess,
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(status == .failure)

        let junit = try await readJUnit(run.appendingPathComponent("comparison.junit.xml"))
        let regression = try #require(junit.case("decode/x", "mallocs/op"))
        #expect(regression.result == "failure")
        #expect(regression.message == "decode/x mallocs/op regressed: baseline 10, current 12 (+20.0%)")
        #expect(junit.case("build/y", "mallocs/op")?.result == "passed")
        // Bytes follow allocations: 32 bytes each here, so they regressed too.
        #expect(junit.case("decode/x", "bytes/op")?.result == "failure")
        #expect(junit.failures == 2)
        #expect(junit.tests == junit.cases.count)

        // The comment names the merge base and the head; the job summary gets the same table.
        let comment = try String(contentsOf: run.appendingPathComponent("comparison.md"), encoding: .utf8)
        #expect(comment.hasPrefix("Comparison with baseline `merge-base` (run base, commit base01234567) → run head (commit head01234567)"))
        let appended = try String(contentsOf: summary, encoding: .utf8)
        #expect(appended.contains("| decode/x | mallocs/op | 10 | 12 | +20.0% | regression |"))
    }

    @Test func runWithABaselineAppendsToTheStepSummaryAndFailsTheMetricInJUnit() async throws {
        let reports = temporaryDirectory("junit-run-baseline")
        let first = ["run", "--quick", "--filter", "engine/array", "--out", reports.path, "--format", "json"]
        #expect(await testSuite.status(first) == 0)
        #expect(await testSuite.status(["baseline", "save", "before", "--reports", reports.path]) == 0)
        let summary = reports.appendingPathComponent("step-summary.md")
        let status = await testSuite.main(
            arguments: [
                "run", "--quick", "--filter", "engine/array", "--out", reports.path, "--format", "json,junit", "--baseline", "before",
            ],
            execution: .inProcess, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        // Timed figures of a busy machine may or may not move; what matters here is where they go.
        #expect(status == .success || status == .failure)
        #expect(try String(contentsOf: summary, encoding: .utf8).hasPrefix("Comparison with baseline `before`"))
        let junit = try await readJUnit(reports.appendingPathComponent("latest/junit.xml"))
        #expect(junit.case("bench run", "engine/array")?.result == "passed")
        #expect(junit.cases.contains { $0.classname == "engine/array" && $0.name == "mallocs/op" })
    }

    @Test func textThatIsMarkupReadsAsText() async throws {
        let testCase = JUnitReport.TestCase(
            classname: "a<b>&\"c\"", name: "x'y", outcome: .failure(message: "<failure/>", details: "]]> & \u{1}"))
        let xml = JUnitReport(name: "n & m", cases: [testCase]).xml()
        let file = temporaryDirectory("junit-escape").appendingPathExtension("xml")
        try Data(xml.utf8).write(to: file)
        let junit = try await readJUnit(file)
        #expect(
            junit.cases == [
                JUnitReading.Case(classname: "a<b>&\"c\"", name: "x'y", result: "failure", message: "<failure/>", text: "]]> & ")
            ])
    }

    @Test func aFileTheSchemaRefusesIsRefused() async throws {
        let file = temporaryDirectory("junit-bad").appendingPathExtension("xml")
        try Data("<testsuites><testsuite name=\"x\"><testcase name=\"y\"/></testsuite></testsuites>".utf8).write(to: file)
        await #expect(throws: PythonFailure.self) { try await readJUnit(file) }
    }
}
