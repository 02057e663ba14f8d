import Foundation

/// How an option's text becomes a value: what it accepts, how the help states its range, how a
/// default is written back, and what a shell may complete. One value type per kind of option
/// (integers, numbers, durations, sizes, fractions, choices), so that every option of a kind checks
/// and reports its mistakes in the same words.
///
/// ```swift
/// let workers = OptionValue.integer(in: 1...4096)
/// try workers.parse("16", for: "concurrency")  // 16
/// ```
public struct OptionValue<Value: Sendable>: Sendable {
    /// The accepted values as the help states them, such as `1–4096`; it stands in for `{range}` in
    /// an option's help. `nil` when there is nothing to state.
    public let range: String?
    /// What a shell offers when completing the value.
    public let completion: OptionCompletion
    private let convert: @Sendable (_ text: String, _ option: String) throws(InvalidValue) -> Value
    private let format: @Sendable (Value) -> String

    /// A value type that reads a text with `parse`, given the text and the option's name (for its
    /// message), and writes a value back with `describe` (for a default in the help).
    public init(
        range: String? = nil, completion: OptionCompletion = .none, describe: @escaping @Sendable (Value) -> String = { "\($0)" },
        parse: @escaping @Sendable (_ text: String, _ option: String) throws(InvalidValue) -> Value
    ) {
        self.range = range
        self.completion = completion
        self.convert = parse
        self.format = describe
    }

    /// The value `text` says, or what is wrong with it, naming `--<option>`.
    public func parse(_ text: String, for option: String) throws(InvalidValue) -> Value {
        try convert(text, option)
    }

    /// `value` as the help writes it in `(default: …)`.
    public func describe(_ value: Value) -> String {
        format(value)
    }
}

/// What is wrong with one option's value, as the whole message of the usage error it becomes.
public struct InvalidValue: Error, Equatable, CustomStringConvertible {
    /// One line naming the option, the value and what was expected.
    public let description: String

    /// A problem that says `description`.
    public init(_ description: String) {
        self.description = description
    }

    /// `invalid value '<text>' for '--<option>' (expected <expectation>)`: the usual wording.
    public static func expected(_ expectation: String, not text: String, for option: String) -> InvalidValue {
        InvalidValue("invalid value '\(text)' for '--\(option)' (expected \(expectation))")
    }
}

/// What a shell completes an option's value with.
public enum OptionCompletion: Sendable, Equatable {
    /// Nothing in particular: the user types it.
    case none
    /// A path to a file.
    case file
    /// A path to a directory.
    case directory
    /// One of these words.
    case choices([String])
}

extension OptionValue where Value == String {
    /// Any text but an empty one (the parser refuses that), completed as `completion` says.
    public static func text(completion: OptionCompletion = .none) -> OptionValue {
        OptionValue(completion: completion) { text, _ in text }
    }

    /// Any text, completed as a file path.
    public static var file: OptionValue { text(completion: .file) }
    /// Any text, completed as a directory path.
    public static var directory: OptionValue { text(completion: .directory) }
}

extension OptionValue where Value == Int {
    /// An integer within `range`, stated as `1–4096`.
    public static func integer(in range: ClosedRange<Int>) -> OptionValue {
        OptionValue(range: "\(range.lowerBound)–\(range.upperBound)") { text, option throws(InvalidValue) in
            guard let value = Int(text), range.contains(value) else {
                throw .expected("an integer from \(range.lowerBound) to \(range.upperBound)", not: text, for: option)
            }
            return value
        }
    }
}

