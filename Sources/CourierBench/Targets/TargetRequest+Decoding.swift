import Courier
import Foundation

/// What the templates of a targets file's requests may name, growing as the file is read: the data
/// sources' columns, the variables earlier steps of a journey extract, and the environment's values
/// (`{{env.NAME}}`), each of which takes a slot the first time a template names it.
struct TemplateScope {
    /// The targets file, for errors.
    let file: String
    /// Its directory, against which body files are resolved.
    let directory: URL
    /// Every data source of the file.
    let sources: [DataSource]
    /// What a path `url` is appended to; `nil` without a base URL.
    let base: String?
    /// The format's version: checks belong to version 2.
    let version: Int
    /// The variables of the journey being read that earlier steps extract, by name.
    var variables: [String: Int] = [:]
    /// Where `{{env.NAME}}` is looked up.
    let environment: [String: String]
    /// The environment's names used so far, by slot.
    var environmentNames: [String] = []
    /// Their values, by slot: held in memory only, never written anywhere.
    var environmentValues: [String] = []

    /// The slot of the environment variable `name`, taken the first time it is used; `nil` when the
    /// environment has no such variable.
    mutating func environmentSlot(_ name: String) -> Int? {
        if let slot = environmentNames.firstIndex(of: name) { return slot }
        guard let value = environment[name] else { return nil }
        environmentNames.append(name)
        environmentValues.append(value)
        return environmentNames.count - 1
    }
}

extension TargetRequest {
    /// What an entry describes besides a request's own keys.
    enum Role {
        /// An entry of `requests`, with its own `weight` and `data`.
        case request
        /// A step of a journey, whose templates may use the journey's data sources (indices into the
        /// file's) and the variables of earlier steps.
        case step(sources: [Int])
    }

    /// The request an entry of `requests`, or a step of a journey, describes, its templates bound to
    /// what `scope` offers. Reads the keys of a request and leaves the others to the caller, which
    /// finishes the reader.
    init(_ entry: inout JSONObjectReader, role: Role, scope: inout TemplateScope) throws(TargetsFileError) {
        let file = entry.file
        let method = try entry.optionalString("method") ?? "GET"
        guard case .string(let url) = try entry.required("url") else {
            throw .invalidValue(file: file, keyPath: entry.path("url"), expected: "a string")
        }
        let name = try entry.optionalString("name") ?? "\(method) \(Redaction.url(url))"
        guard !name.isEmpty else { throw .invalidValue(file: file, keyPath: entry.path("name"), expected: "a name that is not empty") }
        var weight = 1.0
        var indices: [Int] = []
        switch role {
        case .request:
            weight = try entry.optionalNumber("weight") ?? 1
            guard weight > 0, weight.isFinite else { throw .invalidWeight(file: file, keyPath: entry.path("weight"), weight: weight) }
            indices = try Self.sources(of: &entry, among: scope.sources)
        case .step(let sources):
            indices = sources
        }
        var binder = Binder(request: name, sources: indices.map { scope.sources[$0] }, scope: scope)
        do {
            try HTTPRequest(method: method, url: "http://x").validateFields()
        } catch {
            throw .invalidField(file: file, keyPath: entry.path("method"), detail: error.description)
        }
        var headers: [Header] = []
        if let value = entry.optional("headers") {
            var object = try JSONObjectReader(value, file: file, keyPath: entry.path("headers"))
            for field in object.keys {
                let keyPath = object.path(field)
                let text = try object.string(try object.required(field), at: keyPath)
                do {
                    try HTTPRequest(url: "http://x", headers: HTTPHeaders([field: text])).validateFields()
                } catch {
                    throw .invalidField(file: file, keyPath: keyPath, detail: error.description)
                }
                headers.append(Header(name: field, value: try binder.bind(text, placement: .header, at: keyPath)))
            }
        }
        let body = try entry.optional("body").map { value throws(TargetsFileError) in
            try Self.body(JSONObjectReader(value, file: file, keyPath: entry.path("body")), binder: &binder)
        }
        let bound = try Self.url(url, at: entry.path("url"), binder: &binder)
        var checks: [ResponseCheck] = []
        if scope.version < 2, entry.has("checks") { throw .needsVersion2(file: file, keyPath: entry.path("checks")) }
        if let value = entry.optional("checks") {
            checks = try ResponseCheck.checks(value, file: file, keyPath: entry.path("checks"))
        }
        scope = binder.scope
        self.init(name: name, method: method, url: bound, headers: headers, body: body, weight: weight, sources: indices, checks: checks)
    }

