import BenchmarkEngine

/// `--abort-on`, `--abort-window` and `--abort-grace`: conditions that stop `load`, or a step of
/// `capacity` and its search, while it runs (`errors>5%`), as k6's thresholds with `abortOnFail`
/// and `delayAbortEval` do.
struct AbortOptions: Equatable, Sendable {
    /// What stops the run; `nil` without `--abort-on`.
    var condition: AbortCondition?

    static let abortOn = OptionDeclaration(
        repeating: "abort-on", value: ObjectiveOptions.objective(for: "abort-on"), valueName: "<objective>",
        help:
            "Stops the run early when this condition holds over the last --abort-window of closed intervals, judged as each interval closes from --abort-grace on; repeat for more, any one stops it. Written as --slo's objectives, whole-run only (not a request's, not rate): such as 'p99>1s' or 'errors>5%'. No request or session starts after it; those under way end as they end, the reports are written whole with why and when the run stopped, and the exit status is 3."
    )
    static let window = OptionDeclaration(
        "abort-window", value: .duration(in: 0.001...3600), default: 5, valueName: "<d>",
        help: "How much of the latest run an --abort-on condition is judged over, in whole intervals (--interval)."
    )
    static let grace = OptionDeclaration(
        "abort-grace", value: .duration(in: 0...3600), default: 5, valueName: "<d>",
        help: "How long after the start no --abort-on condition is judged, while the service and the client warm up."
    )

    /// The options, for a command's declaration.
    static let options: [any CommandLineOption] = [abortOn, window, grace]

    /// The abort condition `parsed` describes; a usage error for an objective it cannot judge.
    static func parse(_ parsed: ParsedCommandLine) throws(UsageError) -> AbortOptions {
        let objectives = try parsed.value(of: abortOn)
        for objective in objectives where objective.request != nil || objective.metric == .rate {
            throw UsageError(
                message:
                    "'--abort-on \(objective)' cannot stop a run: a condition judges the whole run's latency or errors, not a request's or the rate",
                usage: parsed.usage)
        }
        guard !objectives.isEmpty else {
            for option in [window, grace] where parsed.contains(option) {
                throw UsageError(message: "'--\(option.name)' needs at least one '--abort-on'", usage: parsed.usage)
            }
            return AbortOptions()
        }
        return AbortOptions(
            condition: AbortCondition(
                objectives: objectives, window: Duration(seconds: try parsed.value(of: window)),
                grace: Duration(seconds: try parsed.value(of: grace))))
    }
}
