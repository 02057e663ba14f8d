import BenchmarkEngine
import Courier
import Foundation

/// A HAR 1.2 export (a browser's or a proxy's recording) turned into a version-1 targets file: one
/// request per kind of request recorded, weighted by how often it was, with its secrets left out;
/// or (``Options/asJourney``) a version-2 file of one journey, the recording's requests in its order
/// with its pauses, and the values that look carried from an answer to a later request pointed out
/// (``CarriedValue``).
///
/// A kind is a method and a URL with its query values and its id-like path segments set aside:
/// `GET https://host/issues/123?page=2` and `GET https://host/issues/456?page=3` are one kind, named
/// `GET /issues/{id}?page=`, weight 2. Its URL, header fields and body are those of its first
/// recording, so the file replays real requests in the recording's proportions.
///
/// What is never written: header fields whose names are secret by ``Redaction/isSecret(name:)``
/// (`Cookie`, `Authorization`, `X-Api-Key`, …) and the recording's cookies, dropped whole; the value
/// of a secret query parameter, of a secret form field and of a secret JSON member, written
/// ``Redaction/placeholder``; a URL's user and password. Hop-by-hop and browser-made fields (`Host`,
/// `Connection`, `Accept-Encoding`, HTTP/2 pseudo-fields, `sec-*`, `User-Agent`, …) are dropped as
/// noise. `{{` in a URL, a header value or a body is written `{{{{`, so it is sent as recorded.
struct HARConversion: Sendable, Equatable {
    /// What is kept of the recording.
    struct Options: Sendable, Equatable {
        /// Whether requests for images, fonts, style sheets and scripts are kept.
        var includesStatic = false
        /// The hosts whose requests are kept, ignoring case (`api.example.com` or `host:8443`);
        /// every host when empty.
        var hosts: [String] = []
        /// URLs starting with this (`https://api.example.com/v2`, no trailing `/`) are written as
        /// paths after it, for `--base-url` to aim elsewhere.
        var baseURL: String?
        /// Whether to write one journey of the requests in the recording's order, with its pauses,
        /// instead of a weighted mix of kinds.
        var asJourney = false
    }

    /// What the conversion did, for the one line the command prints.
    struct Summary: Sendable, Equatable {
        /// Entries in the recording.
        var entries = 0
        /// Requests written: kinds of request.
        var kinds = 0
        /// Entries left out as static assets.
        var staticLeftOut = 0
        /// Entries left out for their host (`--host`).
        var otherHostsLeftOut = 0
        /// Entries left out for a scheme other than http and https (`data:`, `ws:`, …).
        var notHTTPLeftOut = 0
        /// Secret header fields dropped, counted in every entry kept.
        var secretHeadersDropped = 0
        /// Secret values replaced in the URLs and bodies written.
        var secretValuesRedacted = 0
        /// Bodies not written: multipart, or recorded without their text.
        var bodiesLeftOut = 0
        /// Whether the kinds are a journey's steps.
        var isJourney = false

        /// The line `tool har` prints on standard error once `output` is written; it names no value.
        func line(tool: String, output: String) -> String {
            var parts = ["read \(entries) entries", "wrote \(kinds) \(isJourney ? "steps of a journey" : "request kinds") to '\(output)'"]
            var leftOut: [String] = []
            if staticLeftOut > 0 { leftOut.append("\(staticLeftOut) static (--include-static keeps them)") }
            if otherHostsLeftOut > 0 { leftOut.append("\(otherHostsLeftOut) to other hosts") }
            if notHTTPLeftOut > 0 { leftOut.append("\(notHTTPLeftOut) not http(s)") }
            if !leftOut.isEmpty { parts.append("left out " + leftOut.joined(separator: ", ")) }
            if secretHeadersDropped > 0 {
                parts.append(
                    "dropped \(secretHeadersDropped) secret header fields (give them at run time: \(tool) load --targets … --header 'Name: value')"
                )
            }
            if secretValuesRedacted > 0 { parts.append("wrote \(Redaction.placeholder) for \(secretValuesRedacted) secret values") }
            if bodiesLeftOut > 0 { parts.append("left out \(bodiesLeftOut) bodies that are multipart or not recorded as text") }
            return "har: " + parts.joined(separator: "; ")
        }
    }

