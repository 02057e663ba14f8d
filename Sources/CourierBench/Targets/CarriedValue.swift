import Courier
import Foundation

/// A value an answer of a recording gave that a later request of it sent back — a token from a
/// sign-in's JSON in an `Authorization` header, an id in a later URL — which a journey written from
/// the recording should extract rather than replay: `bench har --journey` points each out, naming
/// the steps, where the value was and where it went, never the value.
struct CarriedValue: Sendable, Equatable {
    /// The step that sent it (its index and name).
    let step: Int
    let stepName: String
    /// Where that step sent it: `the header Authorization`, `the URL`, `the body`.
    let place: String
    /// The step whose answer gave it.
    let source: Int
    let sourceName: String
    /// The extraction that takes it from that answer.
    let extraction: Extraction.Source
    /// A name for the variable, from where the value was.
    let variable: String

    /// What one recorded exchange offers and sends.
    struct Exchange: Sendable {
        let url: String
        let headers: [(name: String, value: String)]
        let body: String?
        let responseHeaders: [(name: String, value: String)]
        let responseBody: String?
    }

    /// Response fields whose values every answer has, or that say nothing a client sends back.
    private static let ordinaryFields: Set<String> = [
        "date", "content-type", "content-length", "content-encoding", "server", "connection", "keep-alive", "vary", "cache-control",
        "expires", "last-modified", "age", "via", "transfer-encoding", "strict-transport-security", "alt-svc",
    ]

    /// The values of `exchanges`' answers that a later request of them sends, one per step and place,
    /// from the latest answer that had it; `names` are the steps' names.
    static func find(in exchanges: [Exchange], names: [String]) -> [CarriedValue] {
        var offered: [(value: String, source: Int, extraction: Extraction.Source, variable: String)] = []
        var found: [CarriedValue] = []
        for (index, exchange) in exchanges.enumerated() {
            var places: [(String, String)] = [("the URL", exchange.url)]
            places += exchange.headers.map { ("the header \($0.name)", $0.value) }
            if let body = exchange.body { places.append(("the body", body)) }
            for (place, text) in places {
                guard let match = offered.last(where: { text.contains($0.value) }) else { continue }
                found.append(
                    CarriedValue(
                        step: index, stepName: names[index], place: place, source: match.source, sourceName: names[match.source],
                        extraction: match.extraction, variable: match.variable))
            }
            offered += values(offeredBy: exchange).map { ($0.value, index, $0.extraction, $0.variable) }
        }
        return found
    }

    /// The values an answer offers: JSON strings and numbers that look like identifiers, and
    /// header values that do, with the extraction of each.
    private static func values(offeredBy exchange: Exchange) -> [(value: String, extraction: Extraction.Source, variable: String)] {
        var values: [(value: String, extraction: Extraction.Source, variable: String)] = []
        for (name, value) in exchange.responseHeaders where !ordinaryFields.contains(name.lowercased()) && looksCarried(value) {
            values.append((value, .header(name), variableName(name)))
        }
        if let body = exchange.responseBody, let json = try? JSONDecoder().decode(JSONValue.self, from: Data(body.utf8)) {
            walk(json, path: "") { pointer, text in
                guard looksCarried(text), let parsed = JSONPointer(pointer) else { return }
                values.append((text, .json(parsed), variableName(parsed.tokens.last(where: { Int($0) == nil }) ?? "value")))
            }
        }
        return values
    }

    /// Calls `visit` with the pointer and text of every string and number in `value`.
    private static func walk(_ value: JSONValue, path: String, _ visit: (String, String) -> Void) {
        switch value {
        case .object(let members):
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                walk(
                    member, path: path + "/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"),
                    visit)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { walk(element, path: "\(path)/\(index)", visit) }
        case .string, .number:
            if let text = value.templateText { visit(path, text) }
        case .bool, .null:
            break
        }
    }

    /// Whether `text` is specific enough that finding it again is no coincidence: 6 characters or
    /// more with a digit, or 16 or more.
    private static func looksCarried(_ text: String) -> Bool {
        (text.count >= 6 && text.contains(where: \.isNumber)) || text.count >= 16
    }

    /// `name` as a variable: letters, digits and `_`, lowercased (`X-Request-Id` is `x_request_id`).
    private static func variableName(_ name: String) -> String {
        let cleaned = String(name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return cleaned.isEmpty ? "value" : cleaned
    }

    /// The line `har` prints for it: where the value went and how to extract it, without the value.
    var line: String {
        let extract: String
        switch extraction {
        case .json(let pointer): extract = #"{"json": "\#(pointer)"}"#
        case .header(let field): extract = #"{"header": "\#(field)"}"#
        case .regex, .status: extract = "{…}"
        }
        return "har: step \(step + 1) '\(stepName)' sends in \(place) a value from the answer to step \(source + 1) '\(sourceName)': "
            + #"add "extract": {"\#(variable)": \#(extract)} to step \#(source + 1) and write {{\#(variable)}} in its place"#
    }
}
