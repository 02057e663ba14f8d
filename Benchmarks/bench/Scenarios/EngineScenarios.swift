import BenchmarkEngine
import CourierBench

/// The engine's own costs, so users can judge whether the tool distorts what it measures: every load
/// request pays two clock reads and one or two histogram records. Declared with the engine's own
/// `Scenario` and `MicroRunner`, which CourierBench exports for scenarios of any shape: these time an
/// inline loop, so no closure call per operation adds to the few nanoseconds they measure.
enum EngineScenarios {
    /// These time a few nanoseconds with no partner to divide by, so a busy neighbour moves them more
    /// than anything else: only a fourfold slowdown fails a comparison.
    private static let thresholds = ThresholdOverrides(failingTime: 3.0)

    static var all: [Scenario] {
        [
            Scenario(
                "engine/histogram-record", summary: "Histogram.record, 1 ns..60 s at 3 digits (goal ≤ 50 ns, 0 allocations)",
                thresholds: thresholds
            ) { context in
                var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
                var value: UInt64 = 0x9E37_79B9
                return [
                    try await MicroRunner.measure(in: context) { iterations in
                        for _ in 0..<iterations {
                            // A cheap xorshift spreads values over many buckets, as real latencies do.
                            value ^= value << 13
                            value ^= value >> 7
                            value ^= value << 17
                            histogram.record(value & 0x3_FFFF_FFFF)
                        }
                    }
                ]
            },
            Scenario("engine/clock-read", summary: "One monotonic clock read", thresholds: thresholds) { context in
                [
                    try await MicroRunner.measure(in: context) { iterations in
                        for _ in 0..<iterations { blackHole(Platform.monotonicNanoseconds()) }
                    }
                ]
            },
            Scenario(
                "engine/time-series",
                summary: "A no-op request at 5k/s with 100 ms, 1 s and one 1 h interval: the time series' own allocations per request",
                isDefault: false, isLoad: true, body: timeSeriesCost
            ),
        ]
    }

    /// The same open loop of requests that do nothing, kept in intervals of 100 ms, 1 s and one hour
    /// (one interval for the run: no time series to speak of), one after the other; the difference
    /// in mallocs per request is what the time series costs, without a network stack's noise.
    @Sendable private static func timeSeriesCost(_ context: ScenarioContext) async throws -> [ScenarioResult] {
        var results: [ScenarioResult] = []
        for (label, interval) in [
            ("100 ms intervals", UInt64(100_000_000)), ("1 s intervals", 1_000_000_000), ("one 1 h interval", 3_600_000_000_000),
        ] {
            var configuration = LoadConfiguration(
                concurrency: 16, rate: 5_000, duration: context.isQuick ? .seconds(1) : .seconds(4), requestTimeout: .seconds(1))
            configuration.intervalNanoseconds = interval
            let run = ScenarioContext(
                name: "\(context.name) (\(label))", isQuick: context.isQuick, allocations: context.allocations, progress: context.progress)
            results.append(try await LoadRunner.run(in: run, configuration: configuration) { .success })
        }
        return results
    }
}
