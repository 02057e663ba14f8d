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
    var minimumRate = 10.0
    var maximumRate = 100_000.0
    /// Each step's measured part; its warm-up comes before it.
    var stepSeconds = 10.0
    /// The warm-up each step discards; `nil` for a fifth of the step in whole intervals.
    var warmupSeconds: Double?
    /// The time series' interval; `nil` for a tenth of the step, at most a second.
    var intervalSeconds: Double?
    /// Bisection stops once the failing rate is within this fraction above the passing one.
    var precision = 0.05
    /// No step starts after this long.
    var maximumTimeSeconds = 600.0
    /// The most requests in flight.
    var concurrency = 256
    var outputDirectory = "Reports"

    static func usage(in suite: BenchSuite) -> String {
        """
        OVERVIEW: Finds the highest request rate a URL sustains within its objectives, step by step.

        USAGE: \(suite.tool) capacity --url <url> --slo <objective>... [--slo-window <w>] [--method <m>]
                              [--header 'Name: value']... [--body <file>] [--timeout <t>]
                              [--decode <mode>] [--decoder <d>] [--transport <t>] [--reactors <n>]
                              [--min-rate <r>] [--max-rate <r>] [--step <d>] [--warmup <d>]
                              [--interval <d>] [--precision <p>] [--max-time <d>]
                              [--concurrency <c>] [--out <dir>]

        OPTIONS:
          --url <url>             http:// or https:// URL every request goes to (a port from 1 to 65535).
        \(RequestOptions.usage(in: suite))
        \(ObjectiveOptions.usage)
          --min-rate <r>          The first step's rate, 0.001–1000000 requests per second. (default: 10)
          --max-rate <r>          The most any step asks for, 0.001–1000000, at least --min-rate.
                                  (default: 100000)
          --step <d>              Each step's measured part, 100ms–1h. (default: 10s)
          --warmup <d>            What each step runs first and discards, 0s–1h. (default: a fifth of
                                  --step in whole intervals)
          --interval <d>          The time series' interval within a step, 100ms–1h, at most --step.
                                  (default: a tenth of --step, at most 1s)
          --precision <p>         Bisection stops once the failing rate is within this much above the
                                  passing one: 0.1%–100%, or a fraction such as 0.05. (default: 5%)
          --max-time <d>          No step starts after this long, 1s–24h. (default: 10m)
          --concurrency <c>       The most requests in flight, 1–4096. (default: 256)
          --out <dir>             Directory for the search's reports, checked before any request is
                                  sent. (default: Reports)
          -h, --help              Shows this help.

        Open-loop steps: the rate doubles from --min-rate until a step breaks an objective, fails
        more than 10% of its requests (an error storm), or shows that the generator could not keep
        its own schedule (its limit, not the server's, and said so); then the gap between the last
        passing and the first failing rate is halved until it is within --precision. A table line
        is printed as each step completes; capacity.json, capacity.csv and summary.md hold every
        step completed, also after Ctrl-C. The search ends within --max-time plus one step (its
        warm-up, --step, and at most --timeout + 1 s for the last requests). Exit status 3 when no
        rate met the objectives; 1 when a step could not run or the reports cannot be written.
        """
    }

    /// The options of `capacity`, validated.
    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> CapacityOptions {
        let usage = usage(in: suite)
        let own: [ArgumentParser.Option] = ["min-rate", "max-rate", "step", "warmup", "interval", "precision", "max-time", "concurrency", "out"]
            .map(ArgumentParser.Option.value)
        let values = try ArgumentParser(options: RequestOptions.options + ObjectiveOptions.options + own, usage: usage).parse(arguments)
        let request = try RequestOptions.parse(values, in: suite, usage: usage)
        var options = CapacityOptions(request: request, objectives: ObjectiveOptions())
        options.minimumRate = try values.number("min-rate", in: 0.001...1_000_000, what: "requests per second") ?? options.minimumRate
        options.maximumRate = try values.number("max-rate", in: 0.001...1_000_000, what: "requests per second") ?? options.maximumRate
        guard options.maximumRate >= options.minimumRate else {
            throw UsageError(message: "invalid value '\(values["max-rate"] ?? "100000")' for '--max-rate' (expected at least '--min-rate', \(values["min-rate"] ?? "10"))", usage: usage)
        }
        if let text = values["step"] {
            options.stepSeconds = try duration(text, option: "step", in: 0.1...3600, described: "100ms to 1h", usage: usage)
        }
        if let text = values["interval"] {
            options.intervalSeconds = try duration(text, option: "interval", in: 0.1...max(0.1, min(3600, options.stepSeconds)), described: "100ms to the step, \(options.stepSeconds) s", usage: usage)
        }
        if let text = values["warmup"] {
            options.warmupSeconds = try duration(text, option: "warmup", in: 0...3600, described: "0s to 1h", usage: usage)
        }
        if let text = values["precision"] {
            let isPercent = text.hasSuffix("%")
            let number = Double(isPercent ? String(text.dropLast()) : text).map { isPercent ? $0 / 100 : $0 }
            guard let number, (0.001...1).contains(number) else {
                throw UsageError(message: "invalid value '\(text)' for '--precision' (expected a percentage from 0.1% to 100% such as 5%, or a fraction such as 0.05)", usage: usage)
            }
            options.precision = number
        }
        if let text = values["max-time"] {
            options.maximumTimeSeconds = try duration(text, option: "max-time", in: 1...86_400, described: "1s to 24h", usage: usage)
        }
        options.concurrency = try values.integer("concurrency", in: 1...4096) ?? options.concurrency
        options.objectives = try ObjectiveOptions.parse(values, intervalSeconds: options.interval, usage: usage)
        guard !options.objectives.objectives.isEmpty else {
            throw UsageError(message: "missing '--slo <objective>': a capacity is the highest rate that meets at least one objective, such as --slo 'p99<=50ms'", usage: usage)
        }
        options.outputDirectory = values["out"] ?? options.outputDirectory
        return options
    }

    /// The duration `text` says, within `range` seconds (`0s` allowed when the range starts at 0),
    /// or a usage error naming `--<option>` and the range, `described` for people.
    private static func duration(_ text: String, option: String, in range: ClosedRange<Double>, described: String, usage: String) throws(UsageError) -> Double {
        let seconds = ["0", "0s", "0ms"].contains(text) ? 0 : try? ArgumentParser.seconds(text, option: option, usage: usage)
        guard let seconds, range.contains(seconds) else {
            throw UsageError(message: "invalid value '\(text)' for '--\(option)' (expected a duration from \(described), such as 10s or 500ms)", usage: usage)
        }
        return seconds
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
        search.stepNanoseconds = LoadConfiguration.nanoseconds(stepSeconds)
        search.warmupNanoseconds = LoadConfiguration.nanoseconds(warmup)
        search.maximumTimeNanoseconds = LoadConfiguration.nanoseconds(maximumTimeSeconds)
        search.intervalNanoseconds = LoadConfiguration.nanoseconds(interval)
        search.concurrency = concurrency
        search.requestTimeoutNanoseconds = LoadConfiguration.nanoseconds(request.timeoutSeconds)
        return search
    }
}