extension OptionValue where Value == [Int] {
    /// A comma-separated list of integers within `range`, each larger than the one before:
    /// `--levels 1,2,4,8`.
    public static func increasingIntegers(in range: ClosedRange<Int>) -> OptionValue {
        let expected = "integers from \(range.lowerBound) to \(range.upperBound), each larger than the last, such as 1,2,4,8"
        let listed: @Sendable ([Int]) -> String = { $0.map(String.init).joined(separator: ",") }
        return OptionValue(range: "\(range.lowerBound)–\(range.upperBound)", describe: listed) {
            text, option throws(InvalidValue) in
            var values: [Int] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let value = Int(item.trimmingCharacters(in: .whitespaces)), range.contains(value), value > (values.last ?? .min)
                else {
                    throw .expected(expected, not: text, for: option)
                }
                values.append(value)
            }
            return values
        }
    }
}

extension OptionValue where Value == Double {
    /// A number within `range`, described as `what` in a message (such as "requests per second").
    /// NaN and infinities are refused.
    public static func number(in range: ClosedRange<Double>, what: String) -> OptionValue {
        let bounds = [range.lowerBound, range.upperBound].map(plain)
        return OptionValue(range: "\(bounds[0])–\(bounds[1])", describe: plain) { text, option throws(InvalidValue) in
            guard let value = Double(text), range.contains(value) else {
                throw .expected("\(what) from \(bounds[0]) to \(bounds[1])", not: text, for: option)
            }
            return value
        }
    }

    /// A fraction within `range`, written as one (`0.25`) or as a percentage (`25%`); `expectation`
    /// says both in a message. Defaults are written as percentages.
    public static func fraction(in range: ClosedRange<Double>, expecting expectation: String) -> OptionValue {
        let percentage: @Sendable (Double) -> String = { "\(plain(($0 * 100 * 1e6).rounded() / 1e6))%" }
        return OptionValue(describe: percentage) { text, option throws(InvalidValue) in
            let isPercent = text.hasSuffix("%")
            let number = Double(isPercent ? String(text.dropLast()) : text).map { isPercent ? $0 / 100 : $0 }
            guard let number, range.contains(number) else { throw .expected(expectation, not: text, for: option) }
            return number
        }
    }

    /// A duration in seconds within `range` (at most 1 ms to a day): `10s`, `500ms`, `2m`, `1h` or a
    /// bare number of seconds; a range from 0 takes `0`, `0s` and `0ms` too. `examples` end the
    /// message, such as "10s, 500ms or 2m".
    public static func duration(in range: ClosedRange<Double> = 0.001...86_400, examples: String = "10s, 500ms or 2m") -> OptionValue {
        let stated = "\(DurationText.describe(range.lowerBound))–\(DurationText.describe(range.upperBound))"
        return OptionValue(range: stated, describe: DurationText.describe) { text, option throws(InvalidValue) in
            let seconds = range.lowerBound == 0 && ["0", "0s", "0ms"].contains(text) ? 0 : DurationText.seconds(text)
            guard let seconds, range.contains(seconds) else {
                throw .expected(
                    "a duration from \(DurationText.describe(range.lowerBound)) to \(DurationText.describe(range.upperBound)), such as \(examples)",
                    not: text, for: option
                )
            }
            return seconds
        }
    }

    /// `value` without a fractional part when it has none: `16`, `0.001`.
    static func plain(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }
}

extension OptionValue where Value == Int {
    /// A size in bytes from 1 byte to 1 TiB: `32MiB`, `500KiB`, `1GiB`, `64MB`, `100kB` or a bare
    /// number. Binary units (KiB, MiB, GiB) are powers of 1024, decimal ones (kB, MB, GB) of 1000.
    public static var bytes: OptionValue {
        OptionValue(range: "1 byte–1TiB", describe: ByteSizeText.describe) { text, option throws(InvalidValue) in
            guard let bytes = ByteSizeText.bytes(text) else {
                throw .expected("a size from 1 byte to 1TiB, such as 32MiB, 500KiB or 1048576", not: text, for: option)
            }
            return bytes
        }
    }
}

