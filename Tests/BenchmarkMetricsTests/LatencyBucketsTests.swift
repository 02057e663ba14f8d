import BenchmarkEngine
import Testing

@testable import BenchmarkMetrics

@Suite struct LatencyBucketsTests {
    @Test func boundsAreRoundAndAtMostAQuarterApart() {
        let bounds = LatencyBuckets.bounds
        #expect(bounds.count == 117)
        #expect(bounds.first == 1e-6 && bounds.last == 60)
        for (lower, upper) in zip(bounds, bounds.dropFirst()) {
            #expect(upper > lower)
            #expect(upper / lower <= LatencyBuckets.worstRatio * (1 + 1e-12), "\(lower) → \(upper)")
        }
        // An objective at any decade is a bound: 250 ms, 3.5 ms, 1 s, 20 µs.
        for objective in [0.25, 0.0035, 1, 20e-6, 0.05, 0.0125] { #expect(bounds.contains(objective), "\(objective)") }
        #expect(OpenMetricsText.number(1.25e-6) == "1.25e-06")
    }

    @Test func cumulativeCountsPlaceEachValueAtTheFirstBoundAboveIt() throws {
        var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        histogram.record(850_000, count: 3)  // 0.85 ms: in le=0.0009
        histogram.record(1_100_000, count: 2)  // 1.1 ms: in le=0.00125
        histogram.record(33_000_000_000)  // 33 s: in le=35
        let counts = LatencyBuckets.cumulativeCounts(of: LatencyDistribution(histogram))
        let bounds = LatencyBuckets.bounds
        let at = { (bound: Double) in counts[try #require(bounds.firstIndex(of: bound))] }
        #expect(try at(0.0008) == 0 && at(0.0009) == 3 && at(0.001) == 3 && at(0.00125) == 5 && at(30) == 5 && at(35) == 6)
        #expect(counts.last == 6)
    }

    @Test func exponentialBucketsSpanTheValuesWithDeltas() throws {
        var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        // Away from the bounds: a recorded value counts at its HdrHistogram bucket's median.
        histogram.record(950_000_000, count: 4)  // bucket 0: (2^-1/8, 1] s
        histogram.record(1_050_000_000, count: 1)  // bucket 1: (1, 1.0905]
        histogram.record(1_950_000_000, count: 2)  // bucket 8: (1.834, 2]
        let buckets = ExponentialBuckets(LatencyDistribution(histogram), schema: 3)
        #expect(buckets.counts.map(\.index) == [0, 1, 8])
        let (spans, deltas) = buckets.spans
        #expect(spans.map(\.offset) == [0, 6] && spans.map(\.length) == [2, 1])
        #expect(deltas == [4, -3, 1])
        let dense = buckets.dense
        #expect(dense.first == 0 && dense.counts == [4, 1, 0, 0, 0, 0, 0, 0, 2])
    }
}
