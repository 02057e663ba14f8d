/// A suite that declares something twice or names a scenario so that reports could not tell it
/// apart; found when the executable starts, it ends the process with ``BenchExitCode/usage`` (64).
public enum SuiteError: Error, Equatable, CustomStringConvertible {
    /// A scenario name that breaks a rule; the rule it breaks.
    case invalidScenarioName(String, String)
    /// Two scenarios, models, transports or commands with one name.
    case duplicate(String, String)

    /// One line naming the culprit.
    public var description: String {
        switch self {
        case .invalidScenarioName(let name, let problem):
            "invalid scenario name '\(name.debugDescription.dropFirst().dropLast())': \(problem)"
        case .duplicate(let kind, let name):
            "two \(kind)s are named '\(name)'; every \(kind) needs a name of its own"
        }
    }
}
