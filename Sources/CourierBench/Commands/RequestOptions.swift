import Courier
import CourierJSON
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

        /// `--header`'s value (or `--metrics-header`'s): the field `Name: value` says, or what is wrong with it.
        static let value = OptionValue<Header> { field, option throws(InvalidValue) in try parse(field, option: option) }

        /// The field `Name: value` says, or what is wrong with it, naming it and `--<option>`.
        static func parse(_ field: String, option: String = "header") throws(InvalidValue) -> Header {
            let name = field.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
            guard field.contains(":"), !name.isEmpty, !name.contains(" "), !field.contains("\r"), !field.contains("\n") else {
                // Only the first word: the rest of a malformed field may be a credential.
                let shown = field.prefix { $0 != ":" && $0 != " " }
                let elided = shown.count < field.count ? "…" : ""
                throw InvalidValue("invalid header '\(shown)\(elided)' in '--\(option)' (expected 'Name: value')")
            }
            let header = Header(name: name, value: field.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces))
            // What the client would refuse on every request is a usage error before the first. The
            // message names the field and the character, never the value.
            do {
                try HTTPRequest(url: "http://x", headers: HTTPHeaders([header.name: header.value])).validateFields()
            } catch {
                throw InvalidValue("invalid header in '--\(option)': \(error)")
            }
            return header
        }
    }

    var url: URL
    var method = RequestOptions.method.defaultValue
    var headers: [Header] = []
    /// A file whose bytes are sent as the body of every request.
    var bodyFile: String?
    var timeoutSeconds = RequestOptions.timeout.defaultValue
    /// The largest response body accepted, after decompression: a larger one is counted as
    /// `responseTooLarge`, ended while it arrives.
    var maximumBodySize = RequestOptions.maximumBody.defaultValue
    /// The most response bytes the transport holds at once across every request in flight.
    var maximumBodyTotal = RequestOptions.maximumBodyTotal.defaultValue
    var decode = Decode.none
    /// What `decode` decodes with.
    var decoder = RequestOptions.decoder.defaultValue
    var transport = TransportKind.urlSession
    /// Reactor threads of the curl transport: two where there are two CPUs, because one reactor
    /// saturates its core before a local nginx saturates its own.
    var reactors = RequestOptions.reactors.defaultValue
    /// The HTTP version and the connection cap.
    var connection = ConnectionOptions()
    /// Whom to trust over TLS, and who to be.
    var trust = TrustSettings()
    /// The targets file whose mix of requests is sent instead of one request to ``url``
    /// (`--targets`); ``url`` is then its base URL or the origin of its first request.
    var targets: TargetsFile?

    static let url = OptionDeclaration(
        "url", value: .text(), valueName: "<url>",
        help: "http:// or https:// URL every request goes to (a port from 1 to 65535); or --targets."
    )
    static let targets = OptionDeclaration(
        "targets", value: .file, valueName: "<file>",
        help:
            "A targets file (JSON, version 1 or 2; the Request mixes article describes it): named kinds of request sent by weight instead of one --url, their URLs, headers and bodies filled from CSV or JSON Lines data; or (version 2) journeys, sessions of steps that carry values from one answer to the next, with a cookie jar each. Checks on any answer count as check(<name>), and --slo 'checks:rate>=99.9%' judges them. Every report breaks the run down by name. --header adds a field to every request (a request's own field of that name wins); --method and --body belong to the file."
    )
    static let baseURL = OptionDeclaration(
        "base-url", value: .text(), valueName: "<url>",
        help: "The URL a targets file's paths are joined to (http:// or https://, no query); needs --targets."
    )
    /// An HTTP method: letters, sent upper-cased.
    static let methodValue = OptionValue<String> { method, _ throws(InvalidValue) in
        guard method.allSatisfy({ $0.isLetter && $0.isASCII }) else {
            throw InvalidValue("invalid method '\(method)' in '--method' (expected letters, such as GET or POST)")
        }
        return method.uppercased()
    }
    static let method = OptionDeclaration("method", value: methodValue, default: "GET", valueName: "<m>", help: "HTTP method.")
    static let body = OptionDeclaration(
        "body", value: .file, valueName: "<file>", help: "Sends the file's bytes as the body of every request."
    )
    static let timeout = OptionDeclaration(
        "timeout", value: .duration(), default: 10, valueName: "<t>",
        help: "Each request's limit, {range}: from its start to its end (with curl, from when it leaves the transport's queue)."
    )
    static let maximumBody = OptionDeclaration(
        "max-body", value: .bytes, default: HTTPRequest.defaultMaximumResponseBodySize, valueName: "<size>",
        help:
            "The largest response body accepted, counted after decompression (32MiB, 500KiB, 1GiB, bytes); a larger one ends as it arrives and counts as responseTooLarge."
    )
    static let maximumBodyTotal = OptionDeclaration(
        "max-body-total", value: .bytes, default: 256 << 20, valueName: "<size>",
        help:
            "The most response bytes held at once across every request in flight, at least --max-body: a response that would pass it ends at once and counts as responseBudgetExceeded, so that a bomb at any concurrency takes at most this much."
    )
    static let decoder = OptionDeclaration(
        "decoder", value: .choice, default: DecoderChoice.foundation, valueName: "<d>",
        help: "foundation (JSONDecoder) or courier (CourierJSONDecoder, faster and strict); needs --decode json or a model."
    )
    static let reactors = OptionDeclaration(
        "reactors", value: .integer(in: 1...16), default: min(2, max(1, ProcessInfo.processInfo.activeProcessorCount)), valueName: "<n>",
        help:
            "Threads of a transport that has its own (the engine's loops, curl's reactors), {range}; the connections are split between them.",
        defaultDescription: "2; 1 on one CPU"
    )

    /// `--header`, repeated, described by `help`.
    static func header(help: String) -> OptionDeclaration<[Header]> {
        OptionDeclaration(repeating: "header", value: Header.value, valueName: "'Name: value'", help: help)
    }

    /// `--decode`: none, json, or one of `suite`'s models.
    static func decode(in suite: BenchSuite) -> OptionDeclaration<Decode> {
        let models = suite.models.map(\.name)
        let choices = OptionValue<Decode>(completion: .choices(["none", "json"] + models)) { text, _ throws(InvalidValue) in
            switch text {
            case "none": return .none
            case "json": return .json
            default:
                guard let model = suite.models.first(where: { $0.name == text }) else {
                    let named = models.isEmpty ? "" : " or one of: \(models.joined(separator: ", "))"
                    throw InvalidValue("unknown decode mode '\(text)' (expected none, json\(named))")
                }
                return .model(model)
            }
        }
        let named = models.isEmpty ? "" : " or a model: \(models.joined(separator: ", "))"
        return OptionDeclaration(
            "decode", value: choices, default: .none, valueName: "<mode>", help: "none (bytes), json (any JSON)\(named).",
            defaultDescription: "none"
        )
    }

    /// `--transport`: one of `suite`'s transports, its default transport unless given.
    static func transport(in suite: BenchSuite, help: String? = nil) -> OptionDeclaration<TransportKind> {
        let described = suite.transports.map { "\($0.name) (\($0.summary))" }.joined(separator: " or ")
        return OptionDeclaration(
            "transport", value: .choice(suite.transports, name: \.name), default: suite.defaultTransport, valueName: "<t>",
            help: help ?? "\(described)."
        )
    }

    /// The options, for a command's declaration, after `--url` (which each command declares).
    static func options(in suite: BenchSuite) -> [any CommandLineOption] {
        [
            method,
            header(
                help: "A header field; repeat for more. Reports, messages and the console show REDACTED for \(CommandLineRedaction.rule)."),
            body, timeout,
            maximumBody, maximumBodyTotal, decode(in: suite), decoder, transport(in: suite), reactors,
        ] + ConnectionOptions.options + TrustOptions.options
    }

    /// The options `parsed` gives, validated against `suite`'s models and transports.
    static func parse(_ parsed: ParsedCommandLine, in suite: BenchSuite) throws(UsageError) -> RequestOptions {
        var options = try target(parsed)
        options.method = try parsed.value(of: method)
        options.headers = try parsed.value(of: header(help: ""))
        options.bodyFile = try parsed.value(of: body)
        options.timeoutSeconds = try parsed.value(of: timeout)
        options.maximumBodySize = try parsed.value(of: maximumBody)
        options.maximumBodyTotal = try parsed.value(of: maximumBodyTotal)
        if options.maximumBodyTotal < options.maximumBodySize {
            throw UsageError(
                message: "'--max-body-total' (\(options.maximumBodyTotal) bytes) is below '--max-body' (\(options.maximumBodySize) bytes)",
                usage: parsed.usage)
        }
        options.decode = try parsed.value(of: decode(in: suite))
        options.decoder = try parsed.value(of: decoder)
        if parsed.contains(decoder), options.decode == .none {
            throw UsageError(
                message: "'--decoder' needs '--decode json' or '--decode <model>' (responses are not decoded)", usage: parsed.usage)
        }
        options.transport = try parsed.value(of: transport(in: suite))
        options.reactors = try parsed.value(of: reactors)
        options.connection = try ConnectionOptions.parse(parsed)
        options.trust = try TrustOptions.parse(parsed)
        return options
    }

    /// Options for what `parsed` sends: one `--url`, or the mix of a `--targets` file (read whole
    /// here, so that any mistake in it or its data is a usage error before anything is sent) with
    /// `--base-url`.
    private static func target(_ parsed: ParsedCommandLine) throws(UsageError) -> RequestOptions {
        guard let file = try parsed.value(of: targets) else {
            if parsed.contains(baseURL) {
                throw UsageError(
                    message: "'--base-url' needs '--targets' (with one request, '--url' is the whole URL)", usage: parsed.usage)
            }
            return RequestOptions(url: try url(try parsed.value(of: url), usage: parsed.usage))
        }
        for option: any CommandLineOption in [url, method, body] where parsed.contains(option) {
            throw UsageError(
                message:
                    "'--\(option.name)' and '--targets' cannot go together: the targets file gives each request its URL, method and body",
                usage: parsed.usage)
        }
        let base = try parsed.value(of: baseURL).map { text throws(UsageError) in try url(text, usage: parsed.usage, option: "--base-url") }
        let loaded: TargetsFile
        do {
            loaded = try TargetsFile.load(path: file, baseURL: base)
        } catch {
            throw UsageError(message: "invalid targets file: \(error)", usage: parsed.usage)
        }
        guard let origin = base ?? loaded.origin else {
            throw UsageError(
                message: "the targets file '\(file)' names no host before its first variable; give '--base-url' for the run's reports",
                usage: parsed.usage)
        }
        var options = RequestOptions(url: origin)
        options.targets = loaded
        return options
    }

    /// The URL given to `option` (`--url`): http or https, with a host and a port (when it names
    /// one) from 1 to 65535; or a usage error.
    static func url(_ text: String?, usage: String, option: String = "--url") throws(UsageError) -> URL {
        guard let text else { throw UsageError(message: "missing '\(option) <url>'", usage: usage) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw UsageError(
                message: "invalid URL '\(Redaction.url(text))' in '\(option)' (expected http://host[:port]/path)", usage: usage)
        }
        if let port = portText(of: text), !port.isEmpty, Int(port).map({ (1...65535).contains($0) }) != true {
            throw UsageError(message: "invalid port '\(port)' in '\(option)' (expected 1 to 65535)", usage: usage)
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

/// The decoder a load run decodes responses with: `--decoder foundation|courier`.
enum DecoderChoice: String, CaseIterable, Equatable, Sendable {
    /// Foundation's `JSONDecoder`, the client's default.
    case foundation
    /// `CourierJSONDecoder`.
    case courier

    /// A decoder of this kind with its default settings, for `--decode json`.
    func make() -> any ResponseDecoder {
        switch self {
        case .foundation: JSONDecoder()
        case .courier: CourierJSONDecoder()
        }
    }
}
