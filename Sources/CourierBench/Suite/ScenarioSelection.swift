import Foundation

/// Which scenarios a command works on: those any `--filter` pattern matches (or, with none, the
/// default suite), less those any `--skip` pattern matches. `list`, `run` and the history commands
/// select alike, through this one type and its two options.
///
/// A pattern matches a name that contains it, ignoring case; a pattern written between slashes is a
/// regular expression searched for in the name, ignoring case too (`(?-i)` turns that off):
///
/// ```
/// bench run --filter decode/list100 --filter build/       two patterns, either one
/// bench run --filter '/^(decode/list100$|build/)/'        the same as a regular expression
/// ```
public struct ScenarioSelection: Sendable, Equatable {
    /// The patterns of `--filter`, any of which selects a scenario; none selects the default suite.
    public var filters: [String]
    /// The patterns of `--skip`, any of which leaves a selected scenario out.
    public var skipped: [String]

    /// A selection by `filters` less `skipped`; with neither, the default suite.
    public init(filters: [String] = [], skipped: [String] = []) {
        self.filters = filters
        self.skipped = skipped
    }

    /// Whether it narrows anything down: a filter or a skip was given.
    public var isNarrowed: Bool { !filters.isEmpty || !skipped.isEmpty }

    /// The scenarios of `scenarios` it selects, in their order. `everything` selects every scenario
    /// when there is no filter (`list`, the history), not just those of the default suite (`run`).
    public func select(_ scenarios: [Scenario], everythingUnfiltered everything: Bool = false) -> [Scenario] {
        scenarios.filter { scenario in
            (filters.isEmpty ? (everything || scenario.isDefault) : true) && selects(scenario.name)
        }
    }

    /// Whether a name is chosen by the filters (any one, or all names without one) and not skipped.
    public func selects(_ name: String) -> Bool {
        (filters.isEmpty || filters.contains { Self.matches($0, name) }) && !skipped.contains { Self.matches($0, name) }
    }

    /// The filters as a message quotes them: `'a', 'b'`.
    var quotedFilters: String { filters.map { "'\($0)'" }.joined(separator: ", ") }

    /// `--filter` and `--skip` as they read, for a message about an empty selection.
    var description: String {
        let skipping = skipped.isEmpty ? "" : " once \(skipped.map { "'\($0)'" }.joined(separator: ", ")) are skipped"
        return (filters.isEmpty ? "the default suite" : quotedFilters) + skipping
    }

    /// Whether `pattern` matches `name`: a regular expression between slashes, found anywhere in
    /// it; a substring otherwise; case ignored in both. A pattern that does not compile matches
    /// nothing, but none gets this far: ``pattern`` refuses it on the command line.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        guard let expression = regularExpression(in: pattern) else { return name.localizedCaseInsensitiveContains(pattern) }
        return name.range(of: expression, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// The regular expression between the slashes of `/…/`, or `nil` for a plain pattern.
    static func regularExpression(in pattern: String) -> String? {
        guard pattern.count >= 2, pattern.hasPrefix("/"), pattern.hasSuffix("/") else { return nil }
        return String(pattern.dropFirst().dropLast())
    }

    /// A pattern as `--filter` and `--skip` take it: any text, and between slashes a regular
    /// expression that compiles.
    static let pattern = OptionValue<String> { text, option throws(InvalidValue) in
        if let expression = regularExpression(in: text), (try? NSRegularExpression(pattern: expression)) == nil {
            throw InvalidValue("invalid regular expression '\(expression)' for '--\(option)'")
        }
        return text
    }

    /// `--filter`, repeatable.
    static let filter = OptionDeclaration(
        repeating: "filter", value: pattern, valueName: "<pattern>",
        help:
            "Only scenarios whose name contains <pattern> (case-insensitive), or matches it when written /regex/; repeat for more (any one selects). Also selects scenarios outside the default suite."
    )
    /// `--skip`, repeatable.
    static let skip = OptionDeclaration(
        repeating: "skip", value: pattern, valueName: "<pattern>",
        help: "Leaves out scenarios whose name contains <pattern> (or matches /regex/), after '--filter'; repeat for more."
    )
    /// Both, for a command's declaration.
    static let options: [any CommandLineOption] = [filter, skip]

    /// The selection the parsed options make.
    static func parse(_ parsed: ParsedCommandLine) throws(UsageError) -> ScenarioSelection {
        ScenarioSelection(filters: try parsed.value(of: filter), skipped: try parsed.value(of: skip))
    }
}
