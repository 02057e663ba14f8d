/// Reads `--name value`, `--name=value` and `--flag` options and up to a few positional arguments
/// off a list of arguments, the way swift-argument-parser spells them, against the options' own
/// declarations, and says precisely what is wrong when it cannot. Every command parses with it, so
/// every command reports the same mistakes in the same words.
///
/// ```swift
/// let parsed = try CommandLineParser(options: [port, verbose], usage: usage).parse(arguments)
/// let number = try parsed.value(of: port)
/// ```
public struct CommandLineParser: Sendable {
    /// The options a command accepts.
    public let options: [any CommandLineOption]
    /// How many positional arguments the command accepts.
    public let positionals: Int
    /// The command's usage text, for errors.
    public let usage: String

    /// A parser for `options` and at most `positionals` positional arguments; `usage` goes into
    /// every error it throws.
    public init(options: [any CommandLineOption], positionals: Int = 0, usage: String) {
        self.options = options
        self.positionals = positionals
        self.usage = usage
    }

    /// Parses `arguments`, or throws a ``UsageError`` naming the first one it cannot accept.
    public func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> ParsedCommandLine {
        var parsed = ParsedCommandLine(usage: usage)
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

    /// ` (did you mean '--filter'?)` when a known option is within two edits of `name`.
    private func suggestion(for name: String) -> String {
        closest(to: name, among: options.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
    }
}

/// What the arguments say: each declared option's value, and the positional arguments in order.
public struct ParsedCommandLine: Sendable {
    private var texts: [String: [String]] = [:]
    /// The positional arguments, in order.
    public internal(set) var positionals: [String] = []
    /// The command's usage text, for errors about a value.
    public let usage: String

    init(usage: String) {
        self.usage = usage
    }

    mutating func add(_ text: String, for name: String) {
        texts[name, default: []].append(text)
    }

    /// The value `option` was given, checked against its value type: its default (or `nil`, `[]`,
    /// `false`) when absent, its last value when given twice, each one for a repeatable option.
    public func value<Value>(of option: OptionDeclaration<Value>) throws(UsageError) -> Value {
        do {
            return try option.value(from: texts[option.name] ?? [])
        } catch {
            throw UsageError(message: error.description, usage: usage)
        }
    }

    /// Whether `option` was given at all.
    public func contains(_ option: some CommandLineOption) -> Bool {
        texts[option.name] != nil
    }

    /// The text `option` was last given, as typed: for a message about how it combines with another.
    public func text(of option: some CommandLineOption) -> String? {
        texts[option.name]?.last
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
    let a = Array(a)
    let b = Array(b)
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
