import CourierBench

/// The engine's own costs, so users can judge whether the tool distorts what it measures: every load
/// request pays two clock reads and one or two histogram records. Declared with the engine's own
/// `Scenario` and `MicroRunner`, which CourierBench exports for scenarios of any shape: these time an
/// inline loop, so no closure call per operation adds to the few nanoseconds they measure.
enum EngineScenarios {
    /// These time a few nanoseconds with no partner to divide by, so a busy neighbour moves them more
    /// than anything else: only a fourfold slowdown fails a comparison.
    private static let thresholds = Thresholds(failingTime: 3.0)

    static var all: [Scenario] {
        [
            Scenario("engine/histogram-record", summary: "Histogram.record, 1 ns..60 s at 3 digits (goal ≤ 50 ns, 0 allocations)", thresholds: thresholds) { context in
                var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
                var value: UInt64 = 0x9E37_79B9
                return [try await MicroRunner.measure(in: context) { iterations in
                    for _ in 0..<iterations {
                        // A cheap xorshift spreads values over many buckets, as real latencies do.
                        value ^= value << 13
                        value ^= value >> 7
                        value ^= value << 17
                        histogram.record(value & 0x3_FFFF_FFFF)
                    }
                }]
            },
            Scenario("engine/clock-read", summary: "One monotonic clock read", thresholds: thresholds) { context in
                [try await MicroRunner.measure(in: context) { iterations in
                    for _ in 0..<iterations { blackHole(Platform.monotonicNanoseconds()) }
                }]
            },
        ]
    }
}
