import Courier
import Foundation

/// A value a step of a journey takes from its answer into a variable of the session (`extract`),
/// which later steps use as `{{name}}`: a JSON Pointer into the body, a header field, a regular
/// expression's capture, or the status. A value that is not there fails the step in the class
/// `extract(<name>)`, and the session ends.
struct Extraction: Sendable, Equatable {
    /// The variable it sets.
    let name: String
    /// Its place among the session's variables.
    let slot: Int
    /// Where the value comes from.
    let source: Source

    /// Where an extracted value comes from.
    enum Source: Sendable, Equatable {
        /// The value the pointer refers to in the JSON body: a string, number or boolean.
        case json(JSONPointer)
        /// The header field of that name (the first, for `Set-Cookie`).
        case header(String)
        /// A capture group of the first match in the body, as UTF-8.
        case regex(Pattern, group: Int)
        /// The status code.
        case status
    }

    /// A regular expression compiled once, when the file is loaded.
    struct Pattern: Sendable, Equatable {
        /// The pattern as written.
        let text: String
        let expression: NSRegularExpression

        static func == (lhs: Pattern, rhs: Pattern) -> Bool { lhs.text == rhs.text }
    }

    /// The class of a step whose extraction found nothing.
    var errorClass: String { "extract(\(name))" }

    /// The value in the answer with `status`, `headers` and `body`; `nil` when there is none.
    /// `document` parses the body as JSON once for all of a step's checks and extractions.
    func value(status: Int, headers: HTTPHeaders, body: Data, document: () -> JSONValue?) -> String? {
        switch source {
        case .json(let pointer): return document().flatMap(pointer.value(in:))?.templateText
        case .header(let field): return headers[field]
        case .status: return String(status)
        case .regex(let pattern, let group):
            let text = String(decoding: body, as: UTF8.self)
            guard let match = pattern.expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                group < match.numberOfRanges, let range = Range(match.range(at: group), in: text)
            else { return nil }
            return String(text[range])
        }
    }
}

extension Extraction {
    /// The extraction of the variable `name` described by `entry`: exactly one of `json` (a
    /// pointer), `header` (a field name), `regex` (with an optional capture `group`, 1 by default)
    /// and `status` (`true`).
    init(name: String, slot: Int, _ entry: JSONObjectReader) throws(TargetsFileError) {
        var entry = entry
        let file = entry.file
        let given = ["json", "header", "regex", "status"].filter { entry.has($0) }
        guard given.count == 1, let kind = given.first else {
            throw .invalidValue(file: file, keyPath: entry.keyPath, expected: "one of \"json\", \"header\", \"regex\" and \"status\"")
        }
        let source: Source
        switch kind {
        case "json":
            guard let pointer = JSONPointer(try entry.optionalString("json") ?? "") else {
                throw .invalidValue(file: file, keyPath: entry.path("json"), expected: "a JSON Pointer, such as \"/token\"")
            }
            source = .json(pointer)
        case "header":
            let field = try entry.optionalString("header") ?? ""
            guard !field.isEmpty, field.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }) else {
                throw .invalidValue(file: file, keyPath: entry.path("header"), expected: "a header field's name")
            }
            source = .header(field)
        case "regex":
            let text = try entry.optionalString("regex") ?? ""
            let expression: NSRegularExpression
            do {
                expression = try NSRegularExpression(pattern: text)
            } catch {
                throw .invalidValue(file: file, keyPath: entry.path("regex"), expected: "a regular expression (ICU syntax)")
            }
            let group = try entry.optionalNumber("group") ?? 1
            guard group >= 0, group.rounded() == group, Int(group) <= expression.numberOfCaptureGroups else {
                throw .invalidValue(
                    file: file, keyPath: entry.path("group"),
                    expected: "a capture group of the expression, 0 to \(expression.numberOfCaptureGroups)")
            }
            source = .regex(Pattern(text: text, expression: expression), group: Int(group))
        default:
            guard try entry.optionalBool("status") == true else {
                throw .invalidValue(file: file, keyPath: entry.path("status"), expected: "true")
            }
            source = .status
        }
        try entry.finish()
        self.init(name: name, slot: slot, source: source)
    }
}
