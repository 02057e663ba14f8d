/// Reads `--name value`, `--name=value` and `--flag` options and up to a few positional arguments
/// off a list of arguments, the way swift-argument-parser spells them, and says precisely what is
/// wrong when it cannot.
struct ArgumentParser {
    /// The options a command accepts: the name without dashes, and whether it takes a value.
    let options: [(name: String, takesValue: Bool)]
    /// How many positional arguments the command accepts.
    var positionals = 0
    /// The command's usage text, for errors.
    let usage: String

    init(options: [(name: String, takesValue: Bool)], positionals: Int = 0, usage: String) {
        self.options = options
        self.positionals = positionals
        self.usage = usage
    }

    /// What the arguments say: options by name (flags map to `""`) and the positional arguments in
    /// order.
    struct Parsed {
        private var values: [String: [String]] = [:]
        var positionals: [String] = []

        /// The value of `name`; when the option was repeated, its last value.
        subscript(name: String) -> String? { values[name]?.last }

        /// Every value of a repeatable option, in order.
        func all(_ name: String) -> [String] {
            values[name] ?? []
        }

        mutating func add(_ value: String, for name: String) {
            values[name, default: []].append(value)
        }
    }

    func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Parsed {
        var parsed = Parsed()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                guard !argument.hasPrefix("-"), parsed.positionals.count < positionals else {
                    throw UsageError(message: "unexpected argument '\(argument)'", usage: usage)
                }
                parsed.positionals.append(argument)
                continue
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
                parsed.add(value, for: name)
            } else {
                guard inlineValue == nil else {
                    throw UsageError(message: "'--\(name)' takes no value", usage: usage)
                }
                parsed.add("", for: name)
            }
        }
        return parsed
    }

    /// ` (did you mean '--filter'?)` when a known option is within two edits of `name`.
    private func suggestion(for name: String) -> String {
        let closest = options.map { ($0.name, editDistance(name, $0.name)) }.min { $0.1 < $1.1 }
        guard let closest, closest.1 <= 2 else { return "" }
        return " (did you mean '--\(closest.0)'?)"
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
