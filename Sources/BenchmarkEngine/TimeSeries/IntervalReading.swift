/// The figures of the latest closed interval of a running load, for the live progress line.
public struct IntervalReading: Sendable, Equatable {
    /// The interval's index in the run's time series.
    public var index: Int
    /// Its length.
    public var length: Duration
    /// Requests sent whose intended start fell in it, and how many of them failed.
    public var sent: Int
    public var failed: Int
    /// Its corrected latency percentiles.
    public var p50: Duration
    public var p99: Duration

    /// Requests sent per second over the interval.
    public var rate: Double {
        length > .zero ? Double(sent) / length.seconds : 0
    }

    /// A reading with these figures.
    public init(index: Int, length: Duration, sent: Int, failed: Int, p50: Duration, p99: Duration) {
        self.index = index
        self.length = length
        self.sent = sent
        self.failed = failed
        self.p50 = p50
        self.p99 = p99
    }
}
