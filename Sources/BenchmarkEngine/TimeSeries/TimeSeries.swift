/// A load run interval by interval: what was scheduled, sent and answered in each, and how fast.
///
/// Each request counts in the interval of its intended start: in an open loop, its slot's due time;
/// in a closed loop, when it was sent. So per interval `scheduled == sent + missed` and
/// `sent == succeeded + Σ errors`, and adding up the intervals gives the whole run exactly, counts
/// and histograms alike.
///
/// Series from several machines running shards of one schedule merge exactly: align their
/// intervals by wall-clock start (``startUnixMicroseconds`` + ``Interval/startSeconds``), add the
/// outcomes, merge the histograms and add the rates.
public struct TimeSeries: Codable, Sendable, Equatable {
    /// Wall-clock time at which interval 0 starts (the run's first request slot), in microseconds
    /// since the Unix epoch: exact in a JSON reader that keeps numbers as doubles, as JavaScript does.
    public var startUnixMicroseconds: Int64
    /// The length of every interval but the last, which ends with the run and may be shorter.
    public var intervalSeconds: Double
    /// The intervals in time order, from the first slot to the end of the run's duration (or its
    /// end, when it ended earlier); intervals in which nothing happened are there, empty.
    public var intervals: [Interval]

    /// A series of `intervals` of `intervalSeconds`, starting at `startUnixMicroseconds`.
    public init(startUnixMicroseconds: Int64, intervalSeconds: Double, intervals: [Interval]) {
        self.startUnixMicroseconds = startUnixMicroseconds
        self.intervalSeconds = intervalSeconds
        self.intervals = intervals
    }

    /// One interval's figures.
    public struct Interval: Codable, Sendable, Equatable {
        /// Seconds from the series' start to this interval's start.
        public var startSeconds: Double
        /// The interval's length, seconds.
        public var durationSeconds: Double
        /// The requests whose intended start fell in the interval, and how each ended.
        public var outcomes: ScenarioResult.Outcomes
        /// Requests sent per second: `outcomes.sent / durationSeconds`. (The target of an open loop
        /// is `outcomes.scheduled / durationSeconds`.)
        public var achievedRate: Double
        /// Latency from each request's intended start, as for the whole run.
        public var latency: ScenarioResult.Latency
        /// Latency from each request's actual start (open loops only).
        @ExplicitNull public var uncorrectedLatency: ScenarioResult.Latency? = nil
        /// Requests in flight, on average over the interval's wall-clock time (sampled every few
        /// milliseconds); `nil` when no sample fell in it.
        @ExplicitNull public var meanInFlight: Double? = nil
        /// The share of the machine's CPUs the bench process used over the interval's wall-clock time
        /// (0 to 1): near 1, the generator itself is the bottleneck; `nil` when not measured.
        @ExplicitNull public var generatorCPU: Double? = nil

        /// An interval with these figures.
        public init(
            startSeconds: Double, durationSeconds: Double, outcomes: ScenarioResult.Outcomes,
            latency: ScenarioResult.Latency, uncorrectedLatency: ScenarioResult.Latency?
        ) {
            self.startSeconds = startSeconds
            self.durationSeconds = durationSeconds
            self.outcomes = outcomes
            achievedRate = durationSeconds > 0 ? Double(outcomes.sent) / durationSeconds : 0
            self.latency = latency
            self.uncorrectedLatency = uncorrectedLatency
        }
    }
}
