import Foundation

/// The `Link` header field of RFC 8288: `<https://api.example.com/items?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose relation types include `relation`, if any.
    static func target(of relation: String, in value: String) -> String? {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            let parametersEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<parametersEnd]
            if relations(in: parameters).contains(relation.lowercased()) { return String(target) }
            rest = rest[parametersEnd...]
        }
        return nil
    }

    /// The space-separated relation types of the `rel` parameter, lowercased.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ,\""))
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}
