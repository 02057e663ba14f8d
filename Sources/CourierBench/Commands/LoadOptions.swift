import BenchmarkEngine
import Foundation

/// Options of `load`: one URL driven by the client, as any load tool would.
struct LoadOptions: Equatable {
    /// The request and how it is sent.
    var request: RequestOptions
    /// Workers; with `--rate` or `--stage`, the most requests in flight at once.
    var concurrency = LoadOptions.concurrency.defaultValue
    /// Requests per second (an open loop); `nil` for a closed loop. With stages, the rate the first
    /// stage ramps from.
    var rate: Double?
    /// The stages of a ramping open loop; empty for a constant rate or a closed loop.
    var stages: [LoadStage] = []
    /// How long to send; when only `--requests` is given, an hour bounds the run; with stages, their
    /// total.
    var durationSeconds = LoadOptions.duration.defaultValue
    var requests: Int?
    /// The time series' interval.
    var intervalSeconds = LoadOptions.interval.defaultValue
    /// What the run is judged by.
    var objectives = ObjectiveOptions()
    /// What stops the run early (`--abort-on`).
    var abort = AbortOptions()
    var outputDirectory = LoadOptions.out.defaultValue
    /// This generator's part of the run; the rate, stages, concurrency and request limit stay the
    /// whole run's.
    var shard = Shard.whole
    /// When to start, on the wall clock; `nil` to start at once.
    var startAt: StartTime?
    /// The run's name, the same in every shard's report.
    var runLabel: String?
    /// Where its live metrics go.
    var metrics = MetricsOptions()

    static let concurrency = OptionDeclaration(
        "concurrency", value: .integer(in: 1...4096), default: 16, valueName: "<c>",
        help: "Workers, {range}; with --rate or --stage, the most in flight."
    )
    static let rate = OptionDeclaration(
        "rate", value: .number(in: 0.001...1_000_000, what: "requests per second"), valueName: "<r>",
        help:
            "Requests per second, {range}, started on schedule (open loop); latency is then measured from each request's intended start. None starts after --duration: those due but not started are reported as missed, and the summary says the rate was not reached. With --stage, the rate the first stage ramps from.",
        defaultDescription: "0 there"
    )
    static let duration = OptionDeclaration(
        "duration", value: .duration(), default: 10, valueName: "<d>",
        help: "How long to start requests, {range}, such as 10s, 500ms or 2m."
    )
    static let requests = OptionDeclaration(
        "requests", value: .integer(in: 1...1_000_000_000), valueName: "<n>",
        help: "Stop after n requests, {range} (and at --duration, if given, or after 1 h)."
    )
    static let interval = OptionDeclaration(
        "interval", value: .duration(in: 0.1...3600, examples: "1s or 500ms"), default: 1, valueName: "<d>",
        help:
            "The time series' interval, {range}: each has its rate, latency and errors in report.json, timeseries.csv and latency.hlog, and on the live line on a terminal."
    )
    static let out = OptionDeclaration(
        "out", value: .directory, default: "Reports", valueName: "<dir>",
        help: "Directory for run reports, checked before any request is sent."
    )
    static let shard = OptionDeclaration(
        "shard", value: OptionValue { text, _ throws(InvalidValue) in try parseShard(text) }, valueName: "<i>/<n>",
        help:
            "Runs shard i (0 to n-1) of one run split between n generators, 1–1000: in an open loop (--rate, --stage), requests i, i+n, i+2n, … of the whole run's schedule at their times; its share of --concurrency (and of --requests in a closed loop). The other options are the whole run's. Merge the shards' reports with 'merge'."
    )
    static let startAt = OptionDeclaration(
        "start-at", value: .text(), valueName: "<time>",
        help:
            "Waits until then to start: RFC 3339 (2026-11-30T20:00:00Z) or Unix seconds, within the next 24 h. A time already past is an error."
    )
    static let runLabel = OptionDeclaration(
        "run-label",
        value: OptionValue { label, _ throws(InvalidValue) in
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
            guard (1...63).contains(label.count), label.allSatisfy(allowed.contains) else {
                throw .expected("1 to 63 letters, digits, '.', '_' or '-'", not: label, for: "run-label")
            }
            return label
        },
        valueName: "<label>", help: "The run's name in every shard's report: 1–63 letters, digits, '.', '_' or '-'."
    )

