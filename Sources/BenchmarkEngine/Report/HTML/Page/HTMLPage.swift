/// A whole page: the document shell around a report's sections.
///
/// Self-contained by construction: one inline style sheet, inline SVG, no script, no font, no
/// image or link that leaves the page. A Content-Security-Policy in the page says so to the
/// browser as well, which then refuses any script or outside request that might slip in.
struct HTMLPage: Sendable {
    /// The policy: nothing from anywhere, except the inline style sheet and `data:` images.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// The page's title; text, escaped.
    let title: String
    /// The heading's second line: what the page shows; text, escaped.
    let subtitle: String
    /// Sections, each already HTML, with the name and anchor each gets in the contents.
    let sections: [(name: String, anchor: String, html: String)]

    /// The page as one HTML document.
    func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(HTML.escape(title))</title>
            <style>\(PageStyle.css)</style>
            </head><body>
            <header><h1>\(HTML.escape(title))</h1><p class="muted">\(HTML.escape(subtitle))</p></header>

            """
        if sections.count > 1 {
            html += "<nav aria-label=\"Contents\"><ul>"
            html += sections.map { "<li><a href=\"#\($0.anchor)\">\(HTML.escape($0.name))</a></li>" }.joined()
            html += "</ul></nav>\n"
        }
        for section in sections {
            html += "<section id=\"\(section.anchor)\"><h2>\(HTML.escape(section.name))</h2>\n\(section.html)</section>\n"
        }
        return html + "</body></html>\n"
    }
}
