extension Histogram {
    /// The value at `percentile` (0...100), using the HdrHistogram C/Python algorithm.
    ///
    /// The target count is `Int(percentile * totalCount / 100 + 0.5)` (at least 1), evaluated in
    /// the same floating-point order as the Python `hdrhistogram` package so results match it
    /// exactly. The answer is the highest equivalent value of the bucket where the running count
    /// reaches the target, or the lowest equivalent value for percentile 0.
    ///
    /// Java's `getValueAtPercentile` rounds the target count up (`ceil`) instead, so for small
    /// totals it can pick the next bucket where C/Python do not.
    ///
    /// Out-of-range percentiles are clamped to 0...100. Returns 0 for an empty histogram.
    public func value(atPercentile percentile: Double) -> UInt64 {
        precondition(!percentile.isNaN, "percentile must not be NaN")
        guard storedTotalCount != 0 else { return 0 }
        let requested = Swift.min(Swift.max(percentile, 0), 100)
        let target = targetCount(atPercentile: requested)
        var runningCount: UInt64 = 0
        for index in counts.indices {
            runningCount &+= counts[index]
            if runningCount >= target {
                let valueAtIndex = valueFromIndex(index)
                return requested == 0 ? lowestEquivalentValue(valueAtIndex) : highestEquivalentValue(valueAtIndex)
            }
        }
        return 0
    }

    /// The value at each of `percentiles` (0...100, in increasing order), as ``value(atPercentile:)``
    /// gives it, in one pass over the counts: a chart reads a spectrum at a few hundred percentiles.
    /// Returns zeros for an empty histogram.
    func values(atPercentiles percentiles: [Double]) -> [UInt64] {
        guard storedTotalCount != 0 else { return percentiles.map { _ in 0 } }
        var values: [UInt64] = []
        values.reserveCapacity(percentiles.count)
        var runningCount: UInt64 = 0
        var index = -1
        for percentile in percentiles {
            let requested = Swift.min(Swift.max(percentile, 0), 100)
            let target = targetCount(atPercentile: requested)
            while runningCount < target && index + 1 < counts.count {
                index += 1
                runningCount &+= counts[index]
            }
            let valueAtIndex = valueFromIndex(Swift.max(index, 0))
            values.append(requested == 0 ? lowestEquivalentValue(valueAtIndex) : highestEquivalentValue(valueAtIndex))
        }
        return values
    }

    private func targetCount(atPercentile percentile: Double) -> UInt64 {
        let rounded = percentile * Double(storedTotalCount) / 100 + 0.5
        // Double(UInt64.max) rounds up to 2^64, which would trap in the UInt64 conversion.
        let target = rounded < 0x1p64 ? UInt64(rounded) : .max
        return Swift.max(target, 1)
    }

    /// Arithmetic mean, counting each bucket at its median equivalent value (HdrHistogram semantics).
    ///
    /// The sum is accumulated exactly in 128 bits and divided once, like the Python package does
    /// with arbitrary-precision integers, so both report the same `Double`.
    public var mean: Double {
        guard storedTotalCount != 0 else { return 0 }
        var sum: UInt128 = 0
        for index in counts.indices where counts[index] != 0 {
            let median = medianEquivalentValue(valueFromIndex(index))
            sum &+= UInt128(counts[index]) &* UInt128(median)
        }
        return Double(sum) / Double(storedTotalCount)
    }

    /// Population standard deviation, counting each bucket at its median equivalent value.
    public var standardDeviation: Double {
        guard storedTotalCount != 0 else { return 0 }
        let mean = self.mean
        var squaredDeviationSum = 0.0
        for index in counts.indices where counts[index] != 0 {
            let deviation = Double(medianEquivalentValue(valueFromIndex(index))) - mean
            squaredDeviationSum += (deviation * deviation) * Double(counts[index])
        }
        return (squaredDeviationSum / Double(storedTotalCount)).squareRoot()
    }
}

/// A compact, serializable summary of a latency ``Histogram``.
///
/// Values keep the histogram's unit (typically nanoseconds).
public struct LatencySummary: Codable, Sendable, Equatable {
    /// Number of recorded values.
    public var count: UInt64
    /// Lowest equivalent value of the smallest recorded value.
    public var min: UInt64
    /// Highest equivalent value of the largest recorded value.
    public var max: UInt64
    /// Mean over bucket medians.
    public var mean: Double
    /// Population standard deviation over bucket medians.
    public var stdev: Double
    /// 50th percentile.
    public var p50: UInt64
    /// 75th percentile.
    public var p75: UInt64
    /// 90th percentile.
    public var p90: UInt64
    /// 99th percentile.
    public var p99: UInt64
    /// 99.9th percentile.
    public var p999: UInt64
    /// 99.99th percentile.
    public var p9999: UInt64

    /// Summarizes `histogram`; all fields are 0 for an empty histogram.
    public init(_ histogram: Histogram) {
        count = histogram.totalCount
        min = histogram.min
        max = histogram.max
        mean = histogram.mean
        stdev = histogram.standardDeviation
        p50 = histogram.value(atPercentile: 50)
        p75 = histogram.value(atPercentile: 75)
        p90 = histogram.value(atPercentile: 90)
        p99 = histogram.value(atPercentile: 99)
        p999 = histogram.value(atPercentile: 99.9)
        p9999 = histogram.value(atPercentile: 99.99)
    }
}

extension Histogram {
    /// Calls `body` with each recorded value's bucket, in increasing order: its median equivalent
    /// value (as ``mean`` counts it) and how many values it holds. What a histogram of other
    /// buckets (an exporter's) is filled from.
    public func forEachRecordedValue(_ body: (_ value: UInt64, _ count: UInt64) -> Void) {
        guard storedTotalCount != 0 else { return }
        for index in counts.indices where counts[index] != 0 {
            body(medianEquivalentValue(valueFromIndex(index)), counts[index])
        }
    }
}
