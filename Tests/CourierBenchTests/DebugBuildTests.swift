import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

/// A debug build says so at once and in every report, and its runs are not judged against release
/// runs unless told. These tests are a debug build: what they run is what a user's `swift run` gets.
@Suite struct DebugBuildTests {
    @Test func aDebugRunWarnsOnItsFirstLineAndInEveryReport() async throws {
        let out = temporaryDirectory("debug-run")
        let run = try await runProbe(["run", "--quick", "--out", out.path, "--format", "json,md,html,junit"])
        #expect(run.status == 0)
        #expect(run.errors.hasPrefix("warning: measured by a debug build."))
        let latest = out.appendingPathComponent("latest")
        let summary = try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("> Warning: measured by a debug build."))
        let page = try String(contentsOf: latest.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("Warning: measured by a debug build."))
        let junit = try String(contentsOf: latest.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<property name="buildConfiguration" value="debug"/>"#))
        #expect(junit.contains("<system-out>Warning: measured by a debug build."))
        let report = try JSONReportWriter.read(Data(contentsOf: latest.appendingPathComponent("report.json")))
        #expect(report.environment.buildConfiguration == "debug")
    }

    @Test func loadWarnsFirstToo() async throws {
        // An address nothing listens on: the warning comes before anything is sent, and the run
        // fails at once. (`capacity` calls the same warning first; its search would take seconds.)
        let load = try await runProbe([
            "load", "--url", "http://127.0.0.1:9/x", "--requests", "1", "--timeout", "1s", "--out", temporaryDirectory("debug-load").path,
        ])
        #expect(load.errors.hasPrefix("warning: measured by a debug build."))
    }

    @Test func releaseReportsCarryNoWarning() {
        let report = CraftedReport.make([("decode/x", 1, 1)])
        #expect(!SummaryTable(report).markdown().contains("debug build"))
        #expect(!HTMLReportWriter.render(report).contains("debug build"))
        #expect(report.environment.debugBuildWarning == nil)
    }

    /// A debug run, and a release baseline of the same figures, saved as `release`.
    private func runs() throws -> (reports: URL, debugRun: URL) {
        let reports = temporaryDirectory("debug-compare")
        let release = CraftedReport.make([("decode/x", 10, 100)], runID: "release-run")
        _ = try BaselineStore(directory: reports.appendingPathComponent("baselines")).save(release, as: "release")
        let debug = CraftedReport.make([("decode/x", 10, 100)], configuration: Report.Environment.debugBuild, runID: "debug-run")
        return (reports, try CraftedReport.write(debug, under: reports))
    }

    @Test func compareRefusesADebugRunAgainstAReleaseBaselineUnlessAllowed() async throws {
        let (reports, run) = try runs()
        #expect(await testSuite.status(["compare", "release", run.path, "--reports", reports.path]) == 64)
        #expect(!FileManager.default.fileExists(atPath: run.appendingPathComponent("comparison.json").path))
        #expect(await testSuite.status(["compare", "release", run.path, "--reports", reports.path, "--allow-debug"]) == 0)
        #expect(FileManager.default.fileExists(atPath: run.appendingPathComponent("comparison.json").path))
        let error = DebugBuildError(judged: "run debug-run", against: "the baseline 'release'")
        #expect(BenchExitCode(for: error) == .usage)
        #expect(error.description.contains("build with '-c release'") && error.description.contains("'--allow-debug'"))
    }

    @Test func runWithAReleaseBaselineRefusesBeforeMeasuring() async throws {
        let (reports, _) = try runs()
        let arguments = ["run", "--quick", "--filter", "engine/clock", "--out", reports.path, "--format", "json", "--baseline", "release"]
        #expect(await testSuite.status(arguments) == 64)
        #expect(await testSuite.status(arguments + ["--allow-debug", "--allow-missing", "decode/x"]) == 0)
    }

    @Test func historyCheckRefusesANewestDebugRunAfterReleaseRunsUnlessAllowed() async throws {
        let file = temporaryDirectory("debug-history").appendingPathComponent("h.sqlite")
        let history = try RunHistory(file: file)
        for index in 0..<8 {
            let configuration = index == 7 ? Report.Environment.debugBuild : Report.Environment.releaseBuild
            let report = CraftedReport.make([("decode/x", 10, 100)], configuration: configuration, runID: "run-\(index)")
            var stamped = report
            stamped.startedAt = "2026-12-07T12:00:0\(index)Z"
            try history.append(stamped, metadata: HistoryMetadata(commit: "c\(index)", branch: "main", source: "run"))
        }
        #expect(await testSuite.status(["history", "check", "--history", file.path]) == 64)
        #expect(await testSuite.status(["history", "check", "--history", file.path, "--allow-debug"]) == 0)
    }

    @Test func versionSaysTheVersionsAndTheBuild() async throws {
        guard case .help(let line) = try testSuite.parse(["--version"]) else {
            Issue.record("--version printed no line")
            return
        }
        #expect(line == "bench 9.9.9 (Courier \(BenchSuite.courierVersion), debug build)")
        let probe = try await runProbe(["--version"])
        #expect(probe.status == 0)
        #expect(probe.output == "bench-probe \(BenchSuite.courierVersion) (debug build)\n")
        #expect(testSuite.overview.contains("bench --version"))
    }

    @Test func theVersionIsSemanticAndTheChangelogsNewest() throws {
        let parts = BenchSuite.courierVersion.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
        let changelog = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/CourierBench/Documentation.docc/Changelog.md"), encoding: .utf8)
        let versions = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") && $0 != "## Overview" }
        #expect(versions.first == "## \(BenchSuite.courierVersion)")
    }
}

/// The package's root, from this file's place in it.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
