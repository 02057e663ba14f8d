import Courier
import Foundation

/// The request `load` and `capacity` send, and how: one URL, its method, header fields and body,
/// the transport, the timeout and what responses are decoded into.
struct RequestOptions: Equatable {
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
                // Only the first word: the rest of a malformed field may be a credential.
                let shown = field.prefix { $0 != ":" && $0 != " " }
                let elided = shown.count < field.count ? "…" : ""
                throw UsageError(message: "invalid header '\(shown)\(elided)' in '--header' (expected 'Name: value')", usage: usage)
            }
            let header = Header(name: name, value: field.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces))
            // What the client would refuse on every request is a usage error before the first. The
            // message names the field and the character, never the value.
            do {
                try HTTPRequest(url: "http://x", headers: HTTPHeaders([header.name: header.value])).validateFields()
            } catch {
                throw UsageError(message: "invalid header in '--header': \(error)", usage: usage)
            }
            return header
        }
    }

    var url: URL
    var method = "GET"
    var headers: [Header] = []
    /// A file whose bytes are sent as the body of every request.
    var bodyFile: String?
    var timeoutSeconds: Double = 10
    /// The largest response body accepted, after decompression: a larger one is counted as
    /// `responseTooLarge`, ended while it arrives.
    var maximumBodySize = HTTPRequest.defaultMaximumResponseBodySize
    var decode = Decode.none
    /// What `decode` decodes with.
    var decoder = DecoderChoice.foundation
    var transport = TransportKind.urlSession
    /// Reactor threads of the curl transport: two where there are two CPUs, because one reactor
    /// saturates its core before a local nginx saturates its own.
    var reactors = min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// The options, for a command's parser.
    static let options: [ArgumentParser.Option] = ["url", "method", "header", "body", "timeout", "max-body", "decode", "decoder", "transport", "reactors"]
        .map(ArgumentParser.Option.value)

    /// Their lines in a command's help, after `--url` (which each command describes itself).
    static func usage(in suite: BenchSuite) -> String {
        let models = suite.models.isEmpty ? "" : " or a model: \(suite.models.map(\.name).joined(separator: ", "))"
        let transports = suite.transports.map { "\($0.name) (\($0.summary))" }.joined(separator: " or ")
        return """
              --method <m>            HTTP method. (default: GET)
              --header 'Name: value'  \(HelpText.wrap("A header field; repeat for more. Reports, messages and the console show REDACTED for \(CommandLineRedaction.rule)."))
              --body <file>           Sends the file's bytes as the body of every request.
              --timeout <t>           Each request's limit, 1ms–24h: from its start to its end (with
                                      curl, from when it leaves the transport's queue). (default: 10s)
              --max-body <size>       The largest response body accepted, counted after decompression
                                      (32MiB, 500KiB, 1GiB, bytes); a larger one ends as it arrives and
                                      counts as responseTooLarge. (default: 32MiB)
              --decode <mode>         \(HelpText.wrap("none (bytes), json (any JSON)\(models). (default: none)"))
              --decoder <d>           foundation (JSONDecoder) or courier (CourierJSONDecoder, faster and
                                      strict); needs --decode json or a model. (default: foundation)
              --transport <t>         \(HelpText.wrap("\(transports). (default: urlsession)"))
              --reactors <n>          Threads of a transport that has its own (curl's reactors), 1–16;
                                      the connections are split between them. (default: 2; 1 on one CPU)
            """
    }

    /// The options `parsed` gives, validated against `suite`'s models and transports.
    static func parse(_ parsed: ArgumentParser.Parsed, in suite: BenchSuite, usage: String) throws(UsageError) -> RequestOptions {
        var options = RequestOptions(url: try url(parsed["url"], usage: usage))
        if let method = parsed["method"] {
            guard method.allSatisfy({ $0.isLetter && $0.isASCII }) else {
                throw UsageError(message: "invalid method '\(method)' in '--method' (expected letters, such as GET or POST)", usage: usage)
            }
            options.method = method.uppercased()
        }
        for field in parsed.all("header") {
            options.headers.append(try Header.parse(field, usage: usage))
        }
        options.bodyFile = parsed["body"]
        if let value = parsed["timeout"] { options.timeoutSeconds = try ArgumentParser.seconds(value, option: "timeout", usage: usage) }
        if let value = parsed["max-body"] { options.maximumBodySize = try ArgumentParser.bytes(value, option: "max-body", usage: usage) }
        if let value = parsed["decode"] {
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
        if let value = parsed["decoder"] {
            guard let decoder = DecoderChoice(rawValue: value) else {
                let choices = DecoderChoice.allCases.map(\.rawValue).joined(separator: " or ")
                throw UsageError(message: "invalid value '\(value)' for '--decoder' (expected \(choices))", usage: usage)
            }
            guard options.decode != .none else {
                throw UsageError(message: "'--decoder' needs '--decode json' or '--decode <model>' (responses are not decoded)", usage: usage)
            }
            options.decoder = decoder
        }
        if let value = parsed["transport"] {
            guard let transport = suite.transports.first(where: { $0.name == value }) else {
                let choices = suite.transports.map(\.name).joined(separator: " or ")
                throw UsageError(message: "invalid value '\(value)' for '--transport' (expected \(choices))", usage: usage)
            }
            options.transport = transport
        }
        options.reactors = try parsed.integer("reactors", in: 1...16) ?? options.reactors
        return options
    }

    /// The `--url` given: http or https, with a host and a port (when it names one) from 1 to
    /// 65535; or a usage error.
    static func url(_ text: String?, usage: String) throws(UsageError) -> URL {
        guard let text else { throw UsageError(message: "missing '--url <url>'", usage: usage) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else {
            throw UsageError(message: "invalid URL '\(Redaction.url(text))' in '--url' (expected http://host[:port]/path)", usage: usage)
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
