import Foundation

extension ServiceLevelObjective {
    /// Parses `<metric><op><value>`: a metric (`p50`, `p99.9`, any `p<0–100>`, `max`, `mean`,
    /// `errors`, `rate`), an operator (`<`, `<=`, `>`, `>=`) and a value — a duration with its unit
    /// (`ns`, `us` or `µs`, `ms`, `s`) for latency, a percentage (`0.1%`) for `errors` and `rate`.
    /// Spaces around the parts are allowed. A request's name and a colon before it
    /// (`GET /issues/{id}:p99<=80ms`) make it an objective of that request of a mix alone; the
    /// objective has no colon, so the last one ends the name.
    ///
    /// - Throws: ``ObjectiveSyntaxError`` locating the first part that is wrong.
    public init(parsing text: String) throws(ObjectiveSyntaxError) {
        guard let colon = text.lastIndex(of: ":") else {
            try self.init(parsingObjective: text, request: nil)
            return
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            throw ObjectiveSyntaxError(
                text: text, offset: text.distance(from: text.startIndex, to: colon), length: 1,
                problem: "expected a request's name before ':'")
        }
        let objective = String(text[text.index(after: colon)...])
        do {
            try self.init(parsingObjective: objective, request: name)
        } catch {
            // Carets under the objective's part of the whole text.
            let shift = text.distance(from: text.startIndex, to: colon) + 1
            throw ObjectiveSyntaxError(text: text, offset: error.offset + shift, length: error.length, problem: error.problem)
        }
    }

    /// Parses the objective `text` of the request `request`, or of the whole run.
    private init(parsingObjective text: String, request: String?) throws(ObjectiveSyntaxError) {
        var scanner = ObjectiveScanner(text)
        scanner.skipSpaces()
        let metricStart = scanner.offset
        let name = scanner.take { $0.isLetter }
        let metric: Metric
        switch name {
        case "max": metric = .maximum
        case "mean": metric = .mean
        case "errors": metric = .errors
        case "rate": metric = .rate
        case "p":
            let digits = scanner.take { $0.isNumber || $0 == "." }
            guard let value = Double(digits), (0...100).contains(value), !digits.hasPrefix("."), !digits.hasSuffix(".") else {
                throw ObjectiveSyntaxError(
                    text: text, offset: metricStart, length: max(1, scanner.offset - metricStart),
                    problem: "a percentile is p followed by a number from 0 to 100, such as p99 or p99.9")
            }
            metric = .percentile(value)
        default:
            throw ObjectiveSyntaxError(
                text: text, offset: metricStart, length: max(1, scanner.offset - metricStart),
                problem: name.isEmpty
                    ? "expected a metric: p50…p99.99, max, mean, errors or rate"
                    : "unknown metric '\(name)' (expected p50…p99.99, max, mean, errors or rate)")
        }
        scanner.skipSpaces()
        let operatorStart = scanner.offset
        let symbols = scanner.take { "<>=!".contains($0) }
        guard let comparison = Comparison(rawValue: symbols) else {
            throw ObjectiveSyntaxError(
                text: text, offset: operatorStart, length: max(1, symbols.count),
                problem: "expected a comparison: <, <=, > or >=")
        }
        scanner.skipSpaces()
        let valueStart = scanner.offset
        let digits = scanner.take { $0.isNumber || $0 == "." }
        guard let number = Double(digits), !digits.hasPrefix("."), !digits.hasSuffix(".") else {
            throw ObjectiveSyntaxError(
                text: text, offset: valueStart, length: max(1, digits.count),
                problem: metric.isLatency ? "expected a duration such as 50ms" : "expected a percentage such as 0.1%")
        }
        scanner.skipSpaces()
        let unitStart = scanner.offset
        let unit = scanner.take { !$0.isWhitespace }
        let threshold: Double
        if metric.isLatency {
            let scales: [String: Double] = ["ns": 1, "us": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9]
            guard let scale = scales[unit] else {
                throw ObjectiveSyntaxError(
                    text: text, offset: unitStart, length: max(1, unit.count),
                    problem: unit.isEmpty ? "a duration needs a unit: ns, us, ms or s" : "unknown unit '\(unit)' (expected ns, us, ms or s)"
                )
            }
            threshold = number * scale
        } else {
            guard unit == "%" else {
                throw ObjectiveSyntaxError(
                    text: text, offset: unitStart, length: max(1, unit.count),
                    problem: "\(metric) is a percentage: write it with %, such as \(metric == .rate ? "99%" : "0.1%")")
            }
            guard number <= 100 else {
                throw ObjectiveSyntaxError(
                    text: text, offset: valueStart, length: digits.count + 1, problem: "a percentage is at most 100%")
            }
            threshold = number / 100
        }
        scanner.skipSpaces()
        guard scanner.isAtEnd else {
            throw ObjectiveSyntaxError(
                text: text, offset: scanner.offset, length: scanner.remaining, problem: "unexpected text after the objective")
        }
        let objective = String(text.filter { !$0.isWhitespace })
        self.init(
            metric: metric, comparison: comparison, threshold: threshold,
            expression: request.map { "\($0):\(objective)" } ?? objective, request: request)
    }
}

/// An objective that does not parse: where, and what was expected there.
public struct ObjectiveSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The objective as given.
    public let text: String
    /// Characters from the start of `text` to the wrong part.
    public let offset: Int
    /// How many characters the wrong part spans (at least 1, so a caret can point at it).
    public let length: Int
    /// What is wrong, in one sentence.
    public let problem: String

    /// The problem, then the text with carets under the wrong part:
    ///
    /// ```
    /// unknown metric 'p99x' …
    ///   p99x<=50ms
    ///   ^^^^
    /// ```
    public var description: String {
        "\(problem)\n  \(text)\n  \(String(repeating: " ", count: offset))\(String(repeating: "^", count: length))"
    }
}

/// Reads an objective left to right, counting characters for the error's caret.
private struct ObjectiveScanner {
    private let characters: [Character]
    private(set) var offset = 0

    init(_ text: String) {
        characters = Array(text)
    }

    var isAtEnd: Bool { offset == characters.count }
    var remaining: Int { characters.count - offset }

    mutating func skipSpaces() {
        while offset < characters.count, characters[offset].isWhitespace { offset += 1 }
    }

    /// The characters from here on that satisfy `accepts`, consumed.
    mutating func take(while accepts: (Character) -> Bool) -> String {
        let start = offset
        while offset < characters.count, accepts(characters[offset]) { offset += 1 }
        return String(characters[start..<offset])
    }
}
