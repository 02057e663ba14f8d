/// How long a micro-benchmark warms up and samples.
public struct MicroConfiguration: Sendable, Equatable {
    /// ``warmup`` in the nanoseconds the runner counts in.
    package var warmupNanoseconds: UInt64
    /// Samples to take; each times one batch.
    public var sampleCount: Int
    /// ``batch`` in the nanoseconds the runner counts in.
    package var batchNanoseconds: UInt64
    /// ``maximum`` in the nanoseconds the runner counts in.
    package var maximumNanoseconds: UInt64

    /// A configuration with these settings.
    public init(warmup: Duration, sampleCount: Int, batch: Duration, maximum: Duration) {
        self.warmupNanoseconds = warmup.nanoseconds
        self.sampleCount = sampleCount
        self.batchNanoseconds = batch.nanoseconds
        self.maximumNanoseconds = maximum.nanoseconds
    }

    /// Time spent running the operation unmeasured, so caches, branch predictors and lazy
    /// initialisation settle, and to choose the batch size.
    public var warmup: Duration {
        get { Duration(nanoseconds: warmupNanoseconds) }
        set { warmupNanoseconds = newValue.nanoseconds }
    }

    /// Target duration of one batch: long enough that reading the clock is noise, short enough
    /// that a hiccup spoils one sample, not the median.
    public var batch: Duration {
        get { Duration(nanoseconds: batchNanoseconds) }
        set { batchNanoseconds = newValue.nanoseconds }
    }

    /// A hard bound on sampling: fewer samples are taken if an operation turns out slow.
    public var maximum: Duration {
        get { Duration(nanoseconds: maximumNanoseconds) }
        set { maximumNanoseconds = newValue.nanoseconds }
    }

    /// The default suite's settings.
    public static let standard = MicroConfiguration(
        warmup: .milliseconds(200), sampleCount: 40, batch: .milliseconds(25), maximum: .seconds(3)
    )

    /// `--quick`: fewer, shorter samples, for CI.
    public static let quick = MicroConfiguration(
        warmup: .milliseconds(30), sampleCount: 12, batch: .milliseconds(8), maximum: .milliseconds(400)
    )
}
