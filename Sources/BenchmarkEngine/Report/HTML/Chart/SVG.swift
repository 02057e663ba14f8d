import Foundation

/// Small pieces of SVG markup the charts share: numbers, text and the legend.
enum SVG {
    /// A coordinate with at most one decimal, which is finer than a pixel and keeps pages small.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// A `<text>` element; `text` is escaped.
    static func text(_ text: String, x: Double, y: Double, className: String, anchor: String = "start", extra: String = "") -> String {
        "<text class=\"\(className)\" x=\"\(number(x))\" y=\"\(number(y))\" text-anchor=\"\(anchor)\"\(extra)>\(HTML.escape(text))</text>"
    }

    /// A path through `points`, as straight segments, or as steps (across, then up or down) when
    /// `stepped`.
    static func path(_ points: [(x: Double, y: Double)], stepped: Bool = false) -> String {
        points.enumerated().map { index, point in
            if index == 0 { return "M\(number(point.x)) \(number(point.y))" }
            return stepped ? "H\(number(point.x))V\(number(point.y))" : "L\(number(point.x)) \(number(point.y))"
        }.joined()
    }

    /// A legend from (`x`, `y`), wrapped at `maximumWidth`: a stroke sample with each entry's dash
    /// and marker, then its name.
    static func legend(_ entries: [LegendEntry], x: Double, y: Double, maximumWidth: Double) -> String {
        let items = zip(entries, legendLayout(entries, maximumWidth: maximumWidth)).map { entry, offset in
            let left = x + offset.x
            let line = y + offset.y
            var item = "<g class=\"\(entry.style.classes)\"><path class=\"sample\" d=\"M\(number(left)) \(number(line - 4))h24\"/>"
            if let shape = entry.style.shape {
                item += "<path class=\"marker\" d=\"\(shape.path(x: left + 12, y: line - 4))\"/>"
            }
            return item + text(entry.name, x: left + 30, y: line, className: "legend-label") + "</g>"
        }
        return "<g class=\"legend\">" + items.joined() + "</g>"
    }

    /// The height a legend of `entries` takes when wrapped at `maximumWidth`.
    static func legendHeight(_ entries: [LegendEntry], maximumWidth: Double) -> Double {
        (legendLayout(entries, maximumWidth: maximumWidth).last?.y ?? -legendLineHeight) + legendLineHeight
    }

    private static let legendLineHeight = 16.0

    /// Each entry's offset from the legend's origin: entries flow left to right and wrap.
    private static func legendLayout(_ entries: [LegendEntry], maximumWidth: Double) -> [(x: Double, y: Double)] {
        var offsets: [(x: Double, y: Double)] = []
        var cursor = (x: 0.0, y: 0.0)
        for entry in entries {
            // About 6.2 units per character at the legend's font size, the sample and a gap.
            let width = 30 + Double(entry.name.count) * 6.2 + 14
            if cursor.x > 0, cursor.x + width > maximumWidth {
                cursor = (0, cursor.y + legendLineHeight)
            }
            offsets.append(cursor)
            cursor.x += width
        }
        return offsets
    }
}
