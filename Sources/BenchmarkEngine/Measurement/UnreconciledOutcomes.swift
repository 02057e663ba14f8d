/// A load run whose requests do not add up: some request due was neither sent nor missed, or some
/// request sent ended in no outcome, or in two. The runner checks every run and every interval of
/// its time series, and throws this rather than write a report whose counts cannot be trusted.
public struct UnreconciledOutcomes: Error, CustomStringConvertible {
    /// The counts that do not add up.
    public let outcomes: ScenarioResult.Outcomes
    /// The interval of the time series they belong to; `nil` for the whole run.
    public let interval: Int?

    /// The counts of the whole run, or of `interval`, that do not add up.
    public init(outcomes: ScenarioResult.Outcomes, interval: Int? = nil) {
        self.outcomes = outcomes
        self.interval = interval
    }

    /// `scheduled 12 = sent 10 + missed 2, sent 10 ≠ succeeded 7 + errors 2`, after `interval 3: `
    /// for an interval.
    public var description: String {
        let scheduling = outcomes.scheduled == outcomes.sent + outcomes.missed ? "=" : "≠"
        let ending = outcomes.sent == outcomes.succeeded + outcomes.failed ? "=" : "≠"
        return (interval.map { "interval \($0): " } ?? "")
            + "scheduled \(outcomes.scheduled) \(scheduling) sent \(outcomes.sent) + missed \(outcomes.missed), "
            + "sent \(outcomes.sent) \(ending) succeeded \(outcomes.succeeded) + errors \(outcomes.failed)"
    }
}
