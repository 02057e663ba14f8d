/// One option of a command, declared once: its name, its value's type, default and range, whether it
/// repeats, and its help. Parsing, validation, the command's help, shell completion and the CLI
/// reference are all read off it, so they cannot disagree.
///
/// ```swift
/// static let concurrency = OptionDeclaration(
///     "concurrency", value: .integer(in: 1...4096), default: 16, valueName: "<c>",
///     help: "Workers, {range}; with --rate or --stage, the most in flight."
/// )
/// let workers = try parsed.value(of: concurrency)  // 16 unless given
/// ```
///
/// `{range}` in the help stands for the range the value type states (`1–4096`), and the default is
/// appended as `(default: 16)`.
public struct OptionDeclaration<Value: Sendable>: CommandLineOption {
    /// The name without dashes: `concurrency` for `--concurrency`.
    public let name: String
    /// What the help shows for the value, such as `<c>`; `nil` for a flag.
    public let valueName: String?
    /// Whether every value given counts (`--slo a --slo b`), not only the last.
    public let isRepeatable: Bool
    /// What a shell offers for the value, from the value type.
    public let completion: OptionCompletion
    /// The help as rendered: `{range}` filled in, the default appended.
    public let help: String
    /// The value when the option is absent: the declared default, `nil`, `[]` or `false`. A
    /// command's own properties start from it, so that the default is written once.
    public let defaultValue: Value
    private let read: @Sendable (_ texts: [String], _ option: String) throws(InvalidValue) -> Value

    private init(
        name: String, valueName: String?, isRepeatable: Bool, completion: OptionCompletion, help: String, defaultValue: Value,
        read: @escaping @Sendable (_ texts: [String], _ option: String) throws(InvalidValue) -> Value
    ) {
        self.name = name
        self.valueName = valueName
        self.isRepeatable = isRepeatable
        self.completion = completion
        self.help = help
        self.defaultValue = defaultValue
        self.read = read
    }

    /// The value `texts` (every value given, in order) say; ``defaultValue`` when there are none.
    func value(from texts: [String]) throws(InvalidValue) -> Value {
        texts.isEmpty ? defaultValue : try read(texts, name)
    }

    /// `help` with `{range}` filled in and `(default: …)` appended when there is one.
    private static func help(_ help: String, range: String?, default defaultText: String?) -> String {
        let filled = range.map { help.replacingOccurrences(of: "{range}", with: $0) } ?? help
        return defaultText.map { "\(filled) (default: \($0))" } ?? filled
    }

    /// `--<name> <valueName>` once at most, `default` when absent; `defaultDescription` replaces the
    /// default's own text in the help (for a default that depends on other options, say).
    public init(
        _ name: String, value: OptionValue<Value>, default defaultValue: Value, valueName: String, help: String,
        defaultDescription: String? = nil
    ) {
        self.init(
            name: name, valueName: valueName, isRepeatable: false, completion: value.completion,
            help: Self.help(help, range: value.range, default: defaultDescription ?? value.describe(defaultValue)),
            defaultValue: defaultValue
        ) { texts, option throws(InvalidValue) in
            try value.parse(texts.last ?? "", for: option)
        }
    }

    /// `--<name> <valueName>` once at most, `nil` when absent; `defaultDescription` says what
    /// absence means, when the help should.
    public init<Single>(
        _ name: String, value: OptionValue<Single>, valueName: String, help: String, defaultDescription: String? = nil
    ) where Value == Single? {
        self.init(
            name: name, valueName: valueName, isRepeatable: false, completion: value.completion,
            help: Self.help(help, range: value.range, default: defaultDescription), defaultValue: nil
        ) { texts, option throws(InvalidValue) in
            try value.parse(texts.last ?? "", for: option)
        }
    }

    /// `--<name> <valueName>`, any number of times: every value in order.
    public init<Element>(repeating name: String, value: OptionValue<Element>, valueName: String, help: String) where Value == [Element] {
        self.init(
            name: name, valueName: valueName, isRepeatable: true, completion: value.completion,
            help: Self.help(help, range: value.range, default: nil), defaultValue: []
        ) { texts, option throws(InvalidValue) in
            var values: [Element] = []
            for text in texts { values.append(try value.parse(text, for: option)) }
            return values
        }
    }
}

extension OptionDeclaration where Value == Bool {
    /// `--<name>` alone: `true` when given.
    public init(flag name: String, help: String) {
        self.init(name: name, valueName: nil, isRepeatable: false, completion: .none, help: help, defaultValue: false) { _, _ in true }
    }
}

/// An option as the parser, the help and completion see it, whatever its value's type.
public protocol CommandLineOption: Sendable {
    /// The name without dashes: `filter` for `--filter`.
    var name: String { get }
    /// What the help shows for its value, such as `<dir>`; `nil` for a flag, which takes none.
    var valueName: String? { get }
    /// Whether it may be given more than once, each value counting.
    var isRepeatable: Bool { get }
    /// What a shell offers for its value.
    var completion: OptionCompletion { get }
    /// Its help: what it does, the range it takes and its default.
    var help: String { get }
}

extension CommandLineOption {
    /// Whether it takes a value (`--out <dir>`) or stands alone (`--quick`).
    public var takesValue: Bool { valueName != nil }

    /// `--name <value>` as the help and the reference show it.
    public var label: String {
        valueName.map { "--\(name) \($0)" } ?? "--\(name)"
    }
}
