import BenchmarkEngine

/// `--slo` and `--slo-window`: the service-level objectives a load run is judged by, as `load`,
/// `run` and `capacity` take them.
struct ObjectiveOptions: Equatable, Sendable {
    /// The objectives, in the order given.
    var objectives: [ServiceLevelObjective] = []
    /// What each is judged over.
    var window = ObjectiveWindow.whole
    /// Objectives on the server's own figures (`server:cpu<=80%`), which only `capacity` takes.
    var serverObjectives: [ServerObjective] = []

    /// An objective as `--slo` takes it: on the client's figures, or on a server's.
    enum Given: Equatable, Sendable {
        case client(ServiceLevelObjective)
        case server(ServerObjective)
    }

    /// `--slo`'s value: `server:<name>…` is a server objective unless it reads as an objective of a
    /// request named `server`.
    static let given = OptionValue<Given> { text, option throws(InvalidValue) in
        guard text.hasPrefix(ServerObjective.prefix), (try? ServiceLevelObjective(parsing: text)) == nil else {
            return .client(try objective(for: option).parse(text, for: option))
        }
        do {
            return .server(try ServerObjective(parsing: text))
        } catch {
            throw InvalidValue("invalid objective '\(text)' for '--\(option)': \(error)")
        }
    }

    /// An objective as `--slo` and `--abort-on` take it.
    static func objective(for option: String) -> OptionValue<ServiceLevelObjective> {
        OptionValue { text, _ throws(InvalidValue) in
            do {
                return try ServiceLevelObjective(parsing: text)
            } catch {
                throw InvalidValue("invalid objective '\(text)' for '--\(option)': \(error)")
            }
        }
    }

    static let slo = OptionDeclaration(
        repeating: "slo",
        value: given,
        valueName: "<objective>",
        help:
            "An objective the run must meet; repeat for more. <metric><op><value>: p50…p99.99 (any percentile), max or mean of the latency from each request's intended start, with a unit (ns, us, ms, s); errors (failed share of requests sent) or rate (sent share of the schedule, open loops only) in percent; <, <=, > or >=. Such as 'p99<=50ms', 'errors<=0.1%', 'rate>=99%'. A targets file's request name (or, in run, a journey's step name) and a colon first make it that request's alone, judged over that name's own intervals as the run's are: 'search:p99<=200ms'. In capacity, 'server:<name><op><value>' judges a --query's figure instead: 'server:cpu<=80%' (a percentage compares the query's ratio, 0 to 1). A breach exits 3."
    )
    static let window = OptionDeclaration(
        "slo-window", value: .text(completion: .choices(["whole", "interval"])), default: "whole", valueName: "<w>",
        help:
            "What each objective is judged over: whole (the run), interval (every interval on its own) or a duration (every rolling window that long, in whole intervals)."
    )

    /// The options, for a command's declaration.
    static let options: [any CommandLineOption] = [slo, window]

    /// The objectives `parsed` names, judged over windows no shorter than `intervalSeconds`; server
    /// objectives only `acceptingServer`.
    static func parse(_ parsed: ParsedCommandLine, intervalSeconds: Double, acceptingServer: Bool = false) throws(UsageError)
        -> ObjectiveOptions
    {
        var options = ObjectiveOptions()
        for given in try parsed.value(of: slo) {
            switch given {
            case .client(let objective): options.objectives.append(objective)
            case .server(let objective):
                guard acceptingServer else {
                    throw UsageError(
                        message: "the objective '\(objective)' judges a server's figure, which only 'capacity --server-metrics' reads",
                        usage: parsed.usage)
                }
                options.serverObjectives.append(objective)
            }
        }
        switch try parsed.value(of: window) {
        case "whole": options.window = .whole
        case "interval": options.window = .interval
        case let text:
            guard let seconds = DurationText.seconds(text), seconds >= intervalSeconds else {
                throw UsageError(
                    message:
                        "invalid value '\(text)' for '--slo-window' (expected whole, interval, or a duration of at least the interval, \(intervalSeconds) s, such as 10s)",
                    usage: parsed.usage)
            }
            options.window = .rolling(Duration(seconds: seconds))
        }
        if parsed.contains(window), options.objectives.isEmpty {
            throw UsageError(message: "'--slo-window' needs at least one '--slo'", usage: parsed.usage)
        }
        return options
    }

    /// Refuses an objective naming a request that is not among `names`, a targets file's (`nil` for
    /// a run of one request, which has none), or checks (`checks`, `check(<name>)`) not among
    /// `checks`, the file's check names: it could never be judged.
    func checkRequestNames(_ names: [String]?, checks: [String] = [], usage: String) throws(UsageError) {
        for objective in objectives {
            guard let name = objective.request, names?.contains(name) != true else { continue }
            if ServiceLevelVerdict.namesChecks(name),
                name == "checks" ? !checks.isEmpty : checks.contains(where: { "check(\($0))" == name })
            {
                guard objective.metric == .rate else {
                    throw UsageError(
                        message: "the objective '\(objective)' judges checks, which have a pass rate only ('\(name):rate>=99.9%')",
                        usage: usage)
                }
                continue
            }
            let known =
                names.map { "the targets file names \($0.map { "'\($0)'" }.joined(separator: ", "))" }
                ?? "a run of one '--url' has no names"
            throw UsageError(message: "the objective '\(objective)' names the request '\(name)', but \(known)", usage: usage)
        }
    }

    /// The verdict on `result`, a load run with its time series; `nil` without objectives or for a
    /// result that is not a load run. An objective naming a request judges only a result with
    /// requests by name (a mix's, or a journey's steps): in a suite's run, the others have none.
    func verdict(on result: ScenarioResult) throws -> ServiceLevelVerdict? {
        let applicable = result.requests == nil ? objectives.filter { $0.request == nil } : objectives
        guard !applicable.isEmpty, result.timeSeries != nil else { return nil }
        let isOpenLoop = result.targetRate != nil || result.stages != nil
        return try ServiceLevelVerdict(judging: result, isOpenLoop: isOpenLoop, against: applicable, over: window)
    }

    /// The objectives naming a request that none of `results` could be judged by: no result had
    /// requests by name.
    func unjudged(by results: [ScenarioResult]) -> [ServiceLevelObjective] {
        results.contains { $0.requests != nil } ? [] : objectives.filter { $0.request != nil }
    }
}
