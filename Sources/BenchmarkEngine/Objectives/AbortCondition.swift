/// When a load run stops itself (`--abort-on 'errors>5%'`): conditions written as objectives are,
/// judged while it runs over the last ``window`` of closed intervals, from the end of ``grace`` on
/// (as k6's `abortOnFail` with `delayAbortEval`). The first condition that holds stops the
/// schedule: no request or session starts after it, those under way end as they end, and the run
/// is reported whole up to then, with ``ScenarioResult/abort`` saying why and when.
public struct AbortCondition: Sendable, Equatable {
    /// The conditions, in an objective's words (`p99>1s`: the p99 is above a second); any one that
    /// holds stops the run. Those naming a request are not judged here, nor `rate`.
    public var objectives: [ServiceLevelObjective]
    /// How much of the run's latest intervals each judgment takes, at least one interval.
    public var window: Duration
    /// How long after the start nothing is judged, while the service and the client warm up.
    public var grace: Duration

    /// Stop when any of `objectives` holds over the last `window`, from `grace` after the start on.
    public init(objectives: [ServiceLevelObjective], window: Duration = .seconds(5), grace: Duration = .zero) {
        self.objectives = objectives
        self.window = window
        self.grace = grace
    }

    /// The first condition that holds for the closed intervals below `closedBelow` of `encoded`,
    /// judged over the last window of them; `nil` while none does, or the grace period lasts.
    func breach(in encoded: [Int: IntervalEncoder.Encoded], closedBelow: Int, intervalSeconds: Double) throws(HistogramError)
        -> ScenarioResult.Abort?
    {
        let end = Double(closedBelow) * intervalSeconds
        guard closedBelow > 0, end >= grace.seconds else { return nil }
        let length = max(1, Int((window.seconds / max(intervalSeconds, 1e-9)).rounded(.up)))
        let first = max(0, closedBelow - length)
        var figures: WindowFigures?
        for index in first..<closedBelow {
            guard let interval = encoded[index] else { continue }
            let latency = try Histogram(encoded: interval.latency.histogram)
            let outcomes = ScenarioResult.Outcomes(
                scheduled: interval.sent + interval.missed, sent: interval.sent, missed: interval.missed, succeeded: interval.succeeded,
                errors: interval.errors)
            if var sum = figures {
                try sum.latency.merge(latency)
                sum.outcomes.add(outcomes)
                figures = sum
            } else {
                figures = WindowFigures(latency: latency, outcomes: outcomes, startSeconds: 0, durationSeconds: 0)
            }
        }
        guard let figures else { return nil }
        for objective in objectives where objective.request == nil && objective.metric != .rate {
            guard let value = figures.value(of: objective.metric), objective.isMet(by: value) else { continue }
            return ScenarioResult.Abort(
                objective: objective.description, measured: value, unit: objective.metric.isLatency ? "ns" : "ratio", atSeconds: end)
        }
        return nil
    }
}