    /// What `load` takes, for its help, parser, completion and reference.
    static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        let options =
            RequestOptions.options(in: suite) + [concurrency, rate, StageOption.declaration, duration, requests, interval]
            + ObjectiveOptions.options + AbortOptions.options + [out, shard, startAt, runLabel] + MetricsOptions.options
        return CommandDeclaration(
            overview: "Drives the Courier client against any HTTP server and writes reports like 'run'.",
            usage: ["load --url <url> " + CommandDeclaration.synopsis(of: options), "load --targets <file> [--base-url <url>] ..."],
            options: [RequestOptions.url, RequestOptions.targets, RequestOptions.baseURL] + options,
            discussion: """
                The run ends within --duration + --timeout + 1 s whatever the server does: a request still in flight then has outlived its timeout and is counted as one. Every request ends in one class: success, badStatus(<code>), decoding, timeout, connectionRefused, clientDescriptorsExhausted, connectionLost, invalidFraming, truncated, responseTooLarge, responseBudgetExceeded, http2Stream(<code>), http2GoAway(<code>), tls(untrusted|expired|wrongHost|protocolMismatch|clientCertificate|handshake), transport(<URLError code>), invalidField, invalidURL, encoding, cancelled or (a targets file's once data run out) dataExhausted; scheduled = sent + missed, sent = succeeded + errors, for the run and for each interval. Exit status 3 when an objective (--slo) was not met or an --abort-on objective stopped the run; 1 when not one request succeeded or the report directory cannot be written.

                bench raises its soft descriptor limit (ulimit -n) to the hard one; a run whose connections cannot fit in it exits 64 before the first request, saying what to raise. A socket this process could not open is counted as clientDescriptorsExhausted, not as the server's refusal.
                """
        )
    }

    /// The options of `load`, validated.
    /// A `--start-at` is judged against `now`.
    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite, now: Date = Date()) throws(UsageError) -> LoadOptions {
        let values = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        let usage = values.usage
        var options = LoadOptions(request: try RequestOptions.parse(values, in: suite))
        options.concurrency = try values.value(of: concurrency)
        options.rate = try values.value(of: rate)
        if let requests = try values.value(of: requests) {
            options.requests = requests
            options.durationSeconds = 3600
        }
        if values.contains(duration) { options.durationSeconds = try values.value(of: duration) }
        let stages = try values.value(of: StageOption.declaration)
        if !stages.isEmpty {
            guard !values.contains(duration) else {
                throw UsageError(
                    message: "'--stage' and '--duration' do not go together: the stages' durations add up to the run's", usage: usage)
            }
            options.stages = try StageOption.parse(stages, usage: usage)
            options.durationSeconds = options.stages.reduce(0) { $0 + $1.duration.seconds }
        }
        options.intervalSeconds = try values.value(of: interval)
        options.objectives = try ObjectiveOptions.parse(values, intervalSeconds: options.intervalSeconds)
        try options.objectives.checkRequestNames(
            options.request.targets?.names, checks: options.request.targets?.checkNames ?? [], usage: usage)
        options.abort = try AbortOptions.parse(values)
        options.outputDirectory = try values.value(of: out)
        try options.request.connection.check(concurrency: options.concurrency, usage: usage)
        if let shard = try values.value(of: shard) {
            options.shard = shard
            try options.checkDivisible(usage: usage)
        }
        if let value = try values.value(of: startAt) {
            options.startAt = try StartTime.parse(value, option: "start-at", now: now, usage: usage)
        }
        options.runLabel = try values.value(of: runLabel)
        options.metrics = try MetricsOptions.parse(values)
        return options
    }

    /// The shard `text` names, `i/n` with `0 ≤ i < n ≤ 1000`, or a usage error.
    static func parseShard(_ text: String) throws(InvalidValue) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let numbers = parts.map { part in part.allSatisfy { $0.isASCII && $0.isNumber } && part.count <= 4 ? Int(part) : nil }
        guard numbers.count == 2, let index = numbers[0], let count = numbers[1], count <= 1000,
            let shard = Shard(index: index, count: count)
        else {
            throw .expected("<i>/<n> with 0 ≤ i < n ≤ 1000, such as 0/3", not: text, for: "shard")
        }
        return shard
    }

    /// Refuses a split that leaves a shard nothing to do: fewer workers (or closed-loop requests)
    /// than shards.
    private func checkDivisible(usage: String) throws(UsageError) {
        guard concurrency >= shard.count else {
            throw UsageError(
                message: "'--concurrency \(concurrency)' cannot be shared between \(shard.count) shards (give each at least one worker)",
                usage: usage)
        }
        if rate == nil, stages.isEmpty, let requests, requests < shard.count {
            throw UsageError(
                message: "'--requests \(requests)' cannot be shared between \(shard.count) shards (give each at least one)", usage: usage)
        }
    }

    /// This generator's workers: its shard's share of `concurrency`.
    var workers: Int {
        shard.share(of: concurrency)
    }

    /// The load runner's settings for these options: this shard's part of the whole run.
    var configuration: LoadConfiguration {
        let concurrency = workers
        var configuration =
            if stages.isEmpty {
                LoadConfiguration(
                    concurrency: concurrency, rate: rate, maximumRequests: requests,
                    duration: Duration(seconds: durationSeconds), requestTimeout: Duration(seconds: request.timeoutSeconds)
                )
            } else {
                LoadConfiguration(
                    concurrency: concurrency, startRate: rate, stages: stages, maximumRequests: requests,
                    requestTimeout: Duration(seconds: request.timeoutSeconds)
                )
            }
        configuration.interval = Duration(seconds: intervalSeconds)
        configuration.shard = shard
        configuration.abort = abort.condition
        return configuration
    }
}
