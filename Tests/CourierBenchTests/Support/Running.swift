import CourierBench

/// Runs `scenario` once, quick, in this test's process, as `run --quick` would.
func measure(_ scenario: Scenario) async throws -> [ScenarioResult] {
    try await scenario.run(in: ScenarioContext(name: scenario.name, isQuick: true, allocations: AllocationCounter.shared, progress: ProgressMeter()))
}
