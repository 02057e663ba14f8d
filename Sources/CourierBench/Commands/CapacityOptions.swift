import BenchmarkEngine
import Foundation

/// Options of `capacity`: the request `load` would send, the objectives every step must meet, and
/// how the search steps.
struct CapacityOptions: Equatable {
    /// The request and how it is sent.
    var request: RequestOptions
    /// What every step must meet; at least one.
    var objectives: ObjectiveOptions
    /// The first step's rate and the most any step asks for, requests per second.
    var minimumRate = CapacityOptions.minimumRateOption.defaultValue
    var maximumRate = CapacityOptions.maximumRateOption.defaultValue
    /// Each step's measured part; its warm-up comes before it.
    var stepSeconds = CapacityOptions.step.defaultValue
    /// The warm-up each step discards; `nil` for a fifth of the step in whole intervals.
    var warmupSeconds: Double?
    /// The time series' interval; `nil` for a tenth of the step, at most a second.
    var intervalSeconds: Double?
    /// Bisection stops once the failing rate is within this fraction above the passing one.
    var precision = CapacityOptions.precisionOption.defaultValue
    /// No step starts after this long.
    var maximumTimeSeconds = CapacityOptions.maximumTime.defaultValue
    /// The most requests in flight.
    var concurrency = CapacityOptions.concurrencyOption.defaultValue
    var outputDirectory = CapacityOptions.out.defaultValue

    /// The engine's defaults, which the options' are.
    private static let engine = CapacitySearch(objectives: [])
    static let rate = OptionValue<Double>.number(in: 0.001...1_000_000, what: "requests per second")
    static let minimumRateOption = OptionDeclaration(
        "min-rate", value: rate, default: engine.minimumRate, valueName: "<r>",
        help: "The first step's rate, {range} requests per second."
    )
    static let maximumRateOption = OptionDeclaration(
        "max-rate", value: rate, default: engine.maximumRate, valueName: "<r>",
        help: "The most any step asks for, {range}, at least --min-rate."
    )
    static let step = OptionDeclaration(
        "step", value: .duration(in: 0.1...3600, examples: "10s or 500ms"), default: engine.step.seconds, valueName: "<d>",
        help: "Each step's measured part, {range}."
    )
    static let warmup = OptionDeclaration(
        "warmup", value: .duration(in: 0...3600, examples: "10s or 500ms"), valueName: "<d>",
        help: "What each step runs first and discards, {range}.", defaultDescription: "a fifth of --step in whole intervals"
    )
    static let interval = OptionDeclaration(
        "interval", value: .duration(in: 0.1...3600, examples: "10s or 500ms"), valueName: "<d>",
        help: "The time series' interval within a step, {range}, at most --step.", defaultDescription: "a tenth of --step, at most 1s"
    )
    static let precisionOption = OptionDeclaration(
        "precision",
        value: .fraction(in: 0.001...1, expecting: "a percentage from 0.1% to 100% such as 5%, or a fraction such as 0.05"),
        default: engine.precision, valueName: "<p>",
        help: "Bisection stops once the failing rate is within this much above the passing one: 0.1%–100%, or a fraction such as 0.05."
    )
    static let maximumTime = OptionDeclaration(
        "max-time", value: .duration(in: 1...86_400, examples: "10s or 500ms"), default: engine.maximumTime.seconds,
        valueName: "<d>", help: "No step starts after this long, {range}."
    )
    static let concurrencyOption = OptionDeclaration(
        "concurrency", value: .integer(in: 1...4096), default: engine.concurrency, valueName: "<c>",
        help: "The most requests in flight, {range}."
    )
    static let out = OptionDeclaration(
        "out", value: .directory, default: "Reports", valueName: "<dir>",
        help: "Directory for the search's reports, checked before any request is sent."
    )