extension OptionValue where Value: Equatable {
    /// One of `values`, by its `name`; a message lists the names joined with "or".
    public static func choice(_ values: [Value], name: (Value) -> String) -> OptionValue {
        let choices = values.map { (name: name($0), value: $0) }
        let names = choices.map(\.name)
        let describe: @Sendable (Value) -> String = { value in choices.first { $0.value == value }?.name ?? "\(value)" }
        return OptionValue(completion: .choices(names), describe: describe) { text, option throws(InvalidValue) in
            guard let choice = choices.first(where: { $0.name == text }) else {
                throw .expected(names.joined(separator: " or "), not: text, for: option)
            }
            return choice.value
        }
    }
}

extension OptionValue where Value: RawRepresentable & CaseIterable & Equatable, Value.RawValue == String {
    /// One of the enumeration's cases, by its raw value.
    public static var choice: OptionValue {
        choice(Array(Value.allCases), name: \.rawValue)
    }
}

extension OptionValue {
    /// A comma-separated list of `Element`s by raw value (ignoring case and spaces around each),
    /// each once, in the order first named: `--format json,csv`. A name not among them is an
    /// unknown `noun`, the message listing `expected`.
    public static func list<Element>(of noun: String, expected: String) -> OptionValue
    where Value == [Element], Element: RawRepresentable & CaseIterable & Equatable & Sendable, Element.RawValue == String {
        let describe: @Sendable ([Element]) -> String = { $0.map(\.rawValue).joined(separator: ",") }
        return OptionValue(completion: .choices(Element.allCases.map(\.rawValue)), describe: describe) {
            list, option throws(InvalidValue) in
            var elements: [Element] = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let element = Element(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                    throw InvalidValue("unknown \(noun) '\(name)' in '--\(option)' (expected \(expected))")
                }
                if !elements.contains(element) { elements.append(element) }
            }
            return elements
        }
    }
}

/// Durations as options write them.
enum DurationText {
    /// The seconds `text` says — `10s`, `500ms`, `2m`, `1h` or a bare number of seconds — from 1 ms to
    /// a day; `nil` otherwise.
    static func seconds(_ text: String) -> Double? {
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let unit = units.first { text.hasSuffix($0.suffix) && Double(text.dropLast($0.suffix.count)) != nil }
        let number = Double(unit.map { String(text.dropLast($0.suffix.count)) } ?? text)
        guard let seconds = number.map({ $0 * (unit?.scale ?? 1) }), (0.001...86_400).contains(seconds) else { return nil }
        return seconds
    }

    /// `seconds` in the largest unit that writes it whole: `24h`, `10m`, `10s`, `100ms`.
    static func describe(_ seconds: Double) -> String {
        for (suffix, scale) in [("h", 3600.0), ("m", 60), ("s", 1)] where seconds >= scale && (seconds / scale).rounded() == seconds / scale
        {
            return "\(Int(seconds / scale))\(suffix)"
        }
        return seconds == 0 ? "0s" : "\(OptionValue<Double>.plain((seconds * 1000 * 1000).rounded() / 1000))ms"
    }
}

/// Sizes as options write them.
enum ByteSizeText {
    private static let units: [(suffix: String, scale: Double)] = [
        ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("kB", 1e3), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("B", 1),
    ]

    /// The bytes `text` says, from 1 to 1 TiB; `nil` otherwise.
    static func bytes(_ text: String) -> Int? {
        let unit = units.first { text.hasSuffix($0.suffix) && Double(text.dropLast($0.suffix.count)) != nil }
        let number = Double(unit.map { String(text.dropLast($0.suffix.count)) } ?? text)
        guard let bytes = number.map({ ($0 * (unit?.scale ?? 1)).rounded() }), (1...1_099_511_627_776).contains(bytes) else { return nil }
        return Int(bytes)
    }

    /// `bytes` in the largest binary unit that writes it whole: `32MiB`, `500KiB`, `17`.
    static func describe(_ bytes: Int) -> String {
        for (suffix, scale) in [("GiB", 1_073_741_824), ("MiB", 1_048_576), ("KiB", 1024)] where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale)\(suffix)"
        }
        return String(bytes)
    }
}
