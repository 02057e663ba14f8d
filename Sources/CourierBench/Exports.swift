// What a suite author names in a bench of their own, taken from the engine: a bench executable
// imports CourierBench alone and gets these declarations, not the whole engine. The rest of the
// engine reaches a suite only through CourierBench's API (results, reports, settings), unnamed.
@_exported import class BenchmarkEngine.ConnectionPhaseRecorder
@_exported import struct BenchmarkEngine.Scenario
@_exported import struct BenchmarkEngine.ScenarioContext
@_exported import struct BenchmarkEngine.ScenarioResult
@_exported import struct BenchmarkEngine.ThresholdOverrides
@_exported import func BenchmarkEngine.blackHole
@_exported import struct BenchmarkMetrics.ExportFailure
@_exported import struct BenchmarkMetrics.LatencyDistribution
@_exported import struct BenchmarkMetrics.ListenAddress
@_exported import struct BenchmarkMetrics.MetricFamily
@_exported import struct BenchmarkMetrics.MetricLabel
@_exported import struct BenchmarkMetrics.MetricSeries
@_exported import enum BenchmarkMetrics.MetricValue
// What a suite's own exporter (``SuiteLiveMetrics``) implements and reads, from the metrics module.
@_exported import protocol BenchmarkMetrics.MetricsExporter
@_exported import struct BenchmarkMetrics.MetricsSnapshot
