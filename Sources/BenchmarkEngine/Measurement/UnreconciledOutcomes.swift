/// A load run whose requests do not add up: some request ended in no outcome, or in two. The runner
/// checks every run and throws this rather than write a report whose counts cannot be trusted.
public struct UnreconciledOutcomes: Error, CustomStringConvertible {
    /// The counts that do not add up.
    public let outcomes: ScenarioResult.Outcomes

    /// `sent 10 ≠ succeeded 7 + errors 2`.
    public var description: String {
        "sent \(outcomes.sent) ≠ succeeded \(outcomes.succeeded) + errors \(outcomes.errors.values.reduce(0, +))"
    }
}
