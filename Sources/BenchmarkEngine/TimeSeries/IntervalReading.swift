/// The figures of the latest closed interval of a running load, for the live progress line.
public struct IntervalReading: Sendable, Equatable {
    /// The interval's index in the run's time series.
    public var index: Int
    /// Its length, seconds.
    public var seconds: Double
    /// Requests sent whose intended start fell in it, and how many of them failed.
    public var sent: Int
    public var failed: Int
    /// Its corrected latency percentiles, nanoseconds.
    public var p50: UInt64
    public var p99: UInt64

    /// Requests sent per second over the interval.
    public var rate: Double {
        seconds > 0 ? Double(sent) / seconds : 0
    }

    /// A reading with these figures.
    public init(index: Int, seconds: Double, sent: Int, failed: Int, p50: UInt64, p99: UInt64) {
        self.index = index
        self.seconds = seconds
        self.sent = sent
        self.failed = failed
        self.p50 = p50
        self.p99 = p99
    }
}
