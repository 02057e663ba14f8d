import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

@Suite struct ReportCommandTests {
    @Test func parsesRunsLabelsAndOutput() throws {
        let command = try #require(
            try testSuite.command(["report", "a", "b/report.json", "--label", "before", "--out", "x.html"], as: ReportCommand.self))
        #expect(command.runs == ["a", "b/report.json"])
        #expect(command.labels == ["before"])
        #expect(command.output == "x.html")
    }

    @Test(arguments: [
        (["report"], "missing <run> (a run directory or report.json)"),
        (["report", "a", "--label", "x", "--label", "y"], "2 values of '--label' for 1 runs (at most one per run)"),
        (["report", "a", "--label", " "], "invalid value ' ' for '--label' (expected a name)"),
        (["report", "a", "--out", "dir/"], "invalid value 'dir/' for '--out' (expected a file path)"),
        (["report", "a", "--outt", "x"], "unknown option '--outt' (did you mean '--out'?)"),
        (["report"] + (1...9).map { "r\($0)" }, "unexpected argument 'r9'"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async {
        #expect(testSuite.usageMessage(arguments) == message)
        #expect(await testSuite.status(arguments) == 64)
    }

    /// A run that is not there exits 66, one that is not a report 65; either way no page is written,
    /// not even for the runs that were fine.
    @Test func aMissingOrCorruptRunWritesNoPage() async throws {
        let directory = temporaryDirectory("bench-report")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let good = try await oneRun(in: directory.appendingPathComponent("runs"))
        let corrupt = directory.appendingPathComponent("corrupt.json")
        try Data("{ not json".utf8).write(to: corrupt)
        let page = directory.appendingPathComponent("page.html")

        #expect(await testSuite.status(["report", good.path, directory.appendingPathComponent("nowhere").path, "--out", page.path]) == 66)
        #expect(await testSuite.status(["report", good.path, corrupt.path, "--out", page.path]) == 65)
        #expect(!FileManager.default.fileExists(atPath: page.path))
        #expect(
            await testSuite.status(["report", good.path, "--out", directory.appendingPathComponent("no/such/dir/page.html").path]) == 1)
    }

    /// Several runs on one page, each under its label; one run's page goes beside its report.
    @Test func overlaysRunsUnderTheirLabels() async throws {
        let directory = temporaryDirectory("bench-report")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await oneRun(in: directory.appendingPathComponent("a"))
        let second = try await oneRun(in: directory.appendingPathComponent("b"))
        try FileManager.default.removeItem(at: first.appendingPathComponent("report.html"))

        #expect(await testSuite.status(["report", first.path]) == 0)
        #expect(FileManager.default.fileExists(atPath: first.appendingPathComponent("report.html").path))

        let page = directory.appendingPathComponent("both.html")
        let status = await testSuite.status([
            "report", first.appendingPathComponent("report.json").path, second.path, "--label", "before", "--label", "after", "--out",
            page.path,
        ])
        #expect(status == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("bench report: 2 runs"))
        #expect(html.contains("<th scope=\"col\">before</th><th scope=\"col\">after</th>"))
        #expect(html.contains(">before</text>") && html.contains(">after</text>"), "the legend names both runs")
        #expect(html.occurrences(of: "<tr><th scope=\"row\">engine/clock-read</th><td>") == 2, "a table row per run")
    }

    /// `compare` renders the run's page again with the comparison on it.
    @Test func compareAddsTheComparisonToTheRunsPage() async throws {
        let directory = temporaryDirectory("bench-report")
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try await oneRun(in: directory.appendingPathComponent("a"))
        let current = try await oneRun(in: directory.appendingPathComponent("b"))
        #expect(!(try String(contentsOf: current.appendingPathComponent("report.html"), encoding: .utf8)).contains("id=\"comparison\""))

        let status = await testSuite.status([
            "compare", baseline.appendingPathComponent("report.json").path, current.path, "--fail-time-tolerance", "100",
        ])
        #expect(status == 0 || status == 1)
        let page = try String(contentsOf: current.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<section id=\"comparison\">"))
        #expect(page.contains("<tr><th scope=\"row\">engine/clock-read</th><td>median ns/op</td>"))
    }

    /// A quick run of one cheap scenario into `directory`; returns its run directory.
    private func oneRun(in directory: URL) async throws -> URL {
        #expect(await testSuite.status(["run", "--quick", "--filter", "engine/clock-read", "--out", directory.path]) == 0)
        return directory.appendingPathComponent("latest").resolvingSymlinksInPath()
    }
}

extension String {
    /// How many times `text` occurs.
    fileprivate func occurrences(of text: String) -> Int {
        components(separatedBy: text).count - 1
    }
}
