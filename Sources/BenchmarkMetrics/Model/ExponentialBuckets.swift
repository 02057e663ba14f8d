import Foundation

/// A distribution in exponential buckets, as Prometheus' native histograms and OpenTelemetry's
/// exponential histograms hold it: bucket `i` covers `(base^(i-1), base^i]` seconds, with
/// `base = 2^(2^-schema)`. At schema 3 (the bench's), neighbouring bounds are 2^(1/8) ≈ 1.09 apart,
/// so a quantile is within 9 % of the true value at worst, at any latency, with a few dozen buckets.
public struct ExponentialBuckets: Sendable, Equatable {
    /// The resolution: each power of two is split into 2^schema buckets.
    public var schema: Int
    /// Counts by bucket index (Prometheus' numbering), ascending; only buckets with values.
    public var counts: [(index: Int, count: UInt64)]
    /// How many values are 0, which no bucket covers (a logarithm has none).
    public var zeroCount: UInt64 = 0

    /// `distribution` in buckets of `schema` (at most 8, Prometheus' finest).
    public init(_ distribution: LatencyDistribution, schema: Int = 3) {
        self.schema = schema
        var byIndex: [Int: UInt64] = [:]
        var zeroCount: UInt64 = 0
        let scale = Double(1 << schema)
        distribution.histogram.forEachRecordedValue { nanoseconds, count in
            guard nanoseconds > 0 else {
                zeroCount += count
                return
            }
            let seconds = Double(nanoseconds) / 1e9
            byIndex[Int((log2(seconds) * scale).rounded(.up)), default: 0] += count
        }
        counts = byIndex.sorted { $0.key < $1.key }.map { (index: $0.key, count: $0.value) }
        self.zeroCount = zeroCount
    }

    /// Runs of consecutive buckets as Prometheus' spans give them: each span's offset from where
    /// the last one ended (from 0 for the first), its length, and every bucket's count as the
    /// difference from the bucket before (the first's from 0).
    public var spans: (spans: [(offset: Int, length: Int)], deltas: [Int64]) {
        var spans: [(offset: Int, length: Int)] = []
        var deltas: [Int64] = []
        var next = 0
        var previous: Int64 = 0
        for (position, bucket) in counts.enumerated() {
            if position > 0, bucket.index == next, let last = spans.popLast() {
                spans.append((last.offset, last.length + 1))
            } else {
                spans.append((bucket.index - next, 1))
            }
            next = bucket.index + 1
            let count = Int64(clamping: bucket.count)
            deltas.append(count - previous)
            previous = count
        }
        return (spans, deltas)
    }

    /// The counts as one dense run from the lowest bucket with values, every bucket between
    /// included (OpenTelemetry's form), and that bucket's index.
    public var dense: (first: Int, counts: [UInt64]) {
        guard let first = counts.first?.index, let last = counts.last?.index else { return (0, []) }
        var dense = [UInt64](repeating: 0, count: last - first + 1)
        for bucket in counts { dense[bucket.index - first] = bucket.count }
        return (first, dense)
    }

    /// Whether both have the same schema and the same counts in the same buckets.
    public static func == (lhs: ExponentialBuckets, rhs: ExponentialBuckets) -> Bool {
        lhs.schema == rhs.schema && lhs.zeroCount == rhs.zeroCount
            && lhs.counts.elementsEqual(rhs.counts) { $0.index == $1.index && $0.count == $1.count }
    }
}
