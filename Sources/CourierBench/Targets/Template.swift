import Courier
import Foundation

/// A text with `{{name}}` variables — a URL, a header value or a body — parsed once, when the targets
/// file is loaded, into literal parts and variables, so filling it is concatenation.
///
/// A variable's name is what is between the braces, spaces around it ignored; it may not be empty or
/// hold a brace. `{{{{` is a literal `{{` (so `{{{{id}}` is sent as `{{id}}`); a `}}` outside a
/// variable is literal text. In a URL, each variable knows the component it stands in, from the
/// literal text before it (`?` starts the query, `#` the fragment), and its value is percent-encoded
/// for that component when it is filled.
struct Template: Sendable, Equatable {
    /// A piece of a template.
    enum Part: Sendable, Equatable {
        /// Text sent as it is.
        case literal(String)
        /// The variable `name`, whose value is put where it stands as `placement` requires.
        case variable(String, Placement)
    }

    /// Where a value lands, which decides what is done to it.
    enum Placement: Sendable, Equatable {
        /// A URL's host or port: percent-encoded as a path segment.
        case host
        /// A URL's path: percent-encoded as one segment, so a `/` in the value is `%2F`.
        case path
        /// A URL's query: percent-encoded so it cannot end its parameter (`&`, `=`, `+`, `#` are
        /// encoded), a space as `%20`.
        case query
        /// A URL's fragment: percent-encoded as a fragment.
        case fragment
        /// A header field's value: as it is, but a value with CR, LF or NUL is refused (``Bound/refusedColumn(in:)``).
        case header
        /// A body: as it is.
        case body
    }

    /// The parts, in order, literal runs merged.
    let parts: [Part]

    /// The names of the template's variables, in order of first use.
    var variables: [String] {
        var names: [String] = []
        for case .variable(let name, _) in parts where !names.contains(name) { names.append(name) }
        return names
    }

