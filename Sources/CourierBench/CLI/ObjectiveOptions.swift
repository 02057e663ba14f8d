import BenchmarkEngine

/// `--slo` and `--slo-window`: the service-level objectives a load run is judged by, as `load`,
/// `run` and `capacity` take them.
struct ObjectiveOptions: Equatable, Sendable {
    /// The objectives, in the order given.
    var objectives: [ServiceLevelObjective] = []
    /// What each is judged over.
    var window = ObjectiveWindow.whole

    /// The options, for a command's parser.
    static let options: [ArgumentParser.Option] = [.value("slo"), .value("slo-window")]

    /// Their lines in a command's help.
    static let usage = """
          --slo <objective>       An objective the run must meet; repeat for more. <metric><op><value>:
                                  p50…p99.99 (any percentile), max or mean of the latency from each
                                  request's intended start, with a unit (ns, us, ms, s); errors (failed
                                  share of requests sent) or rate (sent share of the schedule, open
                                  loops only) in percent; <, <=, > or >=. Such as 'p99<=50ms',
                                  'errors<=0.1%', 'rate>=99%'. A breach exits 3.
          --slo-window <w>        What each objective is judged over: whole (the run), interval (every
                                  interval on its own) or a duration (every rolling window that long,
                                  in whole intervals). (default: whole)
        """

    /// The objectives `parsed` names, judged over windows no shorter than `intervalSeconds`.
    static func parse(_ parsed: ArgumentParser.Parsed, intervalSeconds: Double, usage: String) throws(UsageError) -> ObjectiveOptions {
        var options = ObjectiveOptions()
        for text in parsed.all("slo") {
            do {
                options.objectives.append(try ServiceLevelObjective(parsing: text))
            } catch {
                throw UsageError(message: "invalid objective '\(text)' for '--slo': \(error)", usage: usage)
            }
        }
        switch parsed["slo-window"] {
        case nil, "whole": options.window = .whole
        case "interval": options.window = .interval
        case let text?:
            guard let seconds = try? ArgumentParser.seconds(text, option: "slo-window", usage: usage), seconds >= intervalSeconds else {
                throw UsageError(message: "invalid value '\(text)' for '--slo-window' (expected whole, interval, or a duration of at least the interval, \(intervalSeconds) s, such as 10s)", usage: usage)
            }
            options.window = .rolling(nanoseconds: LoadConfiguration.nanoseconds(seconds))
        }
        if parsed["slo-window"] != nil, options.objectives.isEmpty {
            throw UsageError(message: "'--slo-window' needs at least one '--slo'", usage: usage)
        }
        return options
    }

    /// The verdict on `result`, a load run with its time series; `nil` without objectives or for a
    /// result that is not a load run.
    func verdict(on result: ScenarioResult) throws -> ServiceLevelVerdict? {
        guard !objectives.isEmpty, let series = result.timeSeries else { return nil }
        let isOpenLoop = result.targetRate != nil || result.stages != nil
        return try ServiceLevelVerdict(judging: series.intervals, isOpenLoop: isOpenLoop, against: objectives, over: window)
    }
}
