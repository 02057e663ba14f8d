import BenchmarkEngine
import Foundation

/// What a capacity run steps through: rates of an open loop, searched, or workers of a closed loop,
/// swept.
enum CapacitySweepKind: String, CaseIterable, Sendable {
    /// Open-loop steps whose rate grows and is bisected to the highest that meets the objectives.
    case rate
    /// Closed-loop steps at 1, 2, 4, … workers, every one run, and the scalability law fitted.
    case concurrency
}

/// Options of `capacity`: the request `load` would send, the objectives every step must meet, and
/// how the search or sweep steps.
struct CapacityOptions: Equatable {
    /// The request and how it is sent.
    var request: RequestOptions
    /// What every step must meet; at least one.
    var objectives: ObjectiveOptions
    /// What stops a step, and the search or sweep, early (`--abort-on`).
    var abort = AbortOptions()
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
    /// The most requests in flight; a sweep's last level unless levels are given.
    var concurrency = CapacityOptions.concurrencyOption.defaultValue
    /// Rates searched or workers swept.
    var sweep = CapacitySweepKind.rate
    /// A sweep's levels as given; `nil` for 1, 2, 4, … up to the concurrency.
    var givenLevels: [Int]?
    var outputDirectory = CapacityOptions.out.defaultValue
    /// Where the steps' live metrics go.
    var metrics = MetricsOptions()
    /// Where each step's server figures are read, and the queries; `nil` for none.
    var server: ServerMetricsOptions?

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
    static let sweepOption = OptionDeclaration(
        "sweep", value: .choice, default: CapacitySweepKind.rate, valueName: "<kind>",
        help: "rate: search the highest open-loop rate within the objectives; concurrency: closed loops of 1, 2, 4, … workers "
            + "up to --concurrency, every one run, with the Universal Scalability Law fitted (--slo then optional)."
    )
    static let levels = OptionDeclaration(
        "levels", value: .increasingIntegers(in: 1...4096), valueName: "<n,…>",
        help: "With --sweep concurrency, the workers of each step, {range}, each larger than the last.",
        defaultDescription: "1, 2, 4, … up to --concurrency"
    )
    static let out = OptionDeclaration(
        "out", value: .directory, default: "Reports", valueName: "<dir>",
        help: "Directory for the search's reports, checked before any request is sent."
    )

