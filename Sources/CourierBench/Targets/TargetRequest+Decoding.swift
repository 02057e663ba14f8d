import Courier
import Foundation

extension TargetRequest {
    /// The request an entry of `requests` describes, its templates bound to the columns of the data
    /// sources it names among `sources`; a path `url` is appended to `base` (nil: no base URL).
    init(_ entry: JSONObjectReader, directory: URL, sources: [DataSource], base: String?) throws(TargetsFileError) {
        var entry = entry
        let file = entry.file
        let method = try entry.optionalString("method") ?? "GET"
        guard case .string(let url) = try entry.required("url") else {
            throw .invalidValue(file: file, keyPath: entry.path("url"), expected: "a string")
        }
        let name = try entry.optionalString("name") ?? "\(method) \(Redaction.url(url))"
        guard !name.isEmpty else { throw .invalidValue(file: file, keyPath: entry.path("name"), expected: "a name that is not empty") }
        let weight = try entry.optionalNumber("weight") ?? 1
        guard weight > 0, weight.isFinite else { throw .invalidWeight(file: file, keyPath: entry.path("weight"), weight: weight) }
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
        let binder = Binder(file: file, request: name, sources: indices.map { sources[$0] })
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
            try Self.body(JSONObjectReader(value, file: file, keyPath: entry.path("body")), directory: directory, binder: binder)
        }
        try entry.finish()
        self.init(
            name: name, method: method, url: try Self.url(url, at: entry.path("url"), base: base, binder: binder), headers: headers,
            body: body, weight: weight, sources: indices)
    }

    /// `url` parsed as a template and bound: an absolute http(s) URL as it is, a path after `base`.
    private static func url(_ url: String, at keyPath: String, base: String?, binder: Binder) throws(TargetsFileError) -> Template.Bound {
        if let scheme = ["http://", "https://"].first(where: { url.lowercased().hasPrefix($0) }) {
            return try binder.bind(
                String(url.dropFirst(scheme.count)), placement: .host, after: String(url.prefix(scheme.count)), at: keyPath)
        }
        guard url.hasPrefix("/") else { throw .invalidURL(file: binder.file, keyPath: keyPath, url: url) }
        guard let base else { throw .pathWithoutBaseURL(file: binder.file, request: binder.request, url: url) }
        return try binder.bind(url, placement: .path, after: base, at: keyPath)
    }

    /// The body an entry's `body` object describes: exactly one of `text` and `file`.
    private static func body(_ object: JSONObjectReader, directory: URL, binder: Binder) throws(TargetsFileError) -> Body {
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
            let resolved = TargetsFile.resolve(path, against: directory)
            guard let data = FileManager.default.contents(atPath: resolved) else { throw .unreadable(file: resolved, role: .body) }
            guard let utf8 = String(validating: data, as: UTF8.self) else { return .bytes(data) }
            template = utf8
        default:
            throw .invalidValue(file: binder.file, keyPath: object.keyPath, expected: "an object with either \"text\" or \"file\"")
        }
        let bound = try binder.bind(template, placement: .body, at: keyPath)
        guard let literal = bound.literalText else { return .template(bound) }
        return .bytes(Data(literal.utf8))
    }
}

/// Parses a request's templates and binds their variables to the columns of its data sources.
private struct Binder {
    let file: String
    let request: String
    private var columns: [String: Template.Bound.Column] = [:]
    private var providers: [String: [String]] = [:]

    init(file: String, request: String, sources: [DataSource]) {
        self.file = file
        self.request = request
        for (table, source) in sources.enumerated() {
            for (index, name) in source.table.columns.enumerated() {
                columns[name] = columns[name] ?? Template.Bound.Column(name: name, table: table, index: index)
                providers[name, default: []].append(source.name)
            }
        }
    }

    /// `text` parsed from `placement` on, after the literal `prefix`, and bound; every error names `keyPath`.
    func bind(_ text: String, placement: Template.Placement, after prefix: String = "", at keyPath: String) throws(TargetsFileError)
        -> Template.Bound
    {
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
        }
        do {
            return try template.bound { columns[$0] }
        } catch {
            throw .unknownVariable(file: file, request: request, variable: error.name, keyPath: keyPath)
        }
    }
}
