import BenchmarkEngine
import CourierBench

/// Few, short samples: these tests check what a scenario reports, not how fast it is, and they run
/// beside suites whose time bounds need the cooperative pool's threads.
let briefSampling = MicroConfiguration(warmup: .milliseconds(1), sampleCount: 6, batch: .microseconds(500), maximum: .milliseconds(50))

/// Runs `scenario` once in this test's process, with ``briefSampling``.
func measure(_ scenario: Scenario) async throws -> [ScenarioResult] {
    let context = ScenarioContext(
        name: scenario.name, isQuick: true, allocations: AllocationCounter.shared, progress: ProgressMeter(), micro: briefSampling)
    return try await scenario.run(in: context)
}
