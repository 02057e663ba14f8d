import CourierBench

/// Few, short samples: these tests check what a scenario reports, not how fast it is, and they run
/// beside suites whose time bounds need the cooperative pool's threads.
let briefSampling = MicroConfiguration(warmupNanoseconds: 1_000_000, sampleCount: 6, batchNanoseconds: 500_000, maximumNanoseconds: 50_000_000)

/// Runs `scenario` once in this test's process, with ``briefSampling``.
func measure(_ scenario: Scenario) async throws -> [ScenarioResult] {
    let context = ScenarioContext(name: scenario.name, isQuick: true, allocations: AllocationCounter.shared, progress: ProgressMeter(), micro: briefSampling)
    return try await scenario.run(in: context)
}
