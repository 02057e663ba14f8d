import BenchmarkEngine
import Foundation

/// Options of `load`: one URL driven by the client, as any load tool would.
struct LoadOptions: Equatable {
    /// The request and how it is sent.
    var request: RequestOptions
    /// Workers; with `--rate` or `--stage`, the most requests in flight at once.
    var concurrency = 16
    /// Requests per second (an open loop); `nil` for a closed loop. With stages, the rate the first
    /// stage ramps from.
    var rate: Double?
    /// The stages of a ramping open loop; empty for a constant rate or a closed loop.
    var stages: [LoadStage] = []
    /// How long to send; when only `--requests` is given, an hour bounds the run; with stages, their
    /// total.
    var durationSeconds: Double = 10
    var requests: Int?
    /// The time series' interval.
    var intervalSeconds: Double = 1
    /// What the run is judged by.
    var objectives = ObjectiveOptions()
    var outputDirectory = "Reports"
    /// This generator's part of the run; the rate, stages, concurrency and request limit stay the
    /// whole run's.
    var shard = Shard.whole
    /// When to start, on the wall clock; `nil` to start at once.
    var startAt: StartTime?
    /// The run's name, the same in every shard's report.
    var runLabel: String?

    static func usage(in suite: BenchSuite) -> String {
        """
        OVERVIEW: Drives the Courier client against any HTTP server and writes reports like 'run'.

        USAGE: \(suite.tool) load --url <url> [--method <m>] [--header 'Name: value']... [--body <file>]
                          [--concurrency <c>] [--rate <r>] [--stage <d>:<r>]... [--duration <d>]
                          [--requests <n>] [--timeout <t>] [--decode none|json|<model>]
                          [--decoder foundation|courier] [--transport <t>] [--reactors <n>]
                          [--interval <d>] [--slo <objective>]... [--slo-window <w>] [--out <dir>]
                          [--shard <i>/<n>] [--start-at <time>] [--run-label <label>]

        OPTIONS:
          --url <url>             http:// or https:// URL every request goes to (a port from 1 to 65535).
        \(RequestOptions.usage(in: suite))
          --concurrency <c>       Workers, 1–4096; with --rate or --stage, the most in flight. (default: 16)
          --rate <r>              Requests per second, 0.001–1000000, started on schedule (open loop);
                                  latency is then measured from each request's intended start. None
                                  starts after --duration: those due but not started are reported
                                  as missed, and the summary says the rate was not reached. With
                                  --stage, the rate the first stage ramps from. (default: 0 there)
          --stage <d>:<r>         A stage of a ramping open loop: over <d> (1ms–24h) the rate moves in a
                                  straight line to <r> requests per second (0–1000000); repeat for the
                                  next, such as --stage 30s:100 --stage 1m:1000 --stage 30s:0. Each
                                  request is due where the integral of the rate reaches it. The
                                  stages' durations add up to the run's (no --duration).
          --duration <d>          How long to start requests, 1ms–24h, such as 10s, 500ms or 2m.
                                  (default: 10s)
          --requests <n>          Stop after n requests, 1–1000000000 (and at --duration, if given,
                                  or after 1 h).
          --interval <d>          The time series' interval, 100ms–1h: each has its rate, latency and
                                  errors in report.json, timeseries.csv and latency.hlog, and on the
                                  live line on a terminal. (default: 1s)
        \(ObjectiveOptions.usage)
          --out <dir>             Directory for run reports, checked before any request is sent.
                                  (default: Reports)
          --shard <i>/<n>         Runs shard i (0 to n-1) of one run split between n generators, 1–1000:
                                  in an open loop (--rate, --stage), requests i, i+n, i+2n, … of the
                                  whole run's schedule at their times; its share of --concurrency (and
                                  of --requests in a closed loop). The other options are the whole
                                  run's. Merge the shards' reports with 'merge'.
          --start-at <time>       Waits until then to start: RFC 3339 (2026-11-30T20:00:00Z) or Unix
                                  seconds, within the next 24 h. A time already past is an error.
          --run-label <label>     The run's name in every shard's report: 1–63 letters, digits, '.',
                                  '_' or '-'.
          -h, --help              Shows this help.

        The run ends within --duration + --timeout + 1 s whatever the server does: a request still in
        flight then has outlived its timeout and is counted as one. Every request ends in one class:
        success, badStatus(<code>), decoding, timeout, connectionRefused, connectionLost,
        transport(<URLError code>) or cancelled; scheduled = sent + missed, sent = succeeded + errors,
        for the run and for each interval. Exit status 3 when an objective (--slo) was not met; 1 when
        not one request succeeded or the report directory cannot be written.

        bench raises its soft descriptor limit (ulimit -n) to the hard one; a run whose connections
        cannot fit in it exits 64 before the first request, saying what to raise. A socket this
        process could not open is counted as clientDescriptorsExhausted, not as the server's refusal.
        """
    }

