import Foundation

/// An objective on one of the server's figures, `server:<name><op><value>`: `server:cpu<=80%`
/// holds when the query named `cpu` comes to at most 0.8 over the step's measured window. A value
/// with `%` is a share (the query answers a ratio from 0 to 1); without it, a plain number.
public struct ServerObjective: Sendable, Equatable, CustomStringConvertible {
    /// The query's name.
    public let name: String
    /// How the figure compares with the threshold.
    public let comparison: ServiceLevelObjective.Comparison
    /// The bound, a ratio for a percentage.
    public let threshold: Double
    /// Whether it was written as a percentage.
    public let isPercentage: Bool
    /// The objective as written.
    public let description: String

    /// What the objective's text starts with.
    public static let prefix = "server:"

    /// Parses `server:<name><op><value>[%]`; a name is letters, digits, `_` and `-`.
    ///
    /// - Throws: ``ObjectiveSyntaxError`` locating the first part that is wrong.
    public init(parsing text: String) throws(ObjectiveSyntaxError) {
        guard text.hasPrefix(Self.prefix) else {
            throw ObjectiveSyntaxError(text: text, offset: 0, length: 1, problem: "a server objective starts with 'server:'")
        }
        let body = text.dropFirst(Self.prefix.count)
        let name = body.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        let nameOffset = Self.prefix.count
        guard !name.isEmpty else {
            throw ObjectiveSyntaxError(
                text: text, offset: nameOffset, length: 1, problem: "expected a query's name after 'server:', as --query names it")
        }
        let rest = body.dropFirst(name.count)
        let symbols = rest.prefix { "<>=!".contains($0) }
        let operatorOffset = nameOffset + name.count
        guard let comparison = ServiceLevelObjective.Comparison(rawValue: String(symbols)) else {
            throw ObjectiveSyntaxError(
                text: text, offset: operatorOffset, length: max(1, symbols.count), problem: "expected a comparison: <, <=, > or >=")
        }
        var number = rest.dropFirst(symbols.count)
        let isPercentage = number.hasSuffix("%")
        if isPercentage { number = number.dropLast() }
        let valueOffset = operatorOffset + symbols.count
        guard let value = Double(number), value.isFinite else {
            throw ObjectiveSyntaxError(
                text: text, offset: valueOffset, length: max(1, text.count - valueOffset),
                problem: "expected a number, or a percentage such as 80%")
        }
        self.name = String(name)
        self.comparison = comparison
        threshold = isPercentage ? value / 100 : value
        self.isPercentage = isPercentage
        description = text
    }

    /// Whether `value` meets the objective.
    public func holds(_ value: Double) -> Bool {
        comparison.holds(value, threshold)
    }

    /// `value` as the objective writes its threshold: `85.2%` or `0.852`.
    func format(_ value: Double) -> String {
        isPercentage ? String(format: "%.1f%%", value * 100) : String(format: "%g", value)
    }
}
