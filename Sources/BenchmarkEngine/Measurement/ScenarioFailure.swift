/// A scenario that ran and produced no results: it threw, or its worker process died under it. A
/// report lists these beside the results (``Report/failedScenarios``), so that a scenario broken by a
/// change cannot vanish from the run and pass a comparison as merely missing.
public struct ScenarioFailure: Codable, Sendable, Equatable {
    /// How the scenario failed.
    public enum Cause: String, Codable, Sendable {
        /// Its body threw an error.
        case threw
        /// Its worker process ended before the scenario did: a trap (a failed precondition, a
        /// force-unwrapped `nil`), a signal, an exit; or left results that could not be read.
        case crashed
    }

    /// The scenario's name.
    public var name: String
    /// How it failed.
    public var cause: Cause
    /// Why, in one line: the error it threw, or how its process ended and the runtime's own message
    /// (`Fatal error: …`) when there was one.
    public var reason: String
    /// Where the failed process's standard error (a crash's backtrace) was kept, relative to the run's
    /// directory; `nil` when nothing was kept.
    @ExplicitNull public var log: String? = nil

    /// A failure of the scenario `name`; `reason` is cut to its first line.
    public init(name: String, cause: Cause, reason: String, log: String? = nil) {
        self.name = name
        self.cause = cause
        self.reason = String(reason.prefix { !$0.isNewline })
        self.log = log
    }

    /// Whether this failure is the scenario that made the result called `resultName`
    /// (``ScenarioResult/isResult(_:of:)``).
    public func accounts(for resultName: String) -> Bool {
        ScenarioResult.isResult(resultName, of: name)
    }
}
