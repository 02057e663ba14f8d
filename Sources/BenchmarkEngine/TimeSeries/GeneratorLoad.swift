/// How hard the load generator itself worked during a run, to tell its limits from the server's.
///
/// Little's law says the requests in flight average the rate times the mean latency; the sampled
/// ``meanInFlight`` is measured independently of both, so the two agreeing is a check on the figures.
public struct GeneratorLoad: Codable, Sendable, Equatable {
    /// ``cpuTime`` in seconds, as the report stores it.
    package var cpuSeconds: Double
    /// `cpuSeconds ÷ (duration × CPUs)`: the share of the machine the bench used (0 to 1).
    public var cpuShare: Double
    /// Requests in flight, the mean of samples taken every few milliseconds.
    public var meanInFlight: Double
    /// The largest number of requests in flight sampled.
    public var peakInFlight: Int
    /// Open loop: requests whose slot a worker took only after it was due, because every worker was
    /// busy; their wait shows in the corrected latency. 0 in a closed loop.
    public var lateStarts: Int
    /// Open loop: how late requests started whose worker was idle, waiting for their slot — the
    /// lateness of the generator's own timers, which grows when its CPUs are saturated. `nil` in a
    /// closed loop, or when no worker ever waited.
    @ExplicitNull public var wakeLateness: LatencySummary? = nil

    /// The share of its runnable time the bench's threads spent waiting for a CPU, run-queue wait ÷
    /// (run + wait), over the run: near 0 on a machine with CPUs to spare, high when something else
    /// (a busy neighbour, another test) starves the generator; `nil` where the system does not say.
    @ExplicitNull public var runQueueWaitShare: Double? = nil
    /// ``runQueueWait`` in seconds, as the report stores it.
    @ExplicitNull package var runQueueWaitSeconds: Double? = nil
    /// The share of the machine's CPUs busy over the run, every process's work included (0 to 1);
    /// `nil` where the system does not say.
    @ExplicitNull public var machineCPUShare: Double? = nil
    /// The machine's one-minute load average at the end of the run; `nil` where the system does
    /// not say.
    @ExplicitNull public var loadAverage: Double? = nil

    /// How long the bench's threads, added up, waited for a CPU while runnable over the run: what
    /// the generator's own scheduling may have added to the latencies it measured.
    public var runQueueWait: Duration? {
        runQueueWaitSeconds.map { Duration(seconds: $0) }
    }

    /// CPU time, user and system, the bench process used during the measured part.
    public var cpuTime: Duration {
        get { Duration(seconds: cpuSeconds) }
        set { cpuSeconds = newValue.seconds }
    }

    /// Figures with these values.
    public init(
        cpuTime: Duration, cpuShare: Double, meanInFlight: Double, peakInFlight: Int, lateStarts: Int,
        wakeLateness: LatencySummary?
    ) {
        self.init(
            cpuSeconds: cpuTime.seconds, cpuShare: cpuShare, meanInFlight: meanInFlight, peakInFlight: peakInFlight,
            lateStarts: lateStarts, wakeLateness: wakeLateness
        )
    }

    /// The same, with its durations in the units the report stores.
    package init(
        cpuSeconds: Double, cpuShare: Double, meanInFlight: Double, peakInFlight: Int, lateStarts: Int, wakeLateness: LatencySummary?
    ) {
        self.cpuSeconds = cpuSeconds
        self.cpuShare = cpuShare
        self.meanInFlight = meanInFlight
        self.peakInFlight = peakInFlight
        self.lateStarts = lateStarts
        self.wakeLateness = wakeLateness
    }
}