    /// The targets file, as JSON.
    let targets: Data
    /// What was read, kept and left out.
    let summary: Summary
    /// In a journey, the values of answers that later requests send, for the user to turn into
    /// extractions; empty for a mix.
    var carried: [CarriedValue] = []

    /// The targets file the HAR `data` (named `file` in errors) makes, keeping what `options` say.
    /// A file that is not JSON or not a HAR, an entry without a request, a method or a URL, or a
    /// recording with nothing left to write throws ``InvalidInput``, naming the entry's index.
    init(_ data: Data, file: String, options: Options) throws(InvalidInput) {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw InvalidInput("'\(file)' is not JSON")
        }
        guard case .object(let top) = json, case .object(let log)? = top["log"], case .array(let entries)? = log["entries"] else {
            throw InvalidInput("'\(file)' is not a HAR export: it has no log.entries array")
        }
        var summary = Summary(entries: entries.count, isJourney: options.asJourney)
        var kinds: [Kind] = []
        var kindIndex: [String: Int] = [:]
        var steps: [(kind: Kind, recorded: Recorded)] = []
        for (index, entry) in entries.enumerated() {
            let recorded = try Recorded(entry, at: "'\(file)': log.entries[\(index)]")
            guard let url = RecordedURL(recorded.url) else {
                summary.notHTTPLeftOut += 1
                continue
            }
            if !options.hosts.isEmpty, !options.hosts.contains(where: url.matches(host:)) {
                summary.otherHostsLeftOut += 1
                continue
            }
            if !options.includesStatic, recorded.isStatic || url.hasStaticExtension {
                summary.staticLeftOut += 1
                continue
            }
            let headers = Self.headers(recorded.headers)
            summary.secretHeadersDropped += headers.secrets
            let key = "\(recorded.method) \(url.origin)\(url.kindPath)"
            if !options.asJourney, let existing = kindIndex[key] {
                kinds[existing].weight += 1
                continue
            }
            let (written, urlSecrets) = url.written(relativeTo: options.baseURL)
            let (body, bodySecrets) = Self.body(recorded.postData)
            summary.secretValuesRedacted += urlSecrets + bodySecrets
            if body == nil, recorded.postData != nil { summary.bodiesLeftOut += 1 }
            let kind = Kind(method: recorded.method, url: url, written: written, headers: headers.kept, body: body)
            if options.asJourney {
                steps.append((kind, recorded))
            } else {
                kindIndex[key] = kinds.count
                kinds.append(kind)
            }
        }
        if options.asJourney { kinds = steps.map(\.kind) }
        guard !kinds.isEmpty else {
            throw InvalidInput(
                "'\(file)' leaves no request to write: \(summary.entries) entries, \(summary.staticLeftOut) static (--include-static keeps them), \(summary.otherHostsLeftOut) to other hosts (--host), \(summary.notHTTPLeftOut) not http(s)"
            )
        }
        summary.kinds = kinds.count
        let origins = Set(kinds.map(\.url.origin))
        var names: [String] = []
        var requests = kinds.map { kind in
            var name = "\(kind.method) \(origins.count > 1 ? kind.url.origin : "")\(kind.url.kindPath)"
            // A journey sends a kind as often as it was recorded; each step is a row of its own.
            let repeats = names.filter { $0 == name || $0.hasPrefix(name + " (") }.count
            if repeats > 0 { name += " (\(repeats + 1))" }
            names.append(name)
            return Written.Request(
                name: name, method: kind.method, url: Self.escaped(kind.written), weight: options.asJourney ? nil : kind.weight,
                headers: kind.headers.isEmpty ? nil : kind.headers.mapValues(Self.escaped),
                body: kind.body.map { Written.Body(text: Self.escaped($0)) })
        }
        var written = Written(version: 1, requests: requests)
        if options.asJourney {
            for index in requests.indices.dropLast() {
                requests[index].think = Self.pause(after: steps[index].recorded, before: steps[index + 1].recorded)
            }
            written = Written(version: 2, journeys: [Written.Journey(name: "recording", steps: requests)])
            carried = CarriedValue.find(in: steps.map { $0.recorded.exchange }, names: names)
        }
        do {
            targets = try JSONReportWriter.render(value: written)
        } catch {
            throw InvalidInput("'\(file)': the targets file could not be encoded: \(error)")
        }
        self.summary = summary
    }

    /// The recorded pause between the end of `previous` and the start of `next`, as a step's
    /// `think` (`"120ms"`); `nil` when the recording has no times or the pause is under 1 ms.
    private static func pause(after previous: Recorded, before next: Recorded) -> String? {
        guard let start = previous.startedMilliseconds, let time = previous.milliseconds, let nextStart = next.startedMilliseconds else {
            return nil
        }
        let pause = (nextStart - start - time).rounded()
        return pause >= 1 ? "\(Int(min(pause, 3_600_000)))ms" : nil
    }

    /// `text` with each `{{` written `{{{{`, so a template sends it as it is.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "{{", with: "{{{{")
    }

    /// Fields every client makes for itself or that describe one connection, or a browser's own.
    private static let noise: Set<String> = [
        "host", "content-length", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
        "upgrade", "accept-encoding", "user-agent", "referer", "origin", "priority", "dnt", "upgrade-insecure-requests",
        "pragma", "cache-control", "if-none-match", "if-modified-since", "purpose", "x-requested-with",
    ]

    /// The fields of `fields` worth sending, name to value, and how many secret ones were dropped.
    private static func headers(_ fields: [(name: String, value: String)]) -> (kept: [String: String], secrets: Int) {
        var kept: [String: String] = [:]
        var secrets = 0
        for (name, value) in fields {
            let lowercased = name.lowercased()
            if Redaction.isSecret(name: name) {
                secrets += 1
                continue
            }
            // Pseudo-fields (`:authority`) come from HTTP/2 recordings; `sec-` fields only a browser may send.
            guard !lowercased.hasPrefix(":"), !lowercased.hasPrefix("sec-"), !noise.contains(lowercased),
                !kept.keys.contains(where: { $0.lowercased() == lowercased }),
                (try? HTTPRequest(url: "http://x", headers: HTTPHeaders([name: value])).validateFields()) != nil
            else { continue }
            kept[name] = value
        }
        return (kept, secrets)
    }

    /// The text of a recorded body with its secrets replaced, and how many were; `nil` for a body
    /// that cannot be replayed from its text: multipart (files, boundaries) or none recorded.
    private static func body(_ postData: Recorded.PostData?) -> (String?, Int) {
        guard let postData, let text = postData.text, !text.isEmpty, !postData.mimeType.hasPrefix("multipart/") else { return (nil, 0) }
        if postData.mimeType.hasPrefix("application/x-www-form-urlencoded") {
            return redactingPairs(text)
        }
        if let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) {
            var secrets = 0
            let redacted = redacting(json, count: &secrets)
            guard secrets > 0 else { return (text, 0) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(redacted) else { return (nil, 0) }
            return (String(decoding: data, as: UTF8.self), secrets)
        }
        return (text, 0)
    }

    /// `value` with the value of every secret member, at any depth, replaced.
    private static func redacting(_ value: JSONValue, count: inout Int) -> JSONValue {
        switch value {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (name, member) in members {
                if Redaction.isSecret(name: name) {
                    count += 1
                    result[name] = .string(Redaction.placeholder)
                } else {
                    result[name] = redacting(member, count: &count)
                }
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { redacting($0, count: &count) })
        default:
            return value
        }
    }

    /// `name=value&…` (a query or a form body) with the value of every secret name replaced, and
    /// how many were.
    static func redactingPairs(_ text: String) -> (String, Int) {
        var secrets = 0
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "="), Redaction.isSecret(name: String(pair[..<equals])) else { return String(pair) }
            secrets += 1
            return "\(pair[..<equals])=\(Redaction.placeholder)"
        }
        return (pairs.joined(separator: "&"), secrets)
    }

    /// One kind of request, as its first recording has it.
    private struct Kind {
        let method: String
        let url: RecordedURL
        let written: String
        let headers: [String: String]
        let body: String?
        var weight = 1
    }

    /// The targets file as it is written.
    private struct Written: Encodable {
        struct Body: Encodable {
            let text: String
        }

        struct Request: Encodable {
            let name: String
            let method: String
            let url: String
            let weight: Int?
            let headers: [String: String]?
            let body: Body?
            var think: String?
        }

        struct Journey: Encodable {
            let name: String
            let steps: [Request]
        }

        let version: Int
        var requests: [Request]?
        var journeys: [Journey]?
    }
}

