import BenchmarkEngine

// Names a package written against an earlier minor version of Courier may still use: each is the
// new declaration under its old name, deprecated, so that such a package compiles (with warnings
// that say what to write instead) for at least one minor version after the rename. <doc:Changelog>
// says when each was renamed and from when it may go.

/// A scenario's own thresholds: renamed `ThresholdOverrides` in 0.2.0 (they override only what they
/// name). Inside this module, the comparison's thresholds are `BenchmarkEngine.Thresholds`, written
/// in full so as not to be taken for this name.
@available(*, deprecated, renamed: "ThresholdOverrides")
public typealias Thresholds = ThresholdOverrides

/// How a command ends: renamed ``BenchExitCode`` in 0.2.0 (Swift Testing has exit statuses of its own).
@available(*, deprecated, renamed: "BenchExitCode")
public typealias ExitCode = BenchExitCode

/// The parser of 0.2.0's first commands, by option name and untyped: renamed ``CommandLineParser``,
/// which reads options declared once (``OptionDeclaration``) with their types. This keeps the old
/// calls compiling, parsing with ``CommandLineParser`` underneath so that mistakes read the same.
@available(*, deprecated, renamed: "CommandLineParser", message: "declare each option once with OptionDeclaration")
public struct ArgumentParser: Sendable {
    /// One option a command accepts, by name.
    public struct Option: Sendable, Equatable {
        /// The name without dashes.
        public let name: String
        /// Whether it takes a value (`--out DIR`) or stands alone (`--quick`).
        public let takesValue: Bool

        /// An option that takes a value: `--name value` or `--name=value`.
        public static func value(_ name: String) -> Option { Option(name: name, takesValue: true) }

        /// An option that stands alone: `--name`.
        public static func flag(_ name: String) -> Option { Option(name: name, takesValue: false) }
    }

    /// What the arguments say: each option's texts by name (flags as `""`), and the positionals.
    public struct Parsed: Sendable {
        private let values: [String: [String]]
        /// The positional arguments, in order.
        public let positionals: [String]
        /// The command's usage text, for errors about a value.
        let usage: String

        fileprivate init(values: [String: [String]], positionals: [String], usage: String) {
            self.values = values
            self.positionals = positionals
            self.usage = usage
        }

        /// The value of `name`; when the option was repeated, its last value.
        public subscript(name: String) -> String? { values[name]?.last }

        /// Every value of a repeatable option, in order.
        public func all(_ name: String) -> [String] { values[name] ?? [] }

        /// The value of `name` as an integer within `range`; `nil` when the option is absent.
        public func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
            try self[name].map { text throws(UsageError) in try read(text, as: .integer(in: range), for: name) }
        }

        /// The value of `name` as a number within `range`, described as `what`; `nil` when absent.
        public func number(_ name: String, in range: ClosedRange<Double>, what: String) throws(UsageError) -> Double? {
            try self[name].map { text throws(UsageError) in try read(text, as: .number(in: range, what: what), for: name) }
        }

        private func read<Value>(_ text: String, as value: OptionValue<Value>, for name: String) throws(UsageError) -> Value {
            do { return try value.parse(text, for: name) } catch { throw UsageError(message: error.description, usage: usage) }
        }
    }

    /// The options a command accepts.
    public let options: [Option]
    /// How many positional arguments the command accepts.
    public let positionals: Int
    /// The command's usage text, for errors.
    public let usage: String

    /// A parser for `options` and at most `positionals` positional arguments.
    public init(options: [Option], positionals: Int = 0, usage: String) {
        self.options = options
        self.positionals = positionals
        self.usage = usage
    }

    /// Parses `arguments`, or throws a ``UsageError`` naming the first one it cannot accept.
    public func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Parsed {
        let declared = options.map { option in
            (
                option,
                option.takesValue
                    ? OptionDeclaration(repeating: option.name, value: .text(), valueName: "<value>", help: "") as any CommandLineOption
                    : OptionDeclaration(flag: option.name, help: "")
            )
        }
        let parsed = try CommandLineParser(options: declared.map(\.1), positionals: positionals, usage: usage).parse(arguments)
        var values: [String: [String]] = [:]
        for (option, declaration) in declared where parsed.contains(declaration) {
            values[option.name] =
                option.takesValue
                ? try parsed.value(of: OptionDeclaration(repeating: option.name, value: .text(), valueName: "<value>", help: "")) : [""]
        }
        return Parsed(values: values, positionals: parsed.positionals, usage: usage)
    }

    /// The duration `text` says (`10s`, `500ms`, `2m`, `1h` or seconds), from 1 ms to a day.
    public static func seconds(_ text: String, option: String, usage: String) throws(UsageError) -> Double {
        do { return try OptionValue<Double>.duration().parse(text, for: option) } catch {
            throw UsageError(message: error.description, usage: usage)
        }
    }

    /// The size `text` says (`32MiB`, `500KiB`, `64MB` or bytes), from 1 byte to 1 TiB.
    public static func bytes(_ text: String, option: String, usage: String) throws(UsageError) -> Int {
        do { return try OptionValue<Int>.bytes.parse(text, for: option) } catch {
            throw UsageError(message: error.description, usage: usage)
        }
    }
}

extension RunCommand {
    /// The first pattern of ``selection``'s filters: a run selected by one pattern only, before 0.3.0.
    @available(*, deprecated, message: "use selection.filters, which holds every --filter pattern")
    public var filter: String? {
        get { selection.filters.first }
        set { selection.filters = newValue.map { [$0] } ?? [] }
    }

    /// ``selection``'s skipped patterns.
    @available(*, deprecated, message: "use selection.skipped")
    public var skipped: [String] {
        get { selection.skipped }
        set { selection.skipped = newValue }
    }
}

extension ListCommand {
    /// The first pattern of ``selection``'s filters, before 0.3.0 the only one.
    @available(*, deprecated, message: "use selection.filters, which holds every --filter pattern")
    public var filter: String? {
        get { selection.filters.first }
        set { selection.filters = newValue.map { [$0] } ?? [] }
    }
}