    /// What `capacity` takes, for its help, parser, completion and reference.
    static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        let request = RequestOptions.options(in: suite)
        let own: [any CommandLineOption] = [
            minimumRateOption, maximumRateOption, step, warmup, interval, precisionOption, maximumTime, concurrencyOption, out,
        ]
        return CommandDeclaration(
            overview: "Finds the highest request rate a URL sustains within its objectives, step by step.",
            usage: [
                "capacity --url <url> --slo <objective>... " + CommandDeclaration.synopsis(of: [ObjectiveOptions.window] + request + own),
                "capacity --targets <file> [--base-url <url>] --slo <objective>... ...",
            ],
            options: [RequestOptions.url, RequestOptions.targets, RequestOptions.baseURL] + request + ObjectiveOptions.options + own,
            discussion: """
                Open-loop steps: the rate doubles from --min-rate until a step breaks an objective, fails more than 10% of its requests (an error storm), or shows that the generator could not keep its own schedule (its limit, not the server's, and said so); then the gap between the last passing and the first failing rate is halved until it is within --precision. A table line is printed as each step completes; capacity.json, capacity.csv and summary.md hold every step completed, also after Ctrl-C. The search ends within --max-time plus one step (its warm-up, --step, and at most --timeout + 1 s for the last requests). Exit status 3 when no rate met the objectives; 1 when a step could not run or the reports cannot be written; 130 after Ctrl-C (the step in flight is discarded, the others written).
                """
        )
    }

    /// The options of `capacity`, validated.
    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> CapacityOptions {
        let values = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        let usage = values.usage
        let request = try RequestOptions.parse(values, in: suite)
        var options = CapacityOptions(request: request, objectives: ObjectiveOptions())
        options.minimumRate = try values.value(of: minimumRateOption)
        options.maximumRate = try values.value(of: maximumRateOption)
        guard options.maximumRate >= options.minimumRate else {
            throw UsageError(
                message:
                    "invalid value '\(values.text(of: maximumRateOption) ?? "100000")' for '--max-rate' (expected at least '--min-rate', \(values.text(of: minimumRateOption) ?? "10"))",
                usage: usage)
        }
        options.stepSeconds = try values.value(of: step)
        if let seconds = try values.value(of: interval) {
            guard seconds <= max(0.1, options.stepSeconds) else {
                throw UsageError(
                    message:
                        "invalid value '\(values.text(of: interval) ?? "")' for '--interval' (expected a duration from 100ms to the step, \(options.stepSeconds) s, such as 10s or 500ms)",
                    usage: usage)
            }
            options.intervalSeconds = seconds
        }
        options.warmupSeconds = try values.value(of: warmup)
        options.precision = try values.value(of: precisionOption)
        options.maximumTimeSeconds = try values.value(of: maximumTime)
        options.concurrency = try values.value(of: concurrencyOption)
        try options.request.connection.check(concurrency: options.concurrency, usage: usage)
        options.objectives = try ObjectiveOptions.parse(values, intervalSeconds: options.interval)
        try options.objectives.checkRequestNames(options.request.targets?.requests.map(\.name), usage: usage)
        guard !options.objectives.objectives.isEmpty else {
            throw UsageError(
                message:
                    "missing '--slo <objective>': a capacity is the highest rate that meets at least one objective, such as --slo 'p99<=50ms'",
                usage: usage)
        }
        options.outputDirectory = try values.value(of: out)
        return options
    }

    /// The interval each step's time series is kept in.
    var interval: Double {
        intervalSeconds ?? min(1, stepSeconds / 10)
    }

    /// The warm-up each step discards: as given, or a fifth of the step in whole intervals.
    var warmup: Double {
        warmupSeconds ?? (stepSeconds / 5 / interval).rounded() * interval
    }

    /// The search these options describe.
    var search: CapacitySearch {
        var search = CapacitySearch(objectives: objectives.objectives)
        search.window = objectives.window
        search.minimumRate = minimumRate
        search.maximumRate = maximumRate
        search.precision = precision
        search.step = Duration(seconds: stepSeconds)
        search.warmup = Duration(seconds: warmup)
        search.maximumTime = Duration(seconds: maximumTimeSeconds)
        search.interval = Duration(seconds: interval)
        search.concurrency = concurrency
        search.requestTimeout = Duration(seconds: request.timeoutSeconds)
        return search
    }
}
