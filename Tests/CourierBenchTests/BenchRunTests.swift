import BenchmarkEngine
import Foundation
import Testing
@testable import CourierBench

/// One real, short run in process: the reports exist and parse.
@Suite struct BenchRunTests {
    @Test func aQuickFilteredRunWritesReportsThatParseBack() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await testSuite.status(["run", "--quick", "--filter", "engine/clock", "--out", directory.path]) == 0)

        let latest = directory.appendingPathComponent("latest")
        let report = try JSONReportWriter.read(Data(contentsOf: latest.appendingPathComponent("report.json")))
        #expect(report.scenarios.map(\.name) == ["engine/clock-read"])
        #expect(report.isQuick)
        #expect(report.environment.toolVersion == "9.9.9")
        #expect(report.commandLine.first == "bench")
        let csv = try String(contentsOf: latest.appendingPathComponent("report.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 2)
        #expect(FileManager.default.fileExists(atPath: latest.appendingPathComponent("summary.md").path))
        let page = try String(contentsOf: latest.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<h3>engine/ — time and allocations per operation</h3>"))
    }

    @Test func aRunWhoseReportsCannotBeWrittenMeasuresNothing() async throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("blocker-\(UUID().uuidString)")
        try Data("a file, not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        // The scenario takes two seconds to set up; checked first, the run ends
        // long before that.
        let started = ContinuousClock.now
        #expect(await testSuite.status(["run", "--quick", "--filter", "slow/setup", "--out", blocker.path]) == 1)
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(try Data(contentsOf: blocker) == Data("a file, not a directory".utf8))
    }
}
