import BenchmarkEngine
import Foundation

/// Reports made to measure, written where commands read runs: the tests that judge figures need
/// figures they chose, which a run of a few milliseconds cannot promise.
enum CraftedReport {
    /// A run of micro results named and measured as `figures` says (allocations per operation and
    /// operations per second), built as `configuration`, at `commit`.
    static func make(
        _ figures: [(name: String, mallocs: Double, rate: Double)], configuration: String = Report.Environment.releaseBuild,
        runID: String = "20261207-120000-1", commit: String? = "0123456789abcdef", failed: [ScenarioFailure] = []
    ) -> Report {
        var environment = Report.Environment(
            toolVersion: "9.9.9", gitCommit: commit, swiftVersion: "6.3", operatingSystem: "Linux 6.1 x86_64", cpuModel: nil, cpuCount: 2,
            jemallocLinked: true, allocator: "jemalloc 5.3.0", buildConfiguration: configuration)
        environment.hostName = "runner-1"
        let results = figures.map { figure in
            var result = ScenarioResult(
                name: figure.name, kind: .micro, operations: 1000, warmupOperations: 10, durationSeconds: 1000 / figure.rate)
            result.operationsPerSecond = figure.rate
            result.mallocsPerOperation = figure.mallocs
            result.bytesAllocatedPerOperation = figure.mallocs * 32
            result.nanosecondsPerOperation = SampleStatistics(Array(repeating: 1e9 / figure.rate, count: 8))
            return result
        }
        return Report(
            runID: runID, startedAt: "2026-12-07T12:00:00Z", environment: environment, commandLine: ["bench", "run"], isQuick: true,
            scenarios: results, failedScenarios: failed)
    }

    /// Writes `report` as `<directory>/<run id>/report.json`, points `latest` at it, and returns the run directory.
    @discardableResult
    static func write(_ report: Report, under directory: URL) throws -> URL {
        try ReportStore(directory: directory).write(report, formats: [.json])
    }
}
