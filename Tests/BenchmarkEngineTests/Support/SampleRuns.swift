import Foundation
import Synchronization

@testable import BenchmarkEngine

/// Small real load runs, with their time series, for the tests of what is written from them.
enum SampleRuns {
    static let environment = Report.Environment(
        toolVersion: "0.2.0", gitCommit: nil, swiftVersion: "6.3", operatingSystem: "Linux", cpuModel: nil, cpuCount: 2,
        jemallocLinked: false, allocator: nil, buildConfiguration: "debug"
    )

    /// An open loop of 300 requests/s for 0.4 s in 100 ms intervals, every fifth request failing.
    static func openLoop(named name: String = "load/sample/open") async throws -> ScenarioResult {
        var configuration = LoadConfiguration(concurrency: 4, rate: 300, duration: .milliseconds(400))
        configuration.intervalNanoseconds = 100_000_000
        let calls = Counter()
        let context = ScenarioContext(name: name, isQuick: true, allocations: nil, progress: ProgressMeter())
        return try await LoadRunner.run(in: context, configuration: configuration) {
            try? await Task.sleep(for: .microseconds(300))
            return calls.next() % 5 == 0 ? .failure("badStatus(503)") : .success
        }
    }

    /// `result`'s one request, named `name`: a mix of one, whose figures and series are the run's.
    static func onlyRequest(named name: String, of result: ScenarioResult) -> ScenarioResult.NamedRequest {
        let outcomes = result.outcomes ?? .init(sent: 0, succeeded: 0, errors: [:])
        var request = ScenarioResult.NamedRequest(
            name: name, weight: 1, share: 1, outcomes: .init(sent: outcomes.sent, succeeded: outcomes.succeeded, errors: outcomes.errors),
            operationsPerSecond: result.durationSeconds > 0 ? Double(outcomes.sent) / result.durationSeconds : 0, latency: result.latency,
            uncorrectedLatency: result.uncorrectedLatency)
        request.timeSeries = result.timeSeries
        return request
    }

    /// A report of `scenarios`.
    static func report(_ scenarios: [ScenarioResult]) -> Report {
        Report(
            runID: "run-1", startedAt: "2026-11-29T18:00:00Z", environment: environment, commandLine: ["bench"], isQuick: true,
            scenarios: scenarios)
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// The count so far.
    var count: Int {
        value.withLock { $0 }
    }

    /// The count so far, counting one more.
    func next() -> Int {
        value.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
