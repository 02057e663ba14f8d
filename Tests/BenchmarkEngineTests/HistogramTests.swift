import CourierFixtures
import Foundation
import Testing

@testable import BenchmarkEngine

/// Reference percentile from sorted raw samples: the bucket where the running count reaches the
/// target is the bucket of the target-th smallest sample, so this is independent of the counts scan.
func referencePercentile(_ sorted: [UInt64], _ percentile: Double, in histogram: Histogram) -> UInt64 {
    let clamped = min(max(percentile, 0), 100)
    let target = max(1, Int(clamped * Double(sorted.count) / 100 + 0.5))
    let sample = sorted[min(target, sorted.count) - 1]
    return clamped == 0 ? histogram.lowestEquivalentValue(sample) : histogram.highestEquivalentValue(sample)
}

func exponentialSamples(count: Int, meanNanoseconds: Double, seed: UInt64) -> [UInt64] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        let uniform = Double.random(in: Double.ulpOfOne..<1, using: &generator)
        return UInt64(-log(uniform) * meanNanoseconds)
    }
}

@Suite("Histogram configuration")
struct HistogramConfigurationTests {
    @Test(
        "Layout matches the Python hdrhistogram package",
        arguments: [
            // (lowest, highest, digits, countsLength, highestEquivalent(highest)) taken from hdrh 0.10.8
            (UInt64(1), UInt64(3_600_000_000), 3, 23_552, UInt64(3_600_809_983)),
            (1, 2, 1, 32, 2),
            (1000, 60_000_000_000, 2, 2_688, 60_129_542_143),
            (1, UInt64(Int64.max), 5, 6_160_384, UInt64(Int64.max)),
            (1, UInt64(Int64.max), 1, 960, UInt64(Int64.max)),
            (7, 1_000_000_000_000, 4, 409_600, 1_000_022_736_895),
            (1 << 40, 1 << 62, 3, 14_336, 4_616_189_618_054_758_399),
        ]
    )
    func layoutMatchesReference(
        _ config: (UInt64, UInt64, Int, Int, UInt64)
    ) throws {
        let histogram = try Histogram(
            lowestDiscernibleValue: config.0, highestTrackableValue: config.1, significantDigits: config.2)
        #expect(histogram.countsLength == config.3)
        #expect(histogram.highestEquivalentValue(config.1) == config.4)
    }

    @Test func invalidConfigurationsThrow() {
        #expect(throws: HistogramError.invalidLowestDiscernibleValue(0)) {
            try Histogram(lowestDiscernibleValue: 0, highestTrackableValue: 100)
        }
        #expect(throws: HistogramError.invalidHighestTrackableValue(highest: 19, lowest: 10)) {
            try Histogram(lowestDiscernibleValue: 10, highestTrackableValue: 19)
        }
        #expect(throws: HistogramError.invalidHighestTrackableValue(highest: .max, lowest: 1)) {
            try Histogram(highestTrackableValue: .max)
        }
        #expect(throws: HistogramError.invalidSignificantDigits(0)) {
            try Histogram(highestTrackableValue: 1000, significantDigits: 0)
        }
        #expect(throws: HistogramError.invalidSignificantDigits(6)) {
            try Histogram(highestTrackableValue: 1000, significantDigits: 6)
        }
        #expect(throws: HistogramError.rangeNotRepresentable(lowestDiscernibleValue: 1 << 60, significantDigits: 3)) {
            try Histogram(lowestDiscernibleValue: 1 << 60, highestTrackableValue: UInt64(Int64.max))
        }
        // Boundary: exactly 2 * lowest is allowed.
        #expect(throws: Never.self) { try Histogram(lowestDiscernibleValue: 10, highestTrackableValue: 20) }
    }

    @Test func errorDescriptionsAreReadable() {
        #expect(HistogramError.invalidSignificantDigits(9).description.contains("1...5"))
        #expect(HistogramError.invalidCookie(expected: 0x1c84_9304, found: 0xdead_beef).description.contains("deadbeef"))
    }
}

@Suite("Histogram recording and statistics")
struct HistogramRecordingTests {
    @Test func emptyHistogramReportsZeros() throws {
        let histogram = try Histogram(highestTrackableValue: 3_600_000_000)
        #expect(histogram.totalCount == 0)
        #expect(histogram.min == 0)
        #expect(histogram.max == 0)
        #expect(histogram.mean == 0)
        #expect(histogram.standardDeviation == 0)
        #expect(histogram.value(atPercentile: 50) == 0)
        #expect(LatencySummary(histogram).p99 == 0)
    }