    /// The indices among `sources` of the data sources an entry's `data` names.
    static func sources(of entry: inout JSONObjectReader, among sources: [DataSource]) throws(TargetsFileError) -> [Int] {
        let file = entry.file
        let sourceNames: [String]
        switch entry.optional("data") {
        case nil: sourceNames = []
        case .string(let one): sourceNames = [one]
        case .array(let many):
            sourceNames = try many.enumerated().map { index, value throws(TargetsFileError) in
                try entry.string(value, at: "\(entry.path("data"))[\(index)]")
            }
        case .some:
            throw .invalidValue(file: file, keyPath: entry.path("data"), expected: "a data source's name or an array of names")
        }
        var indices: [Int] = []
        for sourceName in sourceNames {
            guard let index = sources.firstIndex(where: { $0.name == sourceName }) else {
                throw .unknownDataSource(file: file, keyPath: entry.path("data"), name: sourceName)
            }
            if !indices.contains(index) { indices.append(index) }
        }
        return indices
    }

    /// `url` parsed as a template and bound: an absolute http(s) URL as it is, a path after the base.
    private static func url(_ url: String, at keyPath: String, binder: inout Binder) throws(TargetsFileError) -> Template.Bound {
        if let scheme = ["http://", "https://"].first(where: { url.lowercased().hasPrefix($0) }) {
            return try binder.bind(
                String(url.dropFirst(scheme.count)), placement: .host, after: String(url.prefix(scheme.count)), at: keyPath)
        }
        let file = binder.scope.file
        guard url.hasPrefix("/") else { throw .invalidURL(file: file, keyPath: keyPath, url: url) }
        guard let base = binder.scope.base else { throw .pathWithoutBaseURL(file: file, request: binder.request, url: url) }
        return try binder.bind(url, placement: .path, after: base, at: keyPath)
    }

    /// The body an entry's `body` object describes: exactly one of `text` and `file`.
    private static func body(_ object: JSONObjectReader, binder: inout Binder) throws(TargetsFileError) -> Body {
        var object = object
        let text = try object.optionalString("text")
        let path = try object.optionalString("file")
        try object.finish()
        let keyPath: String
        let template: String
        switch (text, path) {
        case (let text?, nil):
            keyPath = object.path("text")
            template = text
        case (nil, let path?):
            keyPath = object.path("file")
            let resolved = TargetsFile.resolve(path, against: binder.scope.directory)
            guard let data = FileManager.default.contents(atPath: resolved) else { throw .unreadable(file: resolved, role: .body) }
            guard let utf8 = String(validating: data, as: UTF8.self) else { return .bytes(data) }
            template = utf8
        default:
            throw .invalidValue(file: binder.scope.file, keyPath: object.keyPath, expected: "an object with either \"text\" or \"file\"")
        }
        let bound = try binder.bind(template, placement: .body, at: keyPath)
        guard let literal = bound.literalText else { return .template(bound) }
        return .bytes(Data(literal.utf8))
    }
}

/// Parses a request's templates and binds their variables: to the columns of its data sources, to
/// the session's variables, or to the environment (`env.NAME`).
private struct Binder {
    let request: String
    var scope: TemplateScope
    private var columns: [String: Template.Bound.Column] = [:]
    private var providers: [String: [String]] = [:]

    init(request: String, sources: [DataSource], scope: TemplateScope) {
        self.request = request
        self.scope = scope
        for (table, source) in sources.enumerated() {
            for (index, name) in source.table.columns.enumerated() {
                columns[name] = columns[name] ?? Template.Bound.Column(name: name, table: table, index: index)
                providers[name, default: []].append(source.name)
            }
        }
    }

    /// `text` parsed from `placement` on, after the literal `prefix`, and bound; every error names `keyPath`.
    mutating func bind(_ text: String, placement: Template.Placement, after prefix: String = "", at keyPath: String)
        throws(TargetsFileError)
        -> Template.Bound
    {
        let file = scope.file
        let template: Template
        do {
            template = try Template(text, placement: placement, after: prefix)
        } catch {
            throw .malformedTemplate(file: file, keyPath: keyPath, reason: error.reason)
        }
        for variable in template.variables {
            if let sources = providers[variable], sources.count > 1 {
                throw .ambiguousVariable(file: file, request: request, variable: variable, sources: sources)
            }
            if variable.hasPrefix("env."), scope.environmentSlot(String(variable.dropFirst(4))) == nil {
                throw .unsetEnvironmentVariable(file: file, keyPath: keyPath, name: String(variable.dropFirst(4)))
            }
        }
        let scope = self.scope
        let columns = self.columns
        do {
            return try template.binding({ name in
                if name.hasPrefix("env."), let slot = scope.environmentNames.firstIndex(of: String(name.dropFirst(4))) {
                    let variable = Template.Bound.Variable(name: name, slot: slot)
                    return { .environment(variable, $0) }
                }
                if let column = columns[name] { return { .value(column, $0) } }
                if let slot = scope.variables[name] {
                    let variable = Template.Bound.Variable(name: name, slot: slot)
                    return { .variable(variable, $0) }
                }
                return nil
            })
        } catch {
            throw .unknownVariable(file: file, request: request, variable: error.name, keyPath: keyPath)
        }
    }
}
