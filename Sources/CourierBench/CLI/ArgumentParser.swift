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
        /// The command's usage text, for errors about a value.
        let usage: String

        init(usage: String) {
            self.usage = usage
        }

        /// The value of `name`; when the option was repeated, its last value.
        public subscript(name: String) -> String? { values[name]?.last }

        /// Every value of a repeatable option, in order.
        public func all(_ name: String) -> [String] {
            values[name] ?? []
        }

        mutating func add(_ value: String, for name: String) {
            values[name, default: []].append(value)
        }

        /// The value of `name` as an integer within `range`; `nil` when the option is absent.
        public func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
            guard let text = self[name] else { return nil }
            guard let value = Int(text), range.contains(value) else {
                throw UsageError(message: "invalid value '\(text)' for '--\(name)' (expected an integer from \(range.lowerBound) to \(range.upperBound))", usage: usage)
            }
            return value
        }

        /// The value of `name` as a number within `range`, described as `what` in the error (such as
        /// "requests per second"); `nil` when the option is absent. NaN and infinities are refused.
        public func number(_ name: String, in range: ClosedRange<Double>, what: String) throws(UsageError) -> Double? {
            guard let text = self[name] else { return nil }
            guard let value = Double(text), range.contains(value) else {
                let bounds = [range.lowerBound, range.upperBound].map { Int(exactly: $0).map(String.init) ?? String($0) }
                throw UsageError(message: "invalid value '\(text)' for '--\(name)' (expected \(what) from \(bounds[0]) to \(bounds[1]))", usage: usage)
            }
            return value
        }
    }

    /// Parses `arguments`, or throws a ``UsageError`` naming the first one it cannot accept.
    public func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Parsed {
        var parsed = Parsed(usage: usage)
        var remaining = arguments[...]
        var previousOption: String?
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                guard !argument.hasPrefix("-"), parsed.positionals.count < positionals else {
                    throw UsageError(message: Self.unexpected(argument, after: previousOption), usage: usage)
                }
                parsed.positionals.append(argument)
                previousOption = nil
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '--\(name)'\(suggestion(for: name))", usage: usage)
            }
            previousOption = name
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

    /// The message for a stray `argument`, quoted only when it cannot be a secret: after a
    /// `--header`, it is most likely the rest of a field written without quotes, its value.
    private static func unexpected(_ argument: String, after option: String?) -> String {
        guard option != "header" else {
            return "unexpected argument after '--header' (quote the whole field: --header 'Name: value')"
        }
        return "unexpected argument '\(CommandLineRedaction.argument(argument))'"
    }

    /// The duration `text` says — `10s`, `500ms`, `2m`, `1h` or a bare number of seconds — from 1 ms
    /// to a day, or a usage error naming `--<option>`.
    public static func seconds(_ text: String, option: String, usage: String) throws(UsageError) -> Double {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let unit = units.first { text.hasSuffix($0.suffix) && Double(text.dropLast($0.suffix.count)) != nil }
        let number = Double(unit.map { String(text.dropLast($0.suffix.count)) } ?? text)
        guard let seconds = number.map({ $0 * (unit?.scale ?? 1) }), (0.001...86_400).contains(seconds) else {
            throw UsageError(message: "invalid value '\(text)' for '--\(option)' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)", usage: usage)
        }
        return seconds
    }

    /// The size `text` says — `32MiB`, `500KiB`, `1GiB`, `64MB`, `100kB` or a bare number of bytes —
    /// from 1 byte to 1 TiB, or a usage error naming `--<option>`. Binary units (KiB, MiB, GiB) are
    /// powers of 1024, decimal ones (kB, MB, GB) of 1000.
    public static func bytes(_ text: String, option: String, usage: String) throws(UsageError) -> Int {
        let units: [(suffix: String, scale: Double)] = [
            ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("kB", 1e3), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("B", 1),
        ]
        let unit = units.first { text.hasSuffix($0.suffix) && Double(text.dropLast($0.suffix.count)) != nil }
        let number = Double(unit.map { String(text.dropLast($0.suffix.count)) } ?? text)
        guard let bytes = number.map({ ($0 * (unit?.scale ?? 1)).rounded() }), (1...1_099_511_627_776).contains(bytes) else {
            throw UsageError(message: "invalid value '\(text)' for '--\(option)' (expected a size from 1 byte to 1TiB, such as 32MiB, 500KiB or 1048576)", usage: usage)
        }
        return Int(bytes)
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
