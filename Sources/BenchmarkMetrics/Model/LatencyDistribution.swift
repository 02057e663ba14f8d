import BenchmarkEngine

/// A latency histogram as an exporter writes it: the run's own HdrHistogram (nanoseconds, three
/// significant digits), from which the classic buckets (``LatencyBuckets``) and the exponential
/// ones (``ExponentialBuckets``) are both read.
public struct LatencyDistribution: Sendable, Equatable {
    /// The values, in nanoseconds.
    public var histogram: Histogram

    /// The distribution of `histogram`'s values, in nanoseconds.
    public init(_ histogram: Histogram) {
        self.histogram = histogram
    }

    /// How many values it holds.
    public var count: UInt64 { histogram.totalCount }

    /// Their sum in seconds, each counted at its bucket's median (as the report's mean is).
    public var sumSeconds: Double {
        histogram.mean * Double(histogram.totalCount) / 1e9
    }
}
