import Foundation

/// One entry of a targets file's `requests`, validated and bound to its data: every template parsed,
/// every variable a column of one of its data tables.
struct TargetRequest: Sendable, Equatable {
    /// The name its results are reported under: every variation of it is one row.
    let name: String
    /// The HTTP method.
    let method: String
    /// The absolute URL, base URL included.
    let url: Template.Bound
    /// The header fields, in the order of their names.
    let headers: [Header]
    /// What is sent as the body; `nil` for none.
    let body: Body?
    /// The share of the mix, relative to the other requests' weights.
    let weight: Double
    /// The data sources whose rows fill the templates, as indices into ``TargetsFile/dataSources``.
    let sources: [Int]
    /// The checks on its answer, in the file's order (version 2); with a `status` check, the
    /// statuses it names are the successes instead of `200..<300`.
    var checks: [ResponseCheck] = []

    /// Whether the statuses that count as success are the checks' own rather than `200..<300`.
    var checksStatus: Bool {
        checks.contains { if case .status = $0.rule { true } else { false } }
    }

    /// A header field whose value may hold variables.
    struct Header: Sendable, Equatable {
        /// The field's name, checked as an HTTP token.
        let name: String
        /// The field's value.
        let value: Template.Bound
    }

    /// A body.
    enum Body: Sendable, Equatable {
        /// Bytes sent as they are, every time: a body without variables, or a body file that is
        /// not UTF-8 (read as bytes, not as a template).
        case bytes(Data)
        /// A text with variables, sent as UTF-8.
        case template(Template.Bound)
    }
}
