// A bench executable imports CourierBench alone and gets the engine's vocabulary with it:
// `Scenario`, `Thresholds`, `MicroRunner`, `blackHole`, reports and baselines.
@_exported import BenchmarkEngine
