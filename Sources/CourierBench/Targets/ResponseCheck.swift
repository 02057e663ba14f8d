import Courier
import Foundation

/// A check on the answer to a request or a step of a targets file (`checks`): which statuses count
/// as success, a JSON Pointer that must exist, must not, or must equal a value, text the body must
/// or must not contain, a largest body. A request that fails one is counted in the class
/// `check(<name>)` of the first it failed, and every check's passes and failures are counted apart
/// (``CheckTallies``).
struct ResponseCheck: Sendable, Equatable {
    /// What the report counts it under.
    let name: String
    /// What it asks of the answer.
    let rule: Rule

    /// What a check asks.
    enum Rule: Sendable, Equatable {
        /// The status is in one of the ranges: the statuses that count as success, in place of
        /// `200..<300`.
        case status([ClosedRange<Int>])
        /// The body is JSON and the pointer refers to a value (`exists`), or to none.
        case json(JSONPointer, exists: Bool)
        /// The body is JSON and the pointer refers to this value.
        case jsonEquals(JSONPointer, JSONValue)
        /// The body, as UTF-8, contains the text.
        case contains(String)
        /// The body, as UTF-8, does not contain the text.
        case notContains(String)
        /// The body has at most this many bytes.
        case maximumBodyBytes(Int)
    }

    /// The class a request that fails it is counted in: `check(<name>)`.
    var errorClass: String { "check(\(name))" }

    /// Whether the answer with `status` and `body` passes; `document` parses the body as JSON once
    /// for all of a request's checks and extractions (`nil`: not JSON).
    func passes(status: Int, body: Data, document: () -> JSONValue?) -> Bool {
        switch rule {
        case .status(let ranges): ranges.contains { $0.contains(status) }
        case .json(let pointer, let exists): document().map { (pointer.value(in: $0) != nil) == exists } ?? false
        case .jsonEquals(let pointer, let value): document().flatMap(pointer.value(in:)) == value
        case .contains(let text): Self.body(body).contains(text)
        case .notContains(let text): !Self.body(body).contains(text)
        case .maximumBodyBytes(let limit): body.count <= limit
        }
    }

    private static func body(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }
}

extension ResponseCheck {
    /// The checks of a `checks` array at `keyPath`, each an object with one rule, named by `name`
    /// or by its rule (`status`, `json /token`, `contains`, …); two with one name are an error.
    static func checks(_ value: JSONValue, file: String, keyPath: String) throws(TargetsFileError) -> [ResponseCheck] {
        guard case .array(let entries) = value else {
            throw .invalidValue(file: file, keyPath: keyPath, expected: "an array of checks")
        }
        var checks: [ResponseCheck] = []
        for (index, entry) in entries.enumerated() {
            let check = try ResponseCheck(JSONObjectReader(entry, file: file, keyPath: "\(keyPath)[\(index)]"))
            if checks.contains(where: { $0.name == check.name }) {
                throw .invalidValue(file: file, keyPath: "\(keyPath)[\(index)].name", expected: "a name no other check of the request has")
            }
            checks.append(check)
        }
        return checks
    }

    /// The check an object of `checks` describes: exactly one of `status`, `json` (with `equals` or
    /// `exists`), `contains`, `notContains` and `maxBodyBytes`, and an optional `name`.
    init(_ entry: JSONObjectReader) throws(TargetsFileError) {
        var entry = entry
        let file = entry.file
        let given = ["status", "json", "contains", "notContains", "maxBodyBytes"].filter { entry.has($0) }
        guard given.count == 1, let kind = given.first else {
            throw .invalidValue(
                file: file, keyPath: entry.keyPath,
                expected: "one of \"status\", \"json\", \"contains\", \"notContains\" and \"maxBodyBytes\"")
        }
        let rule: Rule
        let defaultName: String
        switch kind {
        case "status":
            rule = .status(try Self.statuses(entry.required("status"), file: file, keyPath: entry.path("status")))
            defaultName = "status"
        case "json":
            let written = try entry.optionalString("json") ?? ""
            guard let pointer = JSONPointer(written) else {
                throw .invalidValue(file: file, keyPath: entry.path("json"), expected: "a JSON Pointer, such as \"/items/0/id\"")
            }
            let equals = entry.optional("equals")
            let exists = try entry.optionalBool("exists")
            if let equals {
                guard exists == nil else {
                    throw .invalidValue(file: file, keyPath: entry.path("exists"), expected: "no \"exists\" beside \"equals\"")
                }
                rule = .jsonEquals(pointer, equals)
                defaultName = "json \(written)"
            } else {
                rule = .json(pointer, exists: exists ?? true)
                defaultName = exists == false ? "no json \(written)" : "json \(written)"
            }
        case "contains", "notContains":
            guard let text = try entry.optionalString(kind), !text.isEmpty else {
                throw .invalidValue(file: file, keyPath: entry.path(kind), expected: "a text that is not empty")
            }
            rule = kind == "contains" ? .contains(text) : .notContains(text)
            defaultName = kind
        default:
            let limit = try entry.optionalNumber("maxBodyBytes") ?? -1
            guard limit >= 0, limit < 0x1p53, limit.rounded() == limit else {
                throw .invalidValue(file: file, keyPath: entry.path("maxBodyBytes"), expected: "a whole number of bytes, 0 or more")
            }
            rule = .maximumBodyBytes(Int(limit))
            defaultName = "maxBodyBytes"
        }
        let name = try entry.optionalString("name") ?? defaultName
        guard !name.isEmpty, !name.contains(")"), !name.contains(":") else {
            throw .invalidValue(file: file, keyPath: entry.path("name"), expected: "a name that is not empty, without ')' or ':'")
        }
        try entry.finish()
        self.init(name: name, rule: rule)
    }

    /// A `status` value: an array of codes (`201`), ranges (`"200-299"`) and classes (`"2xx"`).
    private static func statuses(_ value: JSONValue, file: String, keyPath: String) throws(TargetsFileError) -> [ClosedRange<Int>] {
        let expected = "an array of statuses: numbers from 100 to 599, ranges such as \"200-204\" and classes such as \"2xx\""
        guard case .array(let entries) = value, !entries.isEmpty else {
            throw .invalidValue(file: file, keyPath: keyPath, expected: expected)
        }
        var ranges: [ClosedRange<Int>] = []
        for (index, entry) in entries.enumerated() {
            let range: ClosedRange<Int>?
            switch entry {
            case .number(let number) where number.rounded() == number && (100...599).contains(number):
                range = Int(number)...Int(number)
            case .string(let text) where text.count == 3 && text.hasSuffix("xx"):
                range = Int(text.prefix(1)).flatMap { (1...5).contains($0) ? ($0 * 100)...($0 * 100 + 99) : nil }
            case .string(let text):
                let bounds = text.split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
                range = bounds.count == 2 && 100 <= bounds[0] && bounds[0] <= bounds[1] && bounds[1] <= 599 ? bounds[0]...bounds[1] : nil
            default:
                range = nil
            }
            guard let range else { throw .invalidValue(file: file, keyPath: "\(keyPath)[\(index)]", expected: expected) }
            ranges.append(range)
        }
        return ranges
    }
}