    /// What `capacity` takes, for its help, parser, completion and reference.
    static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        let request = RequestOptions.options(in: suite)
        let own: [any CommandLineOption] = [
            sweepOption, levels, minimumRateOption, maximumRateOption, step, warmup, interval, precisionOption, maximumTime,
            concurrencyOption, out, ServerMetricsOptions.url, ServerMetricsOptions.query,
        ]
        return CommandDeclaration(
            overview:
                "Finds the highest request rate a URL sustains within its objectives, step by step, or sweeps its concurrency and fits how it scales.",
            usage: [
                "capacity --url <url> --slo <objective>... "
                    + CommandDeclaration.synopsis(
                        of: [ObjectiveOptions.window] + request + AbortOptions.options + own + MetricsOptions.options),
                "capacity --targets <file> [--base-url <url>] --slo <objective>... ...",
                "capacity --url <url> --sweep concurrency [--levels <n,…>] [--slo <objective>...] ...",
            ],
            options: [RequestOptions.url, RequestOptions.targets, RequestOptions.baseURL] + request + ObjectiveOptions.options
                + AbortOptions.options + own + MetricsOptions.options,
            discussion: """
                Open-loop steps: the rate doubles from --min-rate until a step breaks an objective, fails more than 10% of its requests (an error storm), or shows that the generator could not keep its own schedule (its limit, not the server's, and said so); then the gap between the last passing and the first failing rate is halved until it is within --precision. A table line is printed as each step completes; capacity.json, capacity.csv and summary.md hold every step completed, also after Ctrl-C. The search ends within --max-time plus one step (its warm-up, --step, and at most --timeout + 1 s for the last requests). With --sweep concurrency the steps are closed loops of 1, 2, 4, … workers (or --levels), every one run; the Universal Scalability Law X(N) = γN / (1 + α(N−1) + βN(N−1)) is fitted to their throughput, with 95% confidence intervals from a bootstrap over the steps' intervals, and the summary says where throughput peaks and, with --slo, the most workers within the objectives. A rate search fits the same law to each step's concurrency by Little's law. A step in which the generator did not keep up (sent under 99% of its plan with workers free, starved of CPUs, or using 90% of them) is never reported as the server's limit (an error storm excepted), and is left out of the fit. --abort-on stops a step as it stops a load run, and the search or sweep with it: the step is kept as far as it went, and the exit status is 3. Exit status 3 when no rate (in a sweep, no level) met the objectives; 1 when a step could not run, the reports cannot be written, or not one request of a sweep succeeded; 130 after Ctrl-C (the step in flight is discarded, the others written). --server-metrics reads the service's own figures for each step's measured part from a Prometheus HTTP API, one --query each (evaluated at the part's end with $window its length, such as rate(process_cpu_seconds_total[$window]); a query without $window is averaged over the part), into capacity.json, capacity.csv, summary.md and report.html beside throughput and latency; --slo 'server:<name><op><value>' judges one. A Prometheus that is down, slow (5 s per query), refusing or answering nonsense never stops the search: each figure it could not give says why, and its objectives go unjudged in that step.
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
        options.sweep = try values.value(of: sweepOption)
        options.givenLevels = try values.value(of: levels)
        if options.sweep == .concurrency {
            for rateOption in [minimumRateOption, maximumRateOption, precisionOption] as [any CommandLineOption]
            where values.text(of: rateOption) != nil {
                throw UsageError(
                    message: "'--\(rateOption.name)' is for a rate search; '--sweep concurrency' steps through workers (see '--levels')",
                    usage: usage)
            }
            if values.text(of: levels) != nil, values.text(of: concurrencyOption) != nil {
                throw UsageError(
                    message: "'--concurrency' and '--levels' both set a sweep's workers: give '--levels' with the largest last",
                    usage: usage)
            }
        } else if values.text(of: levels) != nil {
            throw UsageError(message: "'--levels' needs '--sweep concurrency': a rate search steps through rates", usage: usage)
        }
        try options.request.connection.check(concurrency: options.sweepLevels.max() ?? options.concurrency, usage: usage)
        options.objectives = try ObjectiveOptions.parse(values, intervalSeconds: options.interval, acceptingServer: true)
        try options.objectives.checkRequestNames(
            options.request.targets?.names, checks: options.request.targets?.checkNames ?? [], usage: usage)
        options.server = try ServerMetricsOptions.parse(values, objectives: options.objectives.serverObjectives)
        guard !options.objectives.objectives.isEmpty || !options.objectives.serverObjectives.isEmpty || options.sweep == .concurrency
        else {
            throw UsageError(
                message:
                    "missing '--slo <objective>': a capacity is the highest rate that meets at least one objective, such as --slo 'p99<=50ms'",
                usage: usage)
        }
        options.abort = try AbortOptions.parse(values)
        options.outputDirectory = try values.value(of: out)
        options.metrics = try MetricsOptions.parse(values)
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

    /// A sweep's levels: as given, or 1, 2, 4, … up to the concurrency.
    var sweepLevels: [Int] {
        givenLevels ?? ConcurrencySweep.doubling(upTo: concurrency)
    }

    /// The sweep these options describe.
    var concurrencySweep: ConcurrencySweep {
        var sweep = ConcurrencySweep(objectives: objectives.objectives, levels: sweepLevels)
        sweep.window = objectives.window
        sweep.step = Duration(seconds: stepSeconds)
        sweep.warmup = Duration(seconds: warmup)
        sweep.maximumTime = Duration(seconds: maximumTimeSeconds)
        sweep.interval = Duration(seconds: interval)
        sweep.requestTimeout = Duration(seconds: request.timeoutSeconds)
        sweep.abort = abort.condition
        return sweep
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
        search.abort = abort.condition
        return search
    }
}
