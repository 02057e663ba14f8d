/// How a load run drives requests: how many at once, at what rate, for how long.
///
/// However the server behaves, a run ends within ``hardStop`` of its start: requests start
/// only during the duration, each should end within its timeout, and the runner stops waiting after
/// that plus a grace period even for a transport that ignores its own timeout.
public struct LoadConfiguration: Sendable, Equatable {
    /// Workers sending at once; in a closed loop each sends its next request when the last one ends.
    public var concurrency: Int
    /// Requests per second to start, spread evenly (an open loop); `nil` for a closed loop. A rate
    /// that is not a positive finite number schedules only the request at the start. With
    /// ``stages``, the rate the first stage ramps from (`nil`: from 0).
    public var rate: Double?
    /// Stages of a ramping open loop: the rate moves linearly through each stage's target, and holds
    /// the last one until the duration ends (which normally is the stages' total). Empty for a
    /// constant rate or a closed loop.
    public var stages: [LoadStage] = []
    /// The most requests to send; the run also ends at ``duration``, whichever comes first.
    public var maximumRequests: Int?
    /// ``duration`` in the nanoseconds the runner counts in.
    package var durationNanoseconds: UInt64
    /// ``requestTimeout`` in the nanoseconds the runner counts in.
    package var requestTimeoutNanoseconds: UInt64
    /// Requests sent first and not measured; the warm-up is bounded like the run.
    public var warmupRequests: Int
    /// This generator's part of the run: in an open loop, its slots of the whole run's schedule
    /// (``Shard``), whose rate and request limit are the whole run's; in a closed loop, its share of
    /// the request limit. ``Shard/whole`` unless set.
    public var shard = Shard.whole
    /// When the run stops itself before its end (`--abort-on`); `nil` to run its course.
    public var abort: AbortCondition? = nil
    /// The monotonic instant (``Platform/monotonicNanoseconds()``) the schedule starts at, so that
    /// shards told one wall-clock start keep one schedule however late each process wakes; `nil` to
    /// start at the first worker's first request. Requests due before the workers run start late,
    /// their latency counted from when they were due.
    package var startNanoseconds: UInt64?
    /// ``interval`` in the nanoseconds the runner counts in.
    package var intervalNanoseconds = defaultIntervalNanoseconds

    /// The time series' interval unless one is set: a second, as HdrHistogram's logs and k6 use.
    package static let defaultIntervalNanoseconds: UInt64 = 1_000_000_000

    /// What the runner allows past `duration + requestTimeout` for the transport's own timers to fire,
    /// so that requests it times out are counted as it reports them.
    package static let stopGraceNanoseconds: UInt64 = 1_000_000_000

    /// How long to start requests. No request starts after it; those in flight are waited for until
    /// the hard stop.
    public var duration: Duration {
        get { Duration(nanoseconds: durationNanoseconds) }
        set { durationNanoseconds = newValue.nanoseconds }
    }

    /// How long one request may take, as the transport is told; it sets the hard stop.
    public var requestTimeout: Duration {
        get { Duration(nanoseconds: requestTimeoutNanoseconds) }
        set { requestTimeoutNanoseconds = newValue.nanoseconds }
    }

    /// The length of one interval of the run's time series; each request counts in the interval of
    /// its intended start.
    public var interval: Duration {
        get { Duration(nanoseconds: intervalNanoseconds) }
        set { intervalNanoseconds = newValue.nanoseconds }
    }

    /// A configuration with these settings.
    public init(
        concurrency: Int,
        rate: Double? = nil,
        maximumRequests: Int? = nil,
        duration: Duration,
        requestTimeout: Duration = .seconds(60),
        warmupRequests: Int = 0
    ) {
        self.concurrency = concurrency
        self.rate = rate
        self.maximumRequests = maximumRequests
        self.durationNanoseconds = duration.nanoseconds
        self.requestTimeoutNanoseconds = requestTimeout.nanoseconds
        self.warmupRequests = warmupRequests
    }

    /// A ramping open loop: from `startRate` (0 when `nil`) through `stages`, for their total
    /// duration.
    public init(
        concurrency: Int,
        startRate: Double? = nil,
        stages: [LoadStage],
        maximumRequests: Int? = nil,
        requestTimeout: Duration = .seconds(60),
        warmupRequests: Int = 0
    ) {
        self.init(
            concurrency: concurrency, rate: startRate, maximumRequests: maximumRequests,
            duration: Duration(nanoseconds: stages.reduce(0) { $0.addingSaturated($1.durationNanoseconds) }),
            requestTimeout: requestTimeout, warmupRequests: warmupRequests
        )
        self.stages = stages
    }

    /// Whether requests start on a schedule (a rate or stages) rather than when a worker is free.
    public var isOpenLoop: Bool {
        rate != nil || !stages.isEmpty
    }

    /// How long after the start the runner stops waiting for requests still in flight: duration +
    /// request timeout + a grace period of a second, saturating rather than overflowing.
    public var hardStop: Duration {
        Duration(nanoseconds: hardStopNanoseconds)
    }

    /// ``hardStop`` in the nanoseconds the runner counts in.
    package var hardStopNanoseconds: UInt64 {
        durationNanoseconds.addingSaturated(requestTimeoutNanoseconds).addingSaturated(Self.stopGraceNanoseconds)
    }

    /// `seconds` in whole nanoseconds: 0 for anything not above 0 (NaN included), and at most
    /// `UInt64.max` for anything larger, so that no value of a command line can make a conversion trap.
    package static func nanoseconds(_ seconds: Double) -> UInt64 {
        let nanoseconds = seconds * 1e9
        guard nanoseconds > 0 else { return 0 }
        // 2^64 is the smallest Double above UInt64.max; everything below it converts.
        return nanoseconds < 0x1p64 ? UInt64(nanoseconds) : .max
    }
}

extension UInt64 {
    /// The sum, or `UInt64.max` when it would not fit.
    func addingSaturated(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

/// How one request ended, as the load runner counts it.
public enum RequestOutcome: Sendable, Equatable {
    /// The request succeeded.
    case success
    /// The request failed; the class names the kind of failure (`badStatus(503)`, `timeout`, …).
    case failure(String)

    /// The class of a request that got no complete answer within its timeout. The runner counts in
    /// it the requests still in flight at the hard stop: they have run longer than their timeout.
    public static let timeoutClass = "timeout"
    /// The class of a request whose call was cancelled; the runner counts in it the requests in
    /// flight when its caller is cancelled.
    public static let cancelledClass = "cancelled"
    /// The class of a journey's session still going at the hard stop between two steps: it had not
    /// finished, but no request of it failed.
    public static let interruptedClass = "interrupted"
}

/// One stage of a ramping open loop: over ``duration``, the rate moves in a straight line
/// from where the previous stage left it (the first stage from the run's starting rate) to
/// `targetRate`, as k6's ramping-arrival-rate executor does.
public struct LoadStage: Sendable, Equatable, Codable {
    /// ``duration`` in the nanoseconds the runner counts in; the stored (and encoded) field.
    package var durationNanoseconds: UInt64
    /// Requests per second at the end of the stage; 0 stops sending.
    public var targetRate: Double

    /// A stage reaching `targetRate` after `duration`.
    public init(duration: Duration, targetRate: Double) {
        self.durationNanoseconds = duration.nanoseconds
        self.targetRate = targetRate
    }

    /// How long the stage lasts.
    public var duration: Duration {
        get { Duration(nanoseconds: durationNanoseconds) }
        set { durationNanoseconds = newValue.nanoseconds }
    }
}
