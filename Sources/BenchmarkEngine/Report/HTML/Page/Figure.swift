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
