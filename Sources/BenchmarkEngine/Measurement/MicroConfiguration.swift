/// How long a micro-benchmark warms up and samples.
public struct MicroConfiguration: Sendable, Equatable {
    /// Time spent running the operation unmeasured, so caches, branch predictors and lazy
    /// initialisation settle, and to choose the batch size.
    public var warmupNanoseconds: UInt64
    /// Samples to take; each times one batch.
    public var sampleCount: Int
    /// Target duration of one batch: long enough that reading the clock is noise, short enough
    /// that a hiccup spoils one sample, not the median.
    public var batchNanoseconds: UInt64
    /// A hard bound on sampling: fewer samples are taken if an operation turns out slow.
    public var maximumNanoseconds: UInt64

    /// A configuration with these settings.
    public init(warmupNanoseconds: UInt64, sampleCount: Int, batchNanoseconds: UInt64, maximumNanoseconds: UInt64) {
        self.warmupNanoseconds = warmupNanoseconds
        self.sampleCount = sampleCount
        self.batchNanoseconds = batchNanoseconds
        self.maximumNanoseconds = maximumNanoseconds
    }

    /// The default suite's settings.
    public static let standard = MicroConfiguration(
        warmupNanoseconds: 200_000_000, sampleCount: 40, batchNanoseconds: 25_000_000, maximumNanoseconds: 3_000_000_000
    )

    /// `--quick`: fewer, shorter samples, for CI.
    public static let quick = MicroConfiguration(
        warmupNanoseconds: 30_000_000, sampleCount: 12, batchNanoseconds: 8_000_000, maximumNanoseconds: 400_000_000
    )
}
