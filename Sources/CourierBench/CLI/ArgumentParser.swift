/// Reads `--name value`, `--name=value` and `--flag` options and up to a few positional arguments
/// off a list of arguments, the way swift-argument-parser spells them, and says precisely what is
/// wrong when it cannot. Every command parses with it, so every command reports the same mistakes
/// in the same words.
///
/// ```swift
/// let parsed = try ArgumentParser(options: [.value("port"), .flag("verbose")], usage: usage).parse(arguments)
/// let port = parsed["port"]
/// ```
public struct ArgumentParser: Sendable {
    /// One option a command accepts.
    public struct Option: Sendable, Equatable {
        /// The name without dashes: `filter` for `--filter`.
        public let name: String
        /// Whether it takes a value (`--out DIR`) or stands alone (`--quick`).
        public let takesValue: Bool

        /// An option that takes a value: `--name value` or `--name=value`.
        public static func value(_ name: String) -> Option {
            Option(name: name, takesValue: true)
        }

        /// An option that stands alone: `--name`.
        public static func flag(_ name: String) -> Option {
            Option(name: name, takesValue: false)
        }
    }

    /// The options a command accepts.
    public let options: [Option]
    /// How many positional arguments the command accepts.
    public let positionals: Int
    /// The command's usage text, for errors.
    public let usage: String

    /// A parser for `options` and at most `positionals` positional arguments; `usage` goes into
    /// every error it throws.
    public init(options: [Option], positionals: Int = 0, usage: String) {
        self.options = options
        self.positionals = positionals
        self.usage = usage
    }

    /// What the arguments say: options by name (flags map to `""`) and the positional arguments in
    /// order.
    public struct Parsed: Sendable {
        private var values: [String: [String]] = [:]
        /// The positional arguments, in order.
        public internal(set) var positionals: [String] = []

        /// The value of `name`; when the option was repeated, its last value.
        public subscript(name: String) -> String? { values[name]?.last }

        /// Every value of a repeatable option, in order.
        public func all(_ name: String) -> [String] {
            values[name] ?? []
        }

        mutating func add(_ value: String, for name: String) {
            values[name, default: []].append(value)
        }
    }

    /// Parses `arguments`, or throws a ``UsageError`` naming the first one it cannot accept.
    public func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Parsed {
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

    /// The duration `text` says — `10s`, `500ms`, `2m`, `1h` or a bare number of seconds — above 0
    /// and at most a day, or a usage error naming `--<option>`.
    public static func seconds(_ text: String, option: String, usage: String) throws(UsageError) -> Double {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let unit = units.first { text.hasSuffix($0.suffix) && Double(text.dropLast($0.suffix.count)) != nil }
        let number = Double(unit.map { String(text.dropLast($0.suffix.count)) } ?? text)
        guard let number, number > 0, number * (unit?.scale ?? 1) <= 86_400 else {
            throw UsageError(message: "invalid value '\(text)' for '--\(option)' (expected a duration such as 10s, 500ms or 2m)", usage: usage)
        }
        return number * (unit?.scale ?? 1)
    }

    /// ` (did you mean '--filter'?)` when a known option is within two edits of `name`.
    private func suggestion(for name: String) -> String {
        closest(to: name, among: options.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
    }
}

/// The word among `candidates` within two edits of `word` (Levenshtein), the nearest first, for
/// suggesting what a typo meant.
func closest(to word: String, among candidates: [String]) -> String? {
    let nearest = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
    guard let nearest, nearest.1 <= 2 else { return nil }
    return nearest.0
}

private func editDistance(_ a: String, _ b: String) -> Int {
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
