import Courier

/// How deep and wide a JSON document is, and what it is made of: what `decode --file` shows beside
/// the timing, because nesting and container sizes are what decoding time follows.
struct DocumentShape: Equatable {
    /// The deepest nesting of arrays and objects (a scalar at the top is 0).
    private(set) var depth = 0
    /// Where the deepest container is, as `[0].user.labels`.
    private(set) var deepestPath = ""
    /// The most members of any one array or object.
    private(set) var width = 0
    /// Where that container is.
    private(set) var widestPath = ""
    /// Values of each kind: object, array, string, number, boolean, null.
    private(set) var counts: [String: Int] = [:]

    init(_ document: JSONValue) {
        visit(document, path: "", depth: 0)
    }

    private mutating func visit(_ value: JSONValue, path: String, depth level: Int) {
        let members: [(String, JSONValue)]
        switch value {
        case .null:
            counts["null", default: 0] += 1
            return
        case .bool:
            counts["boolean", default: 0] += 1
            return
        case .number:
            counts["number", default: 0] += 1
            return
        case .string:
            counts["string", default: 0] += 1
            return
        case .array(let elements):
            counts["array", default: 0] += 1
            members = elements.enumerated().map { ("\(path)[\($0.offset)]", $0.element) }
        case .object(let fields):
            counts["object", default: 0] += 1
            members = fields.sorted { $0.key < $1.key }.map { ("\(path).\($0.key)", $0.value) }
        }
        if level + 1 > depth {
            depth = level + 1
            deepestPath = path
        }
        if members.count > width {
            width = members.count
            widestPath = path
        }
        for (memberPath, member) in members {
            visit(member, path: memberPath, depth: level + 1)
        }
    }

    /// Three lines: size, depth and width, and the count of values by kind.
    func description(bytes: Int) -> String {
        let place = { (path: String) in path.isEmpty ? "the top level" : String(path.drop { $0 == "." }) }
        let kinds = ["object", "array", "string", "number", "boolean", "null"].compactMap { kind in counts[kind].map { "\($0) \(kind)s" } }
        return """
            payload: \(bytes) bytes, \(counts.values.reduce(0, +)) values (\(kinds.joined(separator: ", ")))
            depth: \(depth) (deepest container at \(place(deepestPath)))
            width: \(width) (widest container at \(place(widestPath)))
            """
    }
}
