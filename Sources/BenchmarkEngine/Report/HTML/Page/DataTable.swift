/// The table beneath a chart: the same figures in rows and columns, for people who cannot see the
/// chart and for anyone who wants the numbers. Numeric cells carry the exact value the report
/// holds in `data-value`, beside the text a person reads.
struct DataTable: Sendable {
    /// One cell: its text, and the number behind it when there is one.
    struct Cell: Sendable, Equatable {
        let text: String
        var value: Double?
        /// A class for the cell: `regression`, `improvement`, … to colour a verdict.
        var className: String?

        /// A cell of text, which is escaped when drawn.
        static func text(_ text: String, className: String? = nil) -> Cell {
            Cell(text: text, value: nil, className: className)
        }

        /// A number cell: `value` as given, shown as `text`.
        static func number(_ value: Double, _ text: String) -> Cell {
            Cell(text: text, value: value, className: nil)
        }

        /// A cell for a figure that may be missing: `–` when it is.
        static func number(_ value: Double?, format: (Double) -> String) -> Cell {
            value.map { Cell(text: format($0), value: $0, className: nil) } ?? .text("–")
        }
    }

    /// The column headings.
    let columns: [String]
    let rows: [[Cell]]
    /// What the table holds, for its `<caption>`.
    let caption: String

    /// The table as HTML.
    func html() -> String {
        var html = "<table><caption>\(HTML.escape(caption))</caption><thead><tr>"
        html += columns.map { "<th scope=\"col\">\(HTML.escape($0))</th>" }.joined()
        html += "</tr></thead><tbody>"
        for row in rows {
            html += "<tr>"
            for (index, cell) in row.enumerated() {
                let tag = index == 0 ? "th scope=\"row\"" : "td"
                var attributes = ""
                if let value = cell.value { attributes += " data-value=\"\(Self.exact(value))\"" }
                if let className = cell.className {
                    attributes += " class=\"\(className)\""
                } else if cell.value != nil {
                    attributes += " class=\"number\""
                }
                html += "<\(tag)\(attributes)>\(HTML.escape(cell.text))</\(index == 0 ? "th" : "td")>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table>"
    }

    /// A number as JSON writes it: integers without a fraction, others in full.
    static func exact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 9e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// A chart (or charts side by side) with its title, caption and the data table beneath it.
struct Figure: Sendable {
    /// The caption's element id, which the charts' `aria-labelledby` points at.
    let id: String
    /// The heading above the figure; text, escaped.
    let title: String
    /// What the chart shows and how to read it; text, escaped.
    let caption: String
    /// The charts, each an `<svg>` element.
    let charts: [String]
    /// The data beneath.
    let tables: [DataTable]

    /// The figure as HTML.
    func html() -> String {
        var html = "<figure><h3>\(HTML.escape(title))</h3>"
        html += charts.count > 1 ? "<div class=\"charts\">" + charts.joined() + "</div>" : charts.joined()
        html += "<figcaption id=\"\(id)\">\(HTML.escape(caption))</figcaption>"
        html += tables.map { $0.html() }.joined()
        return html + "</figure>\n"
    }
}
