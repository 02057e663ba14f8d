// What a suite author names in a bench of their own, taken from the engine: a bench executable
// imports CourierBench alone and gets these declarations, not the whole engine. The rest of the
// engine reaches a suite only through CourierBench's API (results, reports, settings), unnamed.
@_exported import class BenchmarkEngine.ConnectionPhaseRecorder
@_exported import struct BenchmarkEngine.Scenario
@_exported import struct BenchmarkEngine.ScenarioContext
@_exported import struct BenchmarkEngine.ScenarioResult
@_exported import struct BenchmarkEngine.ThresholdOverrides
@_exported import func BenchmarkEngine.blackHole