    /// The options of `load`, validated.
    /// A `--start-at` is judged against `now`.
    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite, now: Date = Date()) throws(UsageError) -> LoadOptions {
        let usage = usage(in: suite)
        let own: [ArgumentParser.Option] = ["concurrency", "rate", "stage", "duration", "requests", "interval", "out", "shard", "start-at", "run-label"]
            .map(ArgumentParser.Option.value)
        let values = try ArgumentParser(options: RequestOptions.options + own + ObjectiveOptions.options, usage: usage).parse(arguments)
        var options = LoadOptions(request: try RequestOptions.parse(values, in: suite, usage: usage))
        options.concurrency = try values.integer("concurrency", in: 1...4096) ?? options.concurrency
        options.rate = try values.number("rate", in: 0.001...1_000_000, what: "requests per second")
        if let requests = try values.integer("requests", in: 1...1_000_000_000) {
            options.requests = requests
            options.durationSeconds = 3600
        }
        if let value = values["duration"] { options.durationSeconds = try ArgumentParser.seconds(value, option: "duration", usage: usage) }
        let stages = values.all("stage")
        if !stages.isEmpty {
            guard values["duration"] == nil else {
                throw UsageError(message: "'--stage' and '--duration' do not go together: the stages' durations add up to the run's", usage: usage)
            }
            options.stages = try StageOption.parse(stages, usage: usage)
            options.durationSeconds = options.stages.reduce(0) { $0 + Double($1.durationNanoseconds) / 1e9 }
        }
        options.intervalSeconds = try interval(values, usage: usage) ?? options.intervalSeconds
        options.objectives = try ObjectiveOptions.parse(values, intervalSeconds: options.intervalSeconds, usage: usage)
        options.outputDirectory = values["out"] ?? options.outputDirectory
        if let value = values["shard"] {
            options.shard = try shard(value, usage: usage)
            try options.checkDivisible(usage: usage)
        }
        if let value = values["start-at"] {
            options.startAt = try StartTime.parse(value, option: "start-at", now: now, usage: usage)
        }
        if let label = values["run-label"] {
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
            guard (1...63).contains(label.count), label.allSatisfy(allowed.contains) else {
                throw UsageError(message: "invalid value '\(label)' for '--run-label' (expected 1 to 63 letters, digits, '.', '_' or '-')", usage: usage)
            }
            options.runLabel = label
        }
        return options
    }

    /// The shard `text` names, `i/n` with `0 ≤ i < n ≤ 1000`, or a usage error.
    static func shard(_ text: String, usage: String) throws(UsageError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let numbers = parts.map { part in part.allSatisfy { $0.isASCII && $0.isNumber } && part.count <= 4 ? Int(part) : nil }
        guard numbers.count == 2, let index = numbers[0], let count = numbers[1], count <= 1000, let shard = Shard(index: index, count: count) else {
            throw UsageError(message: "invalid value '\(text)' for '--shard' (expected <i>/<n> with 0 ≤ i < n ≤ 1000, such as 0/3)", usage: usage)
        }
        return shard
    }

    /// Refuses a split that leaves a shard nothing to do: fewer workers (or closed-loop requests)
    /// than shards.
    private func checkDivisible(usage: String) throws(UsageError) {
        guard concurrency >= shard.count else {
            throw UsageError(message: "'--concurrency \(concurrency)' cannot be shared between \(shard.count) shards (give each at least one worker)", usage: usage)
        }
        if rate == nil, stages.isEmpty, let requests, requests < shard.count {
            throw UsageError(message: "'--requests \(requests)' cannot be shared between \(shard.count) shards (give each at least one)", usage: usage)
        }
    }

    /// `--interval`, from 100 ms to an hour; `nil` when not given.
    static func interval(_ values: ArgumentParser.Parsed, usage: String) throws(UsageError) -> Double? {
        guard let text = values["interval"] else { return nil }
        guard let seconds = try? ArgumentParser.seconds(text, option: "interval", usage: usage), (0.1...3600).contains(seconds) else {
            throw UsageError(message: "invalid value '\(text)' for '--interval' (expected a duration from 100ms to 1h, such as 1s or 500ms)", usage: usage)
        }
        return seconds
    }

    /// This generator's workers: its shard's share of `concurrency`.
    var workers: Int {
        shard.share(of: concurrency)
    }

    /// The load runner's settings for these options: this shard's part of the whole run.
    var configuration: LoadConfiguration {
        let concurrency = workers
        var configuration = if stages.isEmpty {
            LoadConfiguration(
                concurrency: concurrency, rate: rate, maximumRequests: requests,
                durationNanoseconds: LoadConfiguration.nanoseconds(durationSeconds),
                requestTimeoutNanoseconds: LoadConfiguration.nanoseconds(request.timeoutSeconds)
            )
        } else {
            LoadConfiguration(
                concurrency: concurrency, startRate: rate, stages: stages, maximumRequests: requests,
                requestTimeoutNanoseconds: LoadConfiguration.nanoseconds(request.timeoutSeconds)
            )
        }
        configuration.intervalNanoseconds = LoadConfiguration.nanoseconds(intervalSeconds)
        configuration.shard = shard
        return configuration
    }
}
