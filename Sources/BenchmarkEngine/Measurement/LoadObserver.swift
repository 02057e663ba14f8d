/// What watches a load run while it runs, such as a live metrics exporter: it is told the run's
/// settings when it starts, the figures of each interval as the run closes it, the requests in
/// flight as they are sampled, and the run's result at its end.
///
/// Called from the one task that encodes the run's intervals, off the workers' path, so an observer
/// never slows a request; it should return quickly all the same, since the live progress line waits
/// behind it. The figures it is handed add up to the run's totals but for the slots an open loop
/// counts as missed only when the run ends: the result ``loadFinished(_:)`` is handed has the whole
/// run's figures, exactly as its report will.
public protocol LoadObserver: Sendable {
    /// The measured run (not its warm-up) starts, with these settings.
    func loadStarted(_ configuration: LoadConfiguration)
    /// The run's figures for an interval that closed, or a late part of one closed before; `name`
    /// is a mix's request or a journey's step, `nil` for the whole run.
    func recorded(_ figures: IntervalFigures, name: String?)
    /// `count` requests are in flight.
    func sampledInFlight(_ count: Int)
    /// The measured run is over with `result`, before any objective judges it.
    func loadFinished(_ result: ScenarioResult)
}

/// The figures of one interval of a running load, or a late part of one, as a ``LoadObserver`` is
/// handed them.
public struct IntervalFigures: Sendable {
    /// The interval's index in the run's time series.
    public var index: Int
    /// Requests sent whose intended start fell in it.
    public var sent: Int
    /// Of those, the requests that succeeded.
    public var succeeded: Int
    /// Slots of it that no worker started in time (closed intervals only; see ``LoadObserver``).
    public var missed: Int
    /// Of the requests sent, those that failed, by class.
    public var errors: [String: Int]
    /// Their latency from each request's intended start, in nanoseconds.
    public var latency: Histogram

    /// Figures with these values.
    public init(index: Int, sent: Int, succeeded: Int, missed: Int, errors: [String: Int], latency: Histogram) {
        self.index = index
        self.sent = sent
        self.succeeded = succeeded
        self.missed = missed
        self.errors = errors
        self.latency = latency
    }
}