/// What a HAR entry says of its request, and whether its response was a static asset.
private struct Recorded {
    /// A recorded body.
    struct PostData {
        /// Its media type, lowercased, without parameters.
        let mimeType: String
        let text: String?
    }

    let method: String
    let url: String
    let headers: [(name: String, value: String)]
    let postData: PostData?
    let isStatic: Bool
    /// When the request started, in milliseconds since 1970 (`startedDateTime`), if recorded.
    let startedMilliseconds: Double?
    /// How long the exchange took in milliseconds (`time`), if recorded.
    let milliseconds: Double?
    /// The request and its answer as ``CarriedValue`` looks for values in them.
    let exchange: CarriedValue.Exchange

    /// Response types a page loads beside the API calls it makes.
    private static let staticTypes = [
        "image/", "font/", "audio/", "video/", "text/css", "application/javascript", "text/javascript",
        "application/x-javascript", "application/ecmascript", "application/wasm", "application/font-", "application/x-font-",
    ]

    /// The request of `entry`; errors name it as `place`.
    init(_ entry: JSONValue, at place: String) throws(InvalidInput) {
        guard case .object(let fields) = entry, case .object(let request)? = fields["request"] else {
            throw InvalidInput("\(place) has no request object")
        }
        guard case .string(let url)? = request["url"], !url.isEmpty else { throw InvalidInput("\(place).request has no url") }
        guard case .string(let method)? = request["method"], !method.isEmpty,
            (try? HTTPRequest(method: method, url: "http://x").validateFields()) != nil
        else { throw InvalidInput("\(place).request has no valid method") }
        self.method = method
        self.url = url
        var headers: [(name: String, value: String)] = []
        if case .array(let list)? = request["headers"] {
            for case .object(let field) in list {
                guard case .string(let name)? = field["name"], case .string(let value)? = field["value"] else { continue }
                headers.append((name, value))
            }
        }
        self.headers = headers
        if case .object(let post)? = request["postData"] {
            var text: String?
            if case .string(let recorded)? = post["text"] { text = recorded }
            postData = PostData(mimeType: Self.mediaType(post["mimeType"]), text: text)
        } else {
            postData = nil
        }
        var responseType = ""
        var responseText: String?
        var responseHeaders: [(name: String, value: String)] = []
        if case .object(let response)? = fields["response"] {
            if case .object(let content)? = response["content"] {
                responseType = Self.mediaType(content["mimeType"])
                // A base64 body is not text to look for values in.
                if case .string(let text)? = content["text"], content["encoding"] == nil { responseText = text }
            }
            if case .array(let list)? = response["headers"] {
                for case .object(let field) in list {
                    guard case .string(let name)? = field["name"], case .string(let value)? = field["value"] else { continue }
                    responseHeaders.append((name, value))
                }
            }
        }
        isStatic = Self.staticTypes.contains { responseType.hasPrefix($0) }
        if case .string(let started)? = fields["startedDateTime"] {
            startedMilliseconds = Self.milliseconds(since1970: started)
        } else {
            startedMilliseconds = nil
        }
        if case .number(let time)? = fields["time"], time >= 0 { milliseconds = time } else { milliseconds = nil }
        exchange = CarriedValue.Exchange(
            url: url, headers: headers, body: postData?.text, responseHeaders: responseHeaders, responseBody: responseText)
    }

