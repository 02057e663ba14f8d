import Courier
import Foundation

/// A targets file (`--targets FILE`): the mix of requests `load` and `capacity` send, or (version 2)
/// the journeys whose sessions they run, decoded and validated whole before anything is sent. Its
/// format is described in the articles *Request mixes* (`RequestMixes.md`) and *Journeys*; in short:
///
/// ```json
/// {"version": 1,
///  "data": {"issues": {"file": "issues.csv", "strategy": "random", "seed": 7}},
///  "requests": [{"name": "detail", "url": "/issues/{{id}}", "weight": 20, "data": "issues"}]}
/// ```
///
/// Loading reads every data file and body file, parses every template and binds each variable to a
/// column, so every mistake — an unknown key, a weight of 0, a missing file, a malformed line, a
/// variable no data file has — is a ``TargetsFileError`` here, never a failure mid-run.
struct TargetsFile: Sendable, Equatable {
    /// The newest version of the format this bench reads; it reads every version from 1 to this.
    static let version = 2

    /// The path of the file, as given.
    let file: String
    /// The data sources, sorted by name.
    let dataSources: [DataSource]
    /// The requests of a mix, in the file's order; empty when the file has journeys.
    let requests: [TargetRequest]
    /// The journeys (version 2), in the file's order; empty when the file is a mix of requests.
    var journeys: [TargetJourney] = []
    /// The values of the environment variables the templates use (`{{env.NAME}}`), by slot: held
    /// in memory for filling requests, never written to a report, a log or a message.
    var environment: [String] = []

