/// A load run interval by interval: what was scheduled, sent and answered in each, and how fast.
///
/// Each request counts in the interval of its intended start: in an open loop, its slot's due time;
/// in a closed loop, when it was sent. So per interval `scheduled == sent + missed` and
/// `sent == succeeded + Σ errors`, and adding up the intervals gives the whole run exactly, counts
/// and histograms alike.
///
/// Series from several machines running shards of one schedule merge exactly: align their
/// intervals by wall-clock start (``startUnixMicroseconds`` + ``Interval/start``), add the
/// outcomes, merge the histograms and add the rates.
public struct TimeSeries: Codable, Sendable, Equatable {
    /// Wall-clock time at which interval 0 starts (the run's first request slot), in microseconds
    /// since the Unix epoch: exact in a JSON reader that keeps numbers as doubles, as JavaScript does.
    public var startUnixMicroseconds: Int64
    /// ``interval`` in seconds, as the report stores it.
    package var intervalSeconds: Double
    /// The intervals in time order, from the first slot to the end of the run's duration (or its
    /// end, when it ended earlier); intervals in which nothing happened are there, empty.
    public var intervals: [Interval]

    /// The length of every interval but the last, which ends with the run and may be shorter.
    public var interval: Duration {
        get { Duration(seconds: intervalSeconds) }
        set { intervalSeconds = newValue.seconds }
    }

    /// A series of `intervals` of `interval`, starting at `startUnixMicroseconds`.
    public init(startUnixMicroseconds: Int64, interval: Duration, intervals: [Interval]) {
        self.init(startUnixMicroseconds: startUnixMicroseconds, intervalSeconds: interval.seconds, intervals: intervals)
    }

    /// The same, with its durations in the units the report stores.
    package init(startUnixMicroseconds: Int64, intervalSeconds: Double, intervals: [Interval]) {
        self.startUnixMicroseconds = startUnixMicroseconds
        self.intervalSeconds = intervalSeconds
        self.intervals = intervals
    }

    /// One interval's figures.
    public struct Interval: Codable, Sendable, Equatable {
        /// ``start`` in seconds, as the report stores it.
        package var startSeconds: Double
        /// ``duration`` in seconds, as the report stores it.
        package var durationSeconds: Double
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

        /// The time from the series' start to this interval's start.
        public var start: Duration {
            get { Duration(seconds: startSeconds) }
            set { startSeconds = newValue.seconds }
        }

        /// The interval's length.
        public var duration: Duration {
            get { Duration(seconds: durationSeconds) }
            set { durationSeconds = newValue.seconds }
        }

        /// An interval with these figures.
        public init(
            start: Duration, duration: Duration, outcomes: ScenarioResult.Outcomes, latency: ScenarioResult.Latency,
            uncorrectedLatency: ScenarioResult.Latency?
        ) {
            self.init(
                startSeconds: start.seconds, durationSeconds: duration.seconds, outcomes: outcomes, latency: latency,
                uncorrectedLatency: uncorrectedLatency
            )
        }

        /// The same, with its durations in the units the report stores.
        package init(
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

        /// This interval with the latency from each request's actual start in place of the
        /// corrected one, for judging what the server did apart from the generator's lateness.
        var fromActualStart: Interval {
            var interval = self
            interval.latency = uncorrectedLatency ?? latency
            return interval
        }
    }
}