    /// An ISO 8601 time, with or without fractional seconds, in milliseconds since 1970.
    private static func milliseconds(since1970 text: String) -> Double? {
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 * 1000 }
        }
        return nil
    }

    private static func mediaType(_ value: JSONValue?) -> String {
        guard case .string(let text)? = value else { return "" }
        return (text.split(separator: ";").first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }
}

/// A recorded http(s) URL taken apart for grouping and writing.
private struct RecordedURL {
    /// `https://host:port`, lowercased, without user information.
    let origin: String
    /// The host alone and with its port, lowercased, for `--host`.
    let host: String
    let authority: String
    /// The path and query as a kind's name has them: id-like segments `{id}`, query values dropped.
    let kindPath: String
    let hasStaticExtension: Bool
    private let text: String
    private let queryStart: String.Index?
    private let end: String.Index

    private static let staticExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "svg", "ico", "webp", "avif", "bmp", "css", "js", "mjs", "map", "woff", "woff2", "ttf",
        "otf", "eot", "mp4", "webm", "mp3", "wasm",
    ]

    /// `nil` for a URL that is not http or https.
    init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let authorityEnd = text[schemeEnd.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        var authority = text[schemeEnd.upperBound..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard !authority.isEmpty else { return nil }
        self.authority = authority.lowercased()
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[...close].lowercased()
        } else {
            host = authority.prefix { $0 != ":" }.lowercased()
        }
        origin = "\(scheme)://\(self.authority)"
        end = text[authorityEnd...].firstIndex(of: "#") ?? text.endIndex
        queryStart = text[authorityEnd..<end].firstIndex(of: "?")
        let path = text[authorityEnd..<(queryStart ?? end)]
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var kindPath = segments.map { Self.isIdentifier($0) ? "{id}" : String($0) }.joined(separator: "/")
        if kindPath.isEmpty { kindPath = "/" }
        if let queryStart {
            var names: [Substring] = []
            for pair in text[text.index(after: queryStart)..<end].split(separator: "&") {
                let name = pair.prefix { $0 != "=" }
                if !names.contains(name) { names.append(name) }
            }
            if !names.isEmpty { kindPath += "?" + names.map { "\($0)=" }.joined(separator: "&") }
        }
        self.kindPath = kindPath
        let last = segments.last ?? ""
        hasStaticExtension =
            last.lastIndex(of: ".").map { Self.staticExtensions.contains(last[last.index(after: $0)...].lowercased()) } ?? false
        self.text = text
    }

    /// Whether `host` (`api.example.com`, or with its port) names this URL's, ignoring case.
    func matches(host: String) -> Bool {
        let wanted = host.lowercased()
        return wanted == self.host || wanted == authority
    }

    /// The URL as the targets file has it, without fragment, user information or secret query
    /// values, a path when it starts with `baseURL`; and how many secret values were replaced.
    func written(relativeTo baseURL: String?) -> (String, Int) {
        let beforeQuery = String(text[..<(queryStart ?? end)])
        var result = Redaction.url(beforeQuery)
        var secrets = result == beforeQuery ? 0 : 1
        if let queryStart {
            let (query, count) = HARConversion.redactingPairs(String(text[text.index(after: queryStart)..<end]))
            result += "?" + query
            secrets += count
        }
        if let baseURL, result.lowercased().hasPrefix(baseURL.lowercased()) {
            let rest = result.dropFirst(baseURL.count)
            if rest.isEmpty { return ("/", secrets) }
            if rest.hasPrefix("/") { return (String(rest), secrets) }
        }
        return (result, secrets)
    }

    /// A path segment that names one of many things: a number, a UUID, or a long hex or token-like
    /// run of letters and digits.
    private static func isIdentifier(_ segment: Substring) -> Bool {
        guard !segment.isEmpty else { return false }
        if segment.allSatisfy(\.isASCIIDigit) { return true }
        let hex = segment.filter { $0 != "-" }
        if hex.count >= 16, hex.allSatisfy(\.isHexDigit), hex.contains(where: \.isASCIIDigit) { return true }
        return segment.count >= 20 && segment.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" || $0 == "_" }
            && segment.contains(where: \.isASCIIDigit) && segment.contains(where: \.isLetter)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