    /// `prefix`, sent as it is, then `text` parsed, its variables placed from `placement` on: in a URL,
    /// each by the component it stands in (``Placement/advanced(over:)``), so `prefix` is what comes
    /// before the URL's host (`https://`) or its path (the base URL). A `{{` with no `}}`, or an empty
    /// or braced name, throws ``SyntaxError``.
    init(_ text: String, placement: Placement, after prefix: String = "") throws(SyntaxError) {
        var parts: [Part] = []
        var literal = prefix
        var placement = placement
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            literal += rest[..<open.lowerBound]
            placement = placement.advanced(over: rest[..<open.lowerBound])
            rest = rest[open.upperBound...]
            if rest.hasPrefix("{{") {
                literal += "{{"
                rest = rest.dropFirst(2)
                continue
            }
            guard let close = rest.range(of: "}}") else { throw SyntaxError(reason: "a '{{' without its '}}'") }
            let name = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains("{"), !name.contains("}") else {
                throw SyntaxError(reason: "'{{\(rest[..<close.lowerBound])}}' is not a variable name")
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.variable(name, placement))
            rest = rest[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// A template that cannot be parsed, and why.
    struct SyntaxError: Error, Equatable {
        /// What is wrong, quoting the template's text.
        let reason: String
    }

    /// The template with each variable bound to a column of one of a request's data tables, by
    /// `column`, which says where a name is found; `nil` when no table has it, which throws the name.
    func bound(_ column: (String) -> Bound.Column?) throws(UnknownVariable) -> Bound {
        try binding({ name in column(name).map { column in { placement in .value(column, placement) } } })
    }

    /// The template with each variable bound by `source`, which gives the part a name becomes at a
    /// placement: a data column, a session's variable or the environment's; `nil` when the name is
    /// none of those, which throws it.
    func binding(_ source: (String) -> ((Placement) -> Bound.Part)?) throws(UnknownVariable) -> Bound {
        var parts: [Bound.Part] = []
        for part in self.parts {
            switch part {
            case .literal(let text): parts.append(.literal(text))
            case .variable(let name, let placement):
                guard let found = source(name) else { throw UnknownVariable(name: name) }
                parts.append(found(placement))
            }
        }
        return Bound(parts: parts)
    }

    /// A variable no data table of the request provides.
    struct UnknownVariable: Error, Equatable {
        /// The variable's name.
        let name: String
    }

    /// A template ready to fill: each variable a table and column.
    struct Bound: Sendable, Equatable {
        /// Where a variable's value is: the request's `table`th data table, its `index`th column.
        struct Column: Sendable, Equatable {
            /// The variable's name, for errors.
            let name: String
            /// The position of the table among the request's data tables.
            let table: Int
            /// The column in that table.
            let index: Int
        }

        /// A value that is not a data column's: one a session carries, or the environment's.
        struct Variable: Sendable, Equatable {
            /// Its name as written (`token`, `env.API_TOKEN`), for errors.
            let name: String
            /// Its place among a session's variables, or among the file's environment values.
            let slot: Int
        }

        /// A piece of a bound template.
        enum Part: Sendable, Equatable {
            /// Text sent as it is.
            case literal(String)
            /// A column's value, put where it stands as the placement requires.
            case value(Column, Placement)
            /// A value an earlier step of the session extracted (``Values/variables``).
            case variable(Variable, Placement)
            /// A value of the environment, `{{env.NAME}}` (``Values/environment``): never part of the
            /// literal text, so nothing that shows a template can show it.
            case environment(Variable, Placement)
        }

        /// What fills a template's variables.
        struct Values {
            /// One row per data table of the request.
            var rows: [[String]]
            /// The session's variables, by slot.
            var variables: [String] = []
            /// The file's environment values, by slot.
            var environment: [String] = []
        }

        /// The parts, in order.
        let parts: [Part]
        /// The length of the literal text and room for short values, so a fill seldom grows its string.
        private let capacity: Int

        /// The template of `parts`.
        init(parts: [Part]) {
            self.parts = parts
            capacity = parts.reduce(0) { sum, part in
                if case .literal(let text) = part { sum + text.utf8.count } else { sum + 16 }
            }
        }

        /// The text, when the template has no variables and every fill gives the same.
        var literalText: String? {
            var text = ""
            for part in parts {
                guard case .literal(let literal) = part else { return nil }
                text += literal
            }
            return text
        }

        /// The text with each variable replaced by its value in `rows` (one row per data table of the
        /// request), encoded as its placement says. A header value is put as it is: check it first
        /// with ``refusedColumn(in:)``.
        func filled(with rows: [[String]]) -> String {
            filled(with: Values(rows: rows))
        }

        /// The text with each variable replaced by its value in `values`, each encoded as its
        /// placement says, as data columns are.
        func filled(with values: Values) -> String {
            var text = ""
            text.reserveCapacity(capacity)
            for part in parts {
                switch part {
                case .literal(let literal): text += literal
                case .value(let column, let placement): Self.append(values.rows[column.table][column.index], placement, to: &text)
                case .variable(let variable, let placement): Self.append(values.variables[variable.slot], placement, to: &text)
                case .environment(let variable, let placement): Self.append(values.environment[variable.slot], placement, to: &text)
                }
            }
            return text
        }

        private static func append(_ value: String, _ placement: Placement, to text: inout String) {
            switch placement {
            case .host, .path: text += PercentEncoding.pathSegment.encode(value)
            case .query: text += PercentEncoding.queryValue.encode(value)
            case .fragment: text += PercentEncoding.fragment.encode(value)
            case .header, .body: text += value
            }
        }

        /// The name of the first session or environment variable placed in a header whose value
        /// holds CR, LF or NUL; `nil` when there is none. Data columns are ``refusedColumn(in:)``'s.
        func refusedVariable(in values: Values) -> String? {
            for part in parts {
                switch part {
                case .variable(let variable, .header) where Self.breaksField(values.variables[variable.slot]): return variable.name
                case .environment(let variable, .header) where Self.breaksField(values.environment[variable.slot]):
                    return variable.name
                default: continue
                }
            }
            return nil
        }

        private static func breaksField(_ value: String) -> Bool {
            value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 })
        }

        /// The first variable placed in a header whose value in `rows` holds CR, LF or NUL, which
        /// would end the field; `nil` when there is none.
        func refusedColumn(in rows: [[String]]) -> Column? {
            for case .value(let column, .header) in parts where Self.breaksField(rows[column.table][column.index]) {
                return column
            }
            return nil
        }
    }
}

extension Template.Placement {
    /// The placement after the literal URL text `text`: a `/` ends the host, a `?` starts the query,
    /// a `#` the fragment. Outside a URL, placements do not change.
    func advanced(over text: Substring) -> Template.Placement {
        var placement = self
        for character in text {
            switch (placement, character) {
            case (.host, "/"): placement = .path
            case (.host, "?"), (.path, "?"): placement = .query
            case (.host, "#"), (.path, "#"), (.query, "#"): placement = .fragment
            default: break
            }
        }
        return placement
    }
}

extension PercentEncoding {
    /// One path segment of a template's URL: a `/`, `?` or `#` in a value is data, not structure.
    static let pathSegment = PercentEncoding(allowing: alphanumerics + "-._~!$&'()*,;=:@")
    /// One query name or value of a template's URL: `&`, `=`, `+` and `#` are encoded, which would
    /// end or change it; `/` and `?`, which a query may hold, are kept as recorded.
    static let queryValue = PercentEncoding(allowing: alphanumerics + "-._~!$'()*,;:@/?")
    /// A fragment of a template's URL.
    static let fragment = PercentEncoding(allowing: alphanumerics + "-._~!$&'()*+,;=:@/?")
}