    /// A chart reads a spectrum at a few hundred percentiles in one pass; each must be what the
    /// one-at-a-time reading gives.
    @Test func manyPercentilesInOnePassMatchOneAtATime() throws {
        var histogram = try Histogram(highestTrackableValue: 60_000_000_000)
        for value in UInt64(1)...5_000 { histogram.record(value * value * 7) }
        histogram.record(60_000_000_000)
        let percentiles = [0, 0.5, 25, 50] + NinesScale.samplingPercentiles() + [100]
        let all = histogram.values(atPercentiles: percentiles.sorted())
        for (percentile, value) in zip(percentiles.sorted(), all) {
            #expect(value == histogram.value(atPercentile: percentile), "p\(percentile)")
        }
        #expect(try Histogram(highestTrackableValue: 1_000).values(atPercentiles: [50, 99, 100]) == [0, 0, 0])
    }

    @Test func uniformOneToTenThousandHasExactPercentiles() throws {
        var histogram = try Histogram(highestTrackableValue: 3_600_000_000)
        for value in UInt64(1)...10_000 { histogram.record(value) }
        let sorted = Array(UInt64(1)...10_000)

        // Hand-derived: 3 digits => width 4 in 4096..<8192 and width 8 in 8192..<16384.
        #expect(histogram.value(atPercentile: 50) == 5003)
        #expect(histogram.value(atPercentile: 99) == 9903)
        #expect(histogram.value(atPercentile: 100) == 10_007)
        #expect(histogram.value(atPercentile: 0) == 1)
        #expect(histogram.min == 1)
        #expect(histogram.max == 10_007)
        #expect(histogram.totalCount == 10_000)

        for percentile in [0.0, 1, 10, 25, 50, 75, 90, 99, 99.9, 99.99, 100] {
            #expect(
                histogram.value(atPercentile: percentile) == referencePercentile(sorted, percentile, in: histogram),
                "p\(percentile)")
        }
    }

    @Test func exponentialPercentilesMatchReference() throws {
        let samples = exponentialSamples(count: 50_000, meanNanoseconds: 1_000_000, seed: 42)
        var histogram = try Histogram(highestTrackableValue: 60_000_000_000)
        for sample in samples { histogram.record(sample) }
        let sorted = samples.sorted()
        for percentile in [0.0, 0.1, 33.3, 50, 66.6, 90, 95, 99, 99.9, 99.99, 100] {
            #expect(
                histogram.value(atPercentile: percentile) == referencePercentile(sorted, percentile, in: histogram),
                "p\(percentile)")
        }
        #expect(histogram.min == histogram.lowestEquivalentValue(sorted[0]))
        #expect(histogram.max == histogram.highestEquivalentValue(sorted[sorted.count - 1]))
    }

    @Test func percentileIsClampedAndMonotonic() throws {
        var histogram = try Histogram(highestTrackableValue: 1_000_000)
        for value in stride(from: UInt64(0), to: 100_000, by: 37) { histogram.record(value) }
        #expect(histogram.value(atPercentile: 150) == histogram.value(atPercentile: 100))
        #expect(histogram.value(atPercentile: -3) == histogram.value(atPercentile: 0))
        var previous: UInt64 = 0
        for step in 0...1000 {
            let value = histogram.value(atPercentile: Double(step) / 10)
            #expect(value >= previous)
            previous = value
        }
    }

    @Test func recordsZero() throws {
        var histogram = try Histogram(highestTrackableValue: 1000)
        histogram.record(0)
        histogram.record(0, count: 4)
        #expect(histogram.totalCount == 5)
        #expect(histogram.min == 0)
        #expect(histogram.max == 0)
        #expect(histogram.count(atValue: 0) == 5)
        #expect(histogram.value(atPercentile: 100) == 0)
    }

    @Test func zeroCountIsANoOp() throws {
        var histogram = try Histogram(highestTrackableValue: 1000)
        histogram.record(500, count: 0)
        #expect(histogram.totalCount == 0)
        #expect(histogram.max == 0)
        #expect(histogram == (try Histogram(highestTrackableValue: 1000)))
    }

    @Test func valuesAboveRangeAreClamped() throws {
        var histogram = try Histogram(highestTrackableValue: 1000, significantDigits: 2)
        histogram.record(5_000)
        histogram.record(.max, count: 2)
        histogram.record(1000)
        #expect(histogram.totalCount == 4)
        #expect(histogram.clampedCount == 3)
        #expect(histogram.count(atValue: 1000) == 4)
        #expect(histogram.max == histogram.highestEquivalentValue(1000))
        #expect(histogram.value(atPercentile: 50) == histogram.highestEquivalentValue(1000))
    }

    @Test func valuesBelowLowestDiscernibleShareTheFirstBucket() throws {
        var histogram = try Histogram(lowestDiscernibleValue: 1000, highestTrackableValue: 1_000_000)
        histogram.record(0)
        histogram.record(5)
        #expect(histogram.count(atValue: 1) == 2)
        #expect(histogram.min == 0)
        #expect(histogram.max == 511)  // unit magnitude 9: first bucket covers 0...511
    }

    @Test func mergeEqualsRecordingEverythingIntoOne() throws {
        let samples = exponentialSamples(count: 20_000, meanNanoseconds: 250_000, seed: 7)
        var combined = try Histogram(highestTrackableValue: 10_000_000)
        var left = try Histogram(highestTrackableValue: 10_000_000)
        var right = try Histogram(highestTrackableValue: 10_000_000)
        for (offset, sample) in samples.enumerated() {
            combined.record(sample)
            if offset.isMultiple(of: 3) { left.record(sample) } else { right.record(sample, count: 1) }
        }
        try left.merge(right)
        #expect(left == combined)
        #expect(left.totalCount == combined.totalCount)
        #expect(left.clampedCount == combined.clampedCount)
        #expect(left.min == combined.min)
        #expect(left.max == combined.max)
        #expect(LatencySummary(left) == LatencySummary(combined))
    }

    @Test func mergeIntoEmptyAndOfEmpty() throws {
        var empty = try Histogram(highestTrackableValue: 1_000)
        var other = try Histogram(highestTrackableValue: 1_000)
        other.record(10)
        other.record(999)
        try empty.merge(other)
        #expect(empty == other)
        #expect(empty.min == 10)
        try other.merge(try Histogram(highestTrackableValue: 1_000))
        #expect(other.totalCount == 2)
    }

    @Test func mergeRejectsIncompatibleLayouts() throws {
        var histogram = try Histogram(highestTrackableValue: 1_000)
        let differentDigits = try Histogram(highestTrackableValue: 1_000, significantDigits: 2)
        let differentRange = try Histogram(highestTrackableValue: 2_000)
        #expect(throws: HistogramError.self) { try histogram.merge(differentDigits) }
        #expect(throws: HistogramError.self) { try histogram.merge(differentRange) }
    }

    @Test func resetClearsEverything() throws {
        var histogram = try Histogram(highestTrackableValue: 1_000)
        histogram.record(10)
        histogram.record(50_000)
        histogram.reset()
        #expect(histogram == (try Histogram(highestTrackableValue: 1_000)))
        #expect(histogram.totalCount == 0)
        #expect(histogram.clampedCount == 0)
        #expect(histogram.min == 0)
        #expect(histogram.max == 0)
        histogram.record(3)
        #expect(histogram.min == 3)
        #expect(histogram.max == 3)
    }

    @Test func copiesAreIndependent() throws {
        var original = try Histogram(highestTrackableValue: 1_000)
        original.record(5)
        var copy = original
        copy.record(6)
        #expect(original.totalCount == 1)
        #expect(copy.totalCount == 2)
        #expect(original != copy)
    }

    @Test func meanAndStandardDeviationMatchDirectComputation() throws {
        let samples =
            exponentialSamples(count: 30_000, meanNanoseconds: 2_000_000, seed: 99)
            + Array(UInt64(1)...5_000)
        var histogram = try Histogram(highestTrackableValue: 60_000_000_000)
        for sample in samples { histogram.record(sample) }

        let directMean = samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
        let directVariance =
            samples.reduce(0.0) { $0 + (Double($1) - directMean) * (Double($1) - directMean) }
            / Double(samples.count)
        // 3 significant digits => every value is represented within 1/2048 relative error.
        #expect(abs(histogram.mean - directMean) / directMean < 1e-3)
        #expect(abs(histogram.standardDeviation - directVariance.squareRoot()) / directVariance.squareRoot() < 1e-3)
    }

    @Test func meanOfExactValuesIsExact() throws {
        var histogram = try Histogram(highestTrackableValue: 1_000_000)
        for value in UInt64(1)...2_000 { histogram.record(value, count: 3) }
        // Below 2048 every bucket has width 1, so the median-equivalent value is the value itself.
        #expect(histogram.mean == 1000.5)
        #expect(abs(histogram.standardDeviation - ((2_000.0 * 2_000.0 - 1) / 12).squareRoot()) < 1e-9)
    }

    @Test func latencySummaryIsCodable() throws {
        var histogram = try Histogram(highestTrackableValue: 60_000_000_000)
        for sample in exponentialSamples(count: 1_000, meanNanoseconds: 1_000, seed: 3) { histogram.record(sample) }
        let summary = LatencySummary(histogram)
        #expect(summary.count == 1_000)
        #expect(summary.p50 <= summary.p75 && summary.p75 <= summary.p90 && summary.p90 <= summary.p99)
        #expect(summary.p99 <= summary.p999 && summary.p999 <= summary.p9999 && summary.p9999 <= summary.max)
        let data = try JSONEncoder().encode(summary)
        #expect(try JSONDecoder().decode(LatencySummary.self, from: data) == summary)
    }
}
