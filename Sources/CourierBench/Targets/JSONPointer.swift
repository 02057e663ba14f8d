import Courier

/// A JSON Pointer (RFC 6901): `""` is the whole document, `/items/0/id` a path into it, `~1` a
/// `/` and `~0` a `~` inside a member's name. Parsed once, when the targets file is loaded.
struct JSONPointer: Sendable, Equatable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    let tokens: [String]
    /// The pointer as written.
    let description: String

    /// The pointer `text`; `nil` when it is neither empty nor starts with `/`, or has a `~` not
    /// followed by `0` or `1`.
    init?(_ text: String) {
        guard text.isEmpty || text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            var token = ""
            var escaped = false
            for character in raw {
                if escaped {
                    switch character {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                    escaped = false
                } else if character == "~" {
                    escaped = true
                } else {
                    token.append(character)
                }
            }
            guard !escaped else { return nil }
            tokens.append(token)
        }
        self.tokens = tokens
        description = text
    }

    /// The value the pointer refers to in `document`; `nil` when it refers to nothing (an index
    /// that is not a decimal number without leading zeros, or past the end, counts as nothing).
    func value(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let members):
                guard let member = members[token] else { return nil }
                current = member
            case .array(let elements):
                guard let index = Int(token), String(index) == token, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}

extension JSONValue {
    /// The value as a template fills it in, as a data file's JSON Lines give it: a string as it is,
    /// a number as JSON writes it (`7`, `2.5`), a boolean as `true` or `false`; `nil` for `null`,
    /// an array or an object.
    var templateText: String? {
        switch self {
        case .string(let string): string
        case .number(let number): number.text
        case .bool(let bool): bool ? "true" : "false"
        case .null, .array, .object: nil
        }
    }
}