    /// Reads the targets file at `path`. Relative paths of data and body files are resolved against
    /// the file's directory; a request whose `url` is a path is resolved against `baseURL` (its path
    /// and the request's joined: `http://host/api` and `/issues` make `http://host/api/issues`), and
    /// is an error without one. `{{env.NAME}}` is looked up in `environment`.
    static func load(
        path: String, baseURL: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TargetsFileError) -> TargetsFile {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(file: path, role: .targets) }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try TargetsFile(data, file: path, directory: directory, baseURL: baseURL, environment: environment)
    }

    /// The targets file whose bytes are `data`, named `file` in errors, its relative paths resolved
    /// against `directory`.
    init(_ data: Data, file: String, directory: URL, baseURL: URL?, environment: [String: String] = [:]) throws(TargetsFileError) {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .notJSON(file: file, detail: Self.reason(error))
        }
        var top = try JSONObjectReader(json, file: file, keyPath: "")
        let version = try top.required("version")
        guard case .number(let number) = version, (1...Self.version).contains(Int(exactly: number) ?? 0) else {
            if case .number(let number) = version { throw .unsupportedVersion(file: file, version: number.text) }
            throw .invalidValue(file: file, keyPath: "version", expected: "the number 1 or \(Self.version)")
        }
        let base = try baseURL.map { url throws(TargetsFileError) in try Self.prefix(of: url) }
        var sources: [DataSource] = []
        if let value = top.optional("data") {
            var data = try JSONObjectReader(value, file: file, keyPath: "data")
            for name in data.keys {
                let entry = try JSONObjectReader(try data.required(name), file: file, keyPath: data.path(name))
                sources.append(try Self.source(name, entry, directory: directory))
            }
        }
        var scope = TemplateScope(
            file: file, directory: directory, sources: sources, base: base, version: Int(number), environment: environment)
        if number < 2, top.has("journeys") { throw .needsVersion2(file: file, keyPath: "journeys") }
        let hasJourneys = number >= 2 && top.has("journeys")
        if hasJourneys, top.has("requests") {
            throw .invalidValue(
                file: file, keyPath: "requests", expected: "no requests beside journeys: a file is a mix of one or the other")
        }
        let key = hasJourneys ? "journeys" : "requests"
        guard case .array(let entries) = try top.required(key), !entries.isEmpty else {
            throw .invalidValue(file: file, keyPath: key, expected: "an array of at least one \(hasJourneys ? "journey" : "request")")
        }
        try top.finish()
        var requests: [TargetRequest] = []
        var journeys: [TargetJourney] = []
        var named: [String: String] = [:]
        func claim(_ name: String, at keyPath: String) throws(TargetsFileError) {
            if let other = named[name] { throw .duplicateName(file: file, name: name, keyPaths: [other, keyPath]) }
            named[name] = keyPath
        }
        for (index, entry) in entries.enumerated() {
            let keyPath = "\(key)[\(index)]"
            var reader = try JSONObjectReader(entry, file: file, keyPath: keyPath)
            if hasJourneys {
                let journey = try TargetJourney(reader, scope: &scope)
                if let other = journeys.firstIndex(where: { $0.name == journey.name }) {
                    throw .duplicateName(file: file, name: journey.name, keyPaths: ["journeys[\(other)]", keyPath])
                }
                for (step, value) in journey.steps.enumerated() { try claim(value.request.name, at: "\(keyPath).steps[\(step)]") }
                journeys.append(journey)
            } else {
                let request = try TargetRequest(&reader, role: .request, scope: &scope)
                try reader.finish()
                try claim(request.name, at: keyPath)
                requests.append(request)
            }
        }
        self.file = file
        self.dataSources = sources
        self.requests = requests
        self.journeys = journeys
        self.environment = scope.environmentValues
    }

    /// The names the run reports figures under: the requests' of a mix, or every step's of the
    /// journeys, in the file's order.
    var names: [String] {
        journeys.isEmpty ? requests.map(\.name) : journeys.flatMap { $0.steps.map(\.request.name) }
    }

    /// The names of every check of the file's requests and steps, each once, in the file's order.
    var checkNames: [String] {
        var names: [String] = []
        let all = journeys.isEmpty ? requests : journeys.flatMap { $0.steps.map(\.request) }
        for check in all.flatMap(\.checks) where !names.contains(check.name) { names.append(check.name) }
        return names
    }

    /// The mix that chooses among ``requests`` by weight.
    func mix() -> RequestMix {
        RequestMix(self)
    }

    /// The scheme, host and port of the first request whose URL names them before any variable
    /// (`https://api.example.com:8443/`), which a run without a base URL reports and sizes its
    /// connections by; `nil` when every host is a variable.
    var origin: URL? {
        for request in requests + journeys.flatMap({ $0.steps.map(\.request) }) {
            guard case .literal(let text) = request.url.parts.first, let schemeEnd = text.range(of: "://") else { continue }
            let authority = text[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
            // A literal that stops inside the authority (`https://{{tenant}}.example.com`) names no host.
            guard authority.endIndex < text.endIndex || request.url.parts.count == 1 else { continue }
            if let url = URL(string: String(text[..<authority.endIndex]) + "/"), url.host?.isEmpty == false { return url }
        }
        return nil
    }

    /// The text a path is appended to: the base URL without its trailing `/`.
    private static func prefix(of url: URL) throws(TargetsFileError) -> String {
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false, url.query == nil,
            url.fragment == nil
        else { throw .invalidBaseURL(url: url.absoluteString) }
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The data source `name` of the `data` object, read from `entry`.
    private static func source(_ name: String, _ entry: JSONObjectReader, directory: URL) throws(TargetsFileError) -> DataSource {
        var entry = entry
        let file = entry.file
        guard let path = try entry.optionalString("file") else { throw .missingKey(file: file, keyPath: entry.path("file")) }
        let resolved = resolve(path, against: directory)
        let format: DataFormat
        if let written = try entry.optionalString("format") {
            guard let known = DataFormat(rawValue: written) else {
                throw .invalidValue(file: file, keyPath: entry.path("format"), expected: "\"csv\" or \"jsonl\"")
            }
            format = known
        } else {
            guard let known = DataFormat(extension: URL(fileURLWithPath: path).pathExtension) else {
                throw .invalidValue(
                    file: file, keyPath: entry.path("format"),
                    expected: "\"csv\" or \"jsonl\", since the extension of '\(path)' is neither .csv, .jsonl nor .ndjson")
            }
            format = known
        }
        let strategyName = try entry.optionalString("strategy") ?? "sequential"
        let seed = try entry.optionalNumber("seed")
        guard seed == nil || strategyName == "random" else {
            throw .invalidValue(file: file, keyPath: entry.path("seed"), expected: "no seed, which only the strategy \"random\" takes")
        }
        let strategy: DataStrategy
        switch strategyName {
        case "sequential": strategy = .sequential
        case "once": strategy = .once
        case "random":
            let value = seed ?? 0
            guard value >= 0, value < 0x1p64, value.rounded() == value else {
                throw .invalidValue(file: file, keyPath: entry.path("seed"), expected: "a whole number from 0 to 2^64 - 1")
            }
            strategy = .random(seed: UInt64(value))
        default:
            throw .invalidValue(file: file, keyPath: entry.path("strategy"), expected: "\"sequential\", \"random\" or \"once\"")
        }
        try entry.finish()
        return DataSource(name: name, table: try DataTable.read(resolved, format: format), strategy: strategy)
    }

    /// `path` if absolute, else `path` in `directory`.
    static func resolve(_ path: String, against directory: URL) -> String {
        path.hasPrefix("/") ? path : directory.appendingPathComponent(path).path
    }

    /// What JSONDecoder says is wrong, without its generic preamble where there is more.
    private static func reason(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
        if let underlying = context.underlyingError { return "\(underlying)" }
        return context.debugDescription
    }
}
