import Foundation

/// Options of `load`: one URL driven by the client, as any load tool would.
struct LoadOptions: Equatable {
    /// What the responses are decoded into.
    enum Decode: Equatable {
        /// Kept as bytes: the cost of HTTP alone.
        case none
        /// Parsed as any JSON document (`JSONValue`).
        case json
        /// Decoded into one of the suite's models.
        case model(ResponseModel)
    }

    /// One `--header 'Name: value'`.
    struct Header: Equatable {
        let name: String
        let value: String

        /// The field `Name: value` says, or a usage error naming it.
        static func parse(_ field: String, usage: String) throws(UsageError) -> Header {
            let name = field.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
            guard field.contains(":"), !name.isEmpty, !name.contains(" "), !field.contains("\r"), !field.contains("\n") else {
                throw UsageError(message: "invalid header '\(field)' in '--header' (expected 'Name: value')", usage: usage)
            }
            return Header(name: name, value: field.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces))
        }
    }

    var url: URL
    var method = "GET"
    var headers: [Header] = []
    /// A file whose bytes are sent as the body of every request.
    var bodyFile: String?
    /// Workers; with `--rate`, the most requests in flight at once.
    var concurrency = 16
    /// Requests per second (an open loop); `nil` for a closed loop.
    var rate: Double?
    /// How long to send; when only `--requests` is given, an hour bounds the run.
    var durationSeconds: Double = 10
    var requests: Int?
    var timeoutSeconds: Double = 10
    var decode = Decode.none
    /// What `decode` decodes with.
    var decoder = DecoderChoice.foundation
    var transport = TransportKind.urlSession
    /// Reactor threads of the curl transport: two where there are two CPUs, because one reactor
    /// saturates its core before a local nginx saturates its own.
    var reactors = min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
    var outputDirectory = "Reports"
    /// This generator's part of the run; the rate, concurrency and request limit stay the whole run's.
    var shard = Shard.whole
    /// When to start, on the wall clock; `nil` to start at once.
    var startAt: StartTime?
    /// The run's name, the same in every shard's report.
    var runLabel: String?

    static func usage(in suite: BenchSuite) -> String {
        let models = suite.models.isEmpty ? "" : " or a model: \(suite.models.map(\.name).joined(separator: ", "))"
        let transports = suite.transports.map { "\($0.name) (\($0.summary))" }.joined(separator: " or ")
        return """
        OVERVIEW: Drives the Courier client against any HTTP server and writes reports like 'run'.

        USAGE: \(suite.tool) load --url <url> [--method <m>] [--header 'Name: value']... [--body <file>]
                          [--concurrency <c>] [--rate <r>] [--duration <d>] [--requests <n>]
                          [--timeout <t>] [--decode none|json|<model>] [--decoder foundation|courier]
                          [--transport <t>] [--reactors <n>] [--out <dir>]
                          [--shard <i>/<n>] [--start-at <time>] [--run-label <label>]

        OPTIONS:
          --url <url>             http:// or https:// URL every request goes to (a port from 1 to 65535).
          --method <m>            HTTP method. (default: GET)
          --header 'Name: value'  A header field; repeat for more. Values of secret-looking fields
                                  (Authorization, Cookie, *token*, *key*, …) never reach a report.
          --body <file>           Sends the file's bytes as the body of every request.
          --concurrency <c>       Workers, 1–4096; with --rate, the most requests in flight. (default: 16)
          --rate <r>              Requests per second, 0.001–1000000, started on schedule (open loop);
                                  latency is then measured from each request's intended start. None
                                  starts after --duration: those due but not started are reported
                                  as missed, and the summary says the rate was not reached.
          --duration <d>          How long to start requests, 1ms–24h, such as 10s, 500ms or 2m.
                                  (default: 10s)
          --requests <n>          Stop after n requests, 1–1000000000 (and at --duration, if given,
                                  or after 1 h).
          --timeout <t>           Each request's limit, 1ms–24h: from its start to its end (with
                                  curl, from when it leaves the transport's queue). (default: 10s)
          --decode <mode>         \(HelpText.wrap("none (bytes), json (any JSON)\(models). (default: none)"))
          --decoder <d>           foundation (JSONDecoder) or courier (CourierJSONDecoder, faster and
                                  strict); needs --decode json or a model. (default: foundation)
          --transport <t>         \(HelpText.wrap("\(transports). (default: urlsession)"))
          --reactors <n>          Threads of a transport that has its own (curl's reactors), 1–16;
                                  the connections are split between them. (default: 2; 1 on one CPU)
          --out <dir>             Directory for run reports, checked before any request is sent.
                                  (default: Reports)
          --shard <i>/<n>         Runs shard i (0 to n-1) of one run split between n generators, 1–1000:
                                  with --rate, requests i, i+n, i+2n, … of the whole run's schedule;
                                  its share of --concurrency (and of --requests without --rate). The
                                  other options are the whole run's. Merge the shards with 'merge'.
          --start-at <time>       Waits until then to start: RFC 3339 (2026-11-30T20:00:00Z) or Unix
                                  seconds, within the next 24 h. A time already past is an error.
          --run-label <label>     The run's name in every shard's report: 1–63 letters, digits, '.',
                                  '_' or '-'.
          -h, --help              Shows this help.

        The run ends within --duration + --timeout + 1 s whatever the server does: a request still in
        flight then has outlived its timeout and is counted as one. Every request ends in one class:
        success, badStatus(<code>), decoding, timeout, connectionRefused, connectionLost,
        transport(<URLError code>) or cancelled; scheduled = sent + missed, sent = succeeded + errors.
        Exit status 1 when not one request succeeded or the report directory cannot be written.
        """
    }

    /// The options of `load`, validated.
    /// A `--start-at` is judged against `now`.
    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite, now: Date = Date()) throws(UsageError) -> LoadOptions {
        let usage = usage(in: suite)
        let names = [
            "url", "method", "header", "body", "concurrency", "rate", "duration", "requests", "timeout", "decode", "decoder", "transport",
            "reactors", "out", "shard", "start-at", "run-label",
        ]
        let values = try ArgumentParser(options: names.map(ArgumentParser.Option.value), usage: usage).parse(arguments)
        var options = LoadOptions(url: try url(values["url"], usage: usage))
        if let method = values["method"] {
            guard method.allSatisfy({ $0.isLetter && $0.isASCII }) else {
                throw UsageError(message: "invalid method '\(method)' in '--method' (expected letters, such as GET or POST)", usage: usage)
            }
            options.method = method.uppercased()
        }
        for field in values.all("header") {
            options.headers.append(try Header.parse(field, usage: usage))
        }
        options.bodyFile = values["body"]
        options.concurrency = try values.integer("concurrency", in: 1...4096) ?? options.concurrency
        options.rate = try values.number("rate", in: 0.001...1_000_000, what: "requests per second")
        if let requests = try values.integer("requests", in: 1...1_000_000_000) {
            options.requests = requests
            options.durationSeconds = 3600
        }
        if let value = values["duration"] { options.durationSeconds = try ArgumentParser.seconds(value, option: "duration", usage: usage) }
        if let value = values["timeout"] { options.timeoutSeconds = try ArgumentParser.seconds(value, option: "timeout", usage: usage) }
        if let value = values["decode"] {
            switch value {
            case "none": options.decode = .none
            case "json": options.decode = .json
            default:
                guard let model = suite.models.first(where: { $0.name == value }) else {
                    let models = suite.models.isEmpty ? "" : " or one of: \(suite.models.map(\.name).joined(separator: ", "))"
                    throw UsageError(message: "unknown decode mode '\(value)' (expected none, json\(models))", usage: usage)
                }
                options.decode = .model(model)
            }
        }
        if let value = values["decoder"] {
            guard let decoder = DecoderChoice(rawValue: value) else {
                let choices = DecoderChoice.allCases.map(\.rawValue).joined(separator: " or ")
                throw UsageError(message: "invalid value '\(value)' for '--decoder' (expected \(choices))", usage: usage)
            }
            guard options.decode != .none else {
                throw UsageError(message: "'--decoder' needs '--decode json' or '--decode <model>' (responses are not decoded)", usage: usage)
            }
            options.decoder = decoder
        }
        if let value = values["transport"] {
            guard let transport = suite.transports.first(where: { $0.name == value }) else {
                let choices = suite.transports.map(\.name).joined(separator: " or ")
                throw UsageError(message: "invalid value '\(value)' for '--transport' (expected \(choices))", usage: usage)
            }
            options.transport = transport
        }
        options.reactors = try values.integer("reactors", in: 1...16) ?? options.reactors
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
        if rate == nil, let requests, requests < shard.count {
            throw UsageError(message: "'--requests \(requests)' cannot be shared between \(shard.count) shards (give each at least one)", usage: usage)
        }
    }

    /// The `--url` given: http or https, with a host and a port (when it names one) from 1 to
    /// 65535; or a usage error.
    static func url(_ text: String?, usage: String) throws(UsageError) -> URL {
        guard let text else { throw UsageError(message: "missing '--url <url>'", usage: usage) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else {
            throw UsageError(message: "invalid URL '\(text)' in '--url' (expected http://host[:port]/path)", usage: usage)
        }
        if let port = portText(of: text), !port.isEmpty, Int(port).map({ (1...65535).contains($0) }) != true {
            throw UsageError(message: "invalid port '\(port)' in '--url' (expected 1 to 65535)", usage: usage)
        }
        return url
    }

    /// The port as written in the authority of the URL `text` (after any user info, and after the
    /// brackets of an IPv6 address), or `nil` when it names none. Foundation reads ports past 65535,
    /// and a port too large for an `Int` as none at all, so the text itself is checked.
    private static func portText(of text: String) -> Substring? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        var authority = text[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") { authority = authority[authority.index(after: close)...] }
        guard let colon = authority.firstIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }
}
