/// Reads `--name value`, `--name=value` and `--flag` options off a list of arguments, the way
/// swift-argument-parser spells them, and says precisely what is wrong when it cannot.
struct ArgumentParser {
    /// The options a command accepts: the name without dashes, and whether it takes a value.
    let options: [(name: String, takesValue: Bool)]
    /// The command's usage text, for errors.
    let usage: String

    /// Options found, by name; flags map to `""`.
    func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> ParsedOptions {
        var values = ParsedOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError(message: "unexpected argument '\(argument)'", usage: usage)
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '--\(name)'\(suggestion(for: name))", usage: usage)
            }
            if option.takesValue {
                guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty, inlineValue != nil || !value.hasPrefix("--") else {
                    throw UsageError(message: "missing value for '--\(name)'", usage: usage)
                }
                values.add(value, for: name)
            } else {
                guard inlineValue == nil else {
                    throw UsageError(message: "'--\(name)' takes no value", usage: usage)
                }
                values.add("", for: name)
            }
        }
        return values
    }

    /// ` (did you mean '--filter'?)` when a known option is within two edits of `name`.
    private func suggestion(for name: String) -> String {
        let closest = options.map { ($0.name, editDistance(name, $0.name)) }.min { $0.1 < $1.1 }
        guard let closest, closest.1 <= 2 else { return "" }
        return " (did you mean '--\(closest.0)'?)"
    }
}

/// The options of one command line, in the order given.
struct ParsedOptions {
    private var values: [String: [String]] = [:]

    /// The value of `name`; when the option was repeated, its last value.
    subscript(name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] {
        values[name] ?? []
    }

    mutating func add(_ value: String, for name: String) {
        values[name, default: []].append(value)
    }
}

/// Levenshtein distance, for suggesting the option a typo meant.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
