import CourierFixtures
import Foundation

/// Options of `bench load`: one URL driven by the client, as any load tool would.
struct LoadOptions: Equatable {
    /// What the responses are decoded into.
    enum Decode: Equatable {
        /// Kept as bytes: the cost of HTTP alone.
        case none
        /// Parsed as any JSON document (`JSONValue`).
        case json
        /// Decoded into the model of a fixture shape, as the decode scenarios do.
        case model(PayloadShape)
    }

    /// One `--header 'Name: value'`.
    struct Header: Equatable {
        let name: String
        let value: String
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
    var transport = TransportChoice.urlsession
    /// Reactor threads of the curl transport: two where there are two CPUs, because one reactor
    /// saturates its core before a local nginx saturates its own.
    var reactors = min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
    var outputDirectory = "Reports"

    static let usage = """
        OVERVIEW: Drives the Courier client against any HTTP server and writes reports like 'bench run'.

        USAGE: bench load --url <url> [--method <m>] [--header 'Name: value']... [--body <file>]
                          [--concurrency <c>] [--rate <r>] [--duration <d>] [--requests <n>]
                          [--timeout <t>] [--decode none|json|<model>] [--transport urlsession|curl]
                          [--reactors <n>] [--out <dir>]

        OPTIONS:
          --url <url>             http:// or https:// URL every request goes to.
          --method <m>            HTTP method. (default: GET)
          --header 'Name: value'  A header field; repeat for more. Values of secret-looking fields
                                  (Authorization, Cookie, *token*, *key*, …) never reach a report.
          --body <file>           Sends the file's bytes as the body of every request.
          --concurrency <c>       Workers, 1–4096; with --rate, the most requests in flight. (default: 16)
          --rate <r>              Requests per second, started on schedule (open loop); latency is then
                                  measured from each request's intended start.
          --duration <d>          How long to send, such as 10s, 500ms or 2m. (default: 10s)
          --requests <n>          Stop after n requests (and at --duration, if given, or after 1 h).
          --timeout <t>           Per-request timeout. (default: 10s)
          --decode <mode>         none (bytes), json (any JSON) or a fixture model: \(PayloadShape.allCases.map(\.rawValue).joined(separator: ", ")).
                                  (default: none)
          --transport <t>         urlsession (Foundation) or curl (libcurl's multi interface, much
                                  faster; needs libcurl at build time). (default: urlsession)
          --reactors <n>          Reactor threads of the curl transport, 1–16; the connections are
                                  split between them. (default: 2; 1 on one CPU)
          --out <dir>             Directory for run reports. (default: Reports)
          -h, --help              Shows this help.

        Every request ends in one class: success, badStatus(<code>), decoding, timeout,
        connectionRefused, connectionLost, transport(<URLError code>) or cancelled.
        Exit status 1 when not one request succeeded.
        """

    /// The options of `bench load`, validated.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> LoadOptions {
        let parser = ArgumentParser(
            options: [("url", true), ("method", true), ("header", true), ("body", true), ("concurrency", true), ("rate", true),
                      ("duration", true), ("requests", true), ("timeout", true), ("decode", true), ("transport", true), ("reactors", true), ("out", true)],
            usage: usage
        )
        let values = try parser.parse(arguments)
        guard let text = values["url"] else { throw UsageError(message: "missing '--url <url>'", usage: usage) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else {
            throw UsageError(message: "invalid URL '\(text)' in '--url' (expected http://host[:port]/path)", usage: usage)
        }
        var options = LoadOptions(url: url)
        if let method = values["method"] {
            guard method.allSatisfy({ $0.isLetter && $0.isASCII }) else {
                throw UsageError(message: "invalid method '\(method)' in '--method' (expected letters, such as GET or POST)", usage: usage)
            }
            options.method = method.uppercased()
        }
        for field in values.all("header") {
            let name = field.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
            guard field.contains(":"), !name.isEmpty, !name.contains(" "), !field.contains("\r"), !field.contains("\n") else {
                throw UsageError(message: "invalid header '\(field)' in '--header' (expected 'Name: value')", usage: usage)
            }
            let value = field.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
            options.headers.append(Header(name: name, value: value))
        }
        options.bodyFile = values["body"]
        if let value = values["concurrency"] {
            guard let concurrency = Int(value), (1...4096).contains(concurrency) else {
                throw UsageError(message: "invalid value '\(value)' for '--concurrency' (expected an integer from 1 to 4096)", usage: usage)
            }
            options.concurrency = concurrency
        }
        if let value = values["rate"] {
            guard let rate = Double(value), rate > 0, rate.isFinite else {
                throw UsageError(message: "invalid value '\(value)' for '--rate' (expected requests per second above 0)", usage: usage)
            }
            options.rate = rate
        }
        if let value = values["requests"] {
            guard let requests = Int(value), requests > 0 else {
                throw UsageError(message: "invalid value '\(value)' for '--requests' (expected a positive integer)", usage: usage)
            }
            options.requests = requests
            options.durationSeconds = 3600
        }
        if let value = values["duration"] { options.durationSeconds = try seconds(value, option: "duration") }
        if let value = values["timeout"] { options.timeoutSeconds = try seconds(value, option: "timeout") }
        if let value = values["decode"] {
            switch value {
            case "none": options.decode = .none
            case "json": options.decode = .json
            default:
                guard let shape = PayloadShape(rawValue: value) else {
                    let models = PayloadShape.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "unknown decode mode '\(value)' (expected none, json or one of: \(models))", usage: usage)
                }
                options.decode = .model(shape)
            }
        }
        if let value = values["transport"] {
            guard let transport = TransportChoice(rawValue: value), TransportChoice.available.contains(transport) else {
                let choices = TransportChoice.available.map(\.rawValue).joined(separator: " or ")
                throw UsageError(message: "invalid value '\(value)' for '--transport' (expected \(choices))", usage: usage)
            }
            options.transport = transport
        }
        if let value = values["reactors"] {
            guard let reactors = Int(value), (1...16).contains(reactors) else {
                throw UsageError(message: "invalid value '\(value)' for '--reactors' (expected an integer from 1 to 16)", usage: usage)
            }
            options.reactors = reactors
        }
        options.outputDirectory = values["out"] ?? options.outputDirectory
        return options
    }

    /// `10s`, `500ms`, `2m` or a bare number of seconds, above 0 and at most a day.
    static func seconds(_ text: String, option: String, usage: String = usage) throws(UsageError) -> Double {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let unit = units.first { text.hasSuffix($0.suffix) && Double(text.dropLast($0.suffix.count)) != nil }
        let number = Double(unit.map { String(text.dropLast($0.suffix.count)) } ?? text)
        guard let number, number > 0, number * (unit?.scale ?? 1) <= 86_400 else {
            throw UsageError(message: "invalid value '\(text)' for '--\(option)' (expected a duration such as 10s, 500ms or 2m)", usage: usage)
        }
        return number * (unit?.scale ?? 1)
    }
}
