/// The fixed bucket layout of every latency histogram the bench exposes as a classic Prometheus
/// histogram: from 1 µs to 60 s, fifteen upper bounds a decade at round values —
/// 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8 and 9 times a power of ten — then `+Inf`.
///
/// Round bounds make an objective at any decade exact (`le="0.25"` for 250 ms, `le="0.0035"` for
/// 3.5 ms): the share of requests within it is a bucket's count, not an interpolation. Neighbouring
/// bounds are at most 1.25 times apart (1 to 1.25, 2 to 2.5), so a quantile read from the buckets
/// (`histogram_quantile`) is within 25 % of the true value at worst, and within 12.5 % above 4.5
/// times a power of ten. 117 bounds and `+Inf` in all.
public enum LatencyBuckets {
    /// The mantissas of each decade's bounds.
    static let mantissas = ["1", "1.25", "1.5", "1.75", "2", "2.5", "3", "3.5", "4", "4.5", "5", "6", "7", "8", "9"]

    /// The upper bounds in seconds, in increasing order, without `+Inf`.
    public static let bounds: [Double] = (-6...1).flatMap { exponent in
        // Parsed from their decimal text, so that each is the double nearest the round value (1.25e-6
        // computed as 1.25 * 1e-6 is not).
        mantissas.compactMap { Double("\($0)e\(exponent)") }
    }.filter { $0 <= 60 }

    /// The largest ratio between a bound and the one below it: a quantile's worst relative error.
    public static let worstRatio = 1.25

    /// `distribution`'s cumulative counts at each bound of ``bounds``: how many values are at most
    /// that many seconds. The `+Inf` bucket is the distribution's count.
    public static func cumulativeCounts(of distribution: LatencyDistribution) -> [UInt64] {
        var counts = [UInt64](repeating: 0, count: bounds.count)
        distribution.histogram.forEachRecordedValue { nanoseconds, count in
            let seconds = Double(nanoseconds) / 1e9
            let index = firstBound(atLeast: seconds)
            if index < counts.count { counts[index] += count }
        }
        var running: UInt64 = 0
        for index in counts.indices {
            running += counts[index]
            counts[index] = running
        }
        return counts
    }

    /// The index of the first bound at least `seconds`, or `bounds.count` when none is.
    private static func firstBound(atLeast seconds: Double) -> Int {
        var low = 0
        var high = bounds.count
        while low < high {
            let middle = (low + high) / 2
            if bounds[middle] < seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
