import BenchmarkEngine
import Foundation
import Testing
@testable import bench

/// One real, short run of the bench in process: the reports exist, parse, and every load run's
/// requests reconcile.
@Suite struct BenchRunTests {
    @Test func aQuickFilteredRunWritesReportsThatParseBack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await BenchApp.main(arguments: ["run", "--quick", "--filter", "engine/clock", "--out", directory.path])
        #expect(status == 0)

        let latest = directory.appendingPathComponent("latest")
        let report = try JSONReportWriter.read(Data(contentsOf: latest.appendingPathComponent("report.json")))
        #expect(report.scenarios.map(\.name) == ["engine/clock-read"])
        #expect(report.isQuick)
        #expect(report.environment.toolVersion == BenchApp.version)
        let csv = try String(contentsOf: latest.appendingPathComponent("report.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 2)
        #expect(FileManager.default.fileExists(atPath: latest.appendingPathComponent("summary.md").path))
    }
}
