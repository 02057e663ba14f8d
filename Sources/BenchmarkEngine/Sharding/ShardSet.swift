/// The shards a merged run was made of: which were there, what each did, and which were missing.
public struct ShardSet: Codable, Sendable, Equatable {
    /// One shard's part of the merged run, as its own report gave it.
    public struct Member: Codable, Sendable, Equatable {
        /// Which shard.
        public var shard: Shard
        /// The shard's own run identifier.
        public var runID: String
        /// The generator that ran it, when its report says.
        @ExplicitNull public var hostName: String?
        /// When its schedule started, in seconds since 1970 by its generator's clock.
        public var scheduleStartedAt: Double
        /// ``lateStart`` in seconds, as the report stores it.
        @ExplicitNull package var lateStartSeconds: Double? = nil
        /// Its requests, which reconcile on their own.
        public var outcomes: ScenarioResult.Outcomes

        /// How long after the shared start time it was ready to send (``LoadPlan/lateStart``).
        public var lateStart: Duration? {
            get { lateStartSeconds.map { Duration(seconds: $0) } }
            set { lateStartSeconds = newValue?.seconds }
        }

        /// A member with these figures.
        public init(shard: Shard, runID: String, hostName: String?, scheduleStartedAt: Double, outcomes: ScenarioResult.Outcomes) {
            self.shard = shard
            self.runID = runID
            self.hostName = hostName
            self.scheduleStartedAt = scheduleStartedAt
            self.outcomes = outcomes
        }
    }

    /// How many shards the run was split into.
    public var count: Int
    /// The shards merged, by index.
    public var members: [Member]
    /// The indexes of the shards whose reports were not given; empty for a complete run.
    public var missing: [Int]
    /// ``startSpread`` in seconds, as the report stores it.
    package var startSpreadSeconds: Double
    /// The requests the whole run's open-loop schedule has (every shard's slots together), or `nil`
    /// for a closed loop, whose requests are not scheduled ahead.
    @ExplicitNull public var fullSchedule: Int?
    /// ``intervalMisalignment`` in seconds, as the report stores it.
    @ExplicitNull package var intervalMisalignmentSeconds: Double? = nil

    /// The time between the first shard's schedule start and the last's, by their clocks: 0 when
    /// they were given one start time (`--start-at`), else how far apart they were launched.
    public var startSpread: Duration {
        get { Duration(seconds: startSpreadSeconds) }
        set { startSpreadSeconds = newValue.seconds }
    }

    /// How far, at most, a shard's interval started from the merged interval it was added to:
    /// about 0 when the shards were given one start time, else up to half an interval.
    /// `nil` when the shards kept no time series.
    public var intervalMisalignment: Duration? {
        get { intervalMisalignmentSeconds.map { Duration(seconds: $0) } }
        set { intervalMisalignmentSeconds = newValue?.seconds }
    }

    /// A set of shards with these figures.
    public init(count: Int, members: [Member], missing: [Int], startSpread: Duration, fullSchedule: Int?) {
        self.init(count: count, members: members, missing: missing, startSpreadSeconds: startSpread.seconds, fullSchedule: fullSchedule)
    }

    /// The same, with its durations in the units the report stores.
    package init(count: Int, members: [Member], missing: [Int], startSpreadSeconds: Double, fullSchedule: Int?) {
        self.count = count
        self.members = members
        self.missing = missing
        self.startSpreadSeconds = startSpreadSeconds
        self.fullSchedule = fullSchedule
    }

    /// Whether every shard of the run was merged.
    public var isComplete: Bool {
        missing.isEmpty
    }
}
