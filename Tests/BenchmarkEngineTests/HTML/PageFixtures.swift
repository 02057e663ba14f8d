import Foundation

@testable import BenchmarkEngine

/// Reports to render in the HTML tests: load results from known latencies, micro results from known
/// samples, all on one fixed machine.
enum PageFixtures {
    static let environment = Report.Environment(
        toolVersion: "0.1.0", gitCommit: "abc123", swiftVersion: "6.3", operatingSystem: "Linux 6.1 x86_64", cpuModel: "Test CPU",
        cpuCount: 2, jemallocLinked: true, allocator: "jemalloc 5.3.0", buildConfiguration: "release"
    )

    /// A report of `scenarios`, as `bench` would write it.
    static func report(_ scenarios: [ScenarioResult], runID: String = "run-1", commandLine: [String] = ["/usr/bin/bench", "--quick"])
        -> Report
    {
        Report(
            runID: runID, startedAt: "2026-11-30T18:00:00Z", environment: environment, commandLine: commandLine, isQuick: true,
            scenarios: scenarios)
    }

    /// An open-loop load result whose corrected latencies are `latencies` (nanoseconds) and whose
    /// uncorrected ones are each a tenth of that.
    static func load(_ name: String, latencies: [UInt64]) throws -> ScenarioResult {
        var corrected = try Histogram(highestTrackableValue: 60_000_000_000)
        var uncorrected = try Histogram(highestTrackableValue: 60_000_000_000)
        for latency in latencies {
            corrected.record(latency)
            uncorrected.record(latency / 10)
        }
        var result = ScenarioResult(name: name, kind: .load, operations: latencies.count, warmupOperations: 0, durationSeconds: 1)
        result.operationsPerSecond = Double(latencies.count)
        result.latency = ScenarioResult.Latency(summary: LatencySummary(corrected), histogram: corrected.encoded())
        result.uncorrectedLatency = ScenarioResult.Latency(summary: LatencySummary(uncorrected), histogram: uncorrected.encoded())
        result.outcomes = ScenarioResult.Outcomes(sent: latencies.count, succeeded: latencies.count, errors: [:])
        result.concurrency = 4
        result.targetRate = 1_000
        return result
    }

    /// A micro result from `samples` (nanoseconds per operation), paired with `baseline` when given.
    static func micro(_ name: String, samples: [Double], mallocs: Double?, baseline: String? = nil) -> ScenarioResult {
        var result = ScenarioResult(name: name, kind: .micro, operations: 1_000, warmupOperations: 100, durationSeconds: 0.5)
        result.nanosecondsPerOperation = SampleStatistics(samples)
        result.mallocsPerOperation = mallocs
        result.bytesAllocatedPerOperation = mallocs.map { $0 * 64 }
        if let baseline {
            result.comparison = ScenarioResult.Comparison(
                baseline: baseline, speedup: 1.5, pairedRatios: SampleStatistics([1.4, 1.5, 1.6]))
        }
        return result
    }
}

extension String {
    /// How many times `text` occurs.
    func occurrences(of text: String) -> Int {
        components(separatedBy: text).count - 1
    }
}
