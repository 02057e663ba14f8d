/// One mark on a row of a ``RowChart``.
enum RowMark: Sendable {
    /// A thin line over a range: a spread such as min–max.
    case whisker(ClosedRange<Double>, ChartStyle)
    /// A box over a range: the interquartile range.
    case box(ClosedRange<Double>, ChartStyle)
    /// A pale band over a range: the noise band a change must leave to count.
    case band(ClosedRange<Double>, ChartStyle)
    /// A bar from the start of the axis to a value.
    case bar(Double, ChartStyle)
    /// A short vertical stroke at a value: a median.
    case tick(Double, ChartStyle)
    /// A marker at a value: a change, shaped by its verdict.
    case point(Double, MarkerShape, ChartStyle)
}

/// A labelled row of a ``RowChart``.
struct ChartRow: Sendable {
    /// The row's label, left of the plot; text from outside, escaped when drawn.
    let label: String
    let marks: [RowMark]
    /// Words after the marks, at the plot's right edge: a value, a verdict.
    var note = ""
}

/// Rows against one horizontal axis, one labelled line each: ranges, boxes, bars and markers per
/// row. Micro-benchmarks draw their spread this way, comparisons their changes and noise bands.
struct RowChart: Sendable {
    /// The figure's caption element, which labels the SVG for screen readers.
    let captionID: String
    let axis: ChartAxis
    let rows: [ChartRow]
    var legend: [LegendEntry] = []
    /// A vertical line across every row at this value (1 on a ratio axis: no change).
    var baseline: Double?
    var width = 760.0

    private let rowHeight = 18.0
    private let right = 18.0
    private let bottom = 42.0

    /// The chart as an `<svg>` element.
    func svg() -> String {
        let longestLabel = rows.map(\.label.count).max() ?? 0
        // About 6 units per character of the row labels, within bounds that leave the plot room.
        let left = Swift.min(Swift.max(Double(longestLabel) * 6.0 + 12, 80), width * 0.45)
        let longestNote = rows.map(\.note.count).max() ?? 0
        let noteWidth = longestNote > 0 ? Double(longestNote) * 6.0 + 10 : 0
        let top = 12 + SVG.legendHeight(legend, maximumWidth: width - left - right) + 6
        let height = top + Double(Swift.max(rows.count, 1)) * rowHeight + bottom
        let plot = PlotArea(left: left, top: top, right: width - right - noteWidth, bottom: height - bottom)
        let px = { (value: Double) in plot.x(value, on: axis.scale) }

        var parts = [PlotArea.svgStart(classes: "chart rows", width: width, height: height, captionID: captionID), plot.background]
        let (grid, ticks) = plot.horizontalAxisTicks(axis.scale)
        parts.append("<path class=\"grid\" d=\"\(grid)\"/>")
        if let baseline {
            parts.append("<path class=\"zero\" d=\"M\(SVG.number(px(baseline))) \(SVG.number(plot.top))V\(SVG.number(plot.bottom))\"/>")
        }
        parts.append("<g class=\"ticks\">" + ticks.joined() + "</g>")
        parts.append(SVG.text(axis.label, x: (plot.left + plot.right) / 2, y: height - 8, className: "axis-label x", anchor: "middle"))

        for (index, row) in rows.enumerated() {
            let middle = plot.top + (Double(index) + 0.5) * rowHeight
            var group = "<g class=\"row\">"
            group += SVG.text(
                Self.fitted(row.label, characters: Int((plot.left - 12) / 6.0)), x: plot.left - 6, y: middle + 4, className: "row-label",
                anchor: "end")
            for mark in row.marks {
                group += draw(mark, at: middle, px: px, start: plot.left)
            }
            if !row.note.isEmpty {
                group += SVG.text(row.note, x: plot.right + 6, y: middle + 4, className: "row-note")
            }
            parts.append(group + "</g>")
        }
        parts.append(SVG.legend(legend, x: plot.left, y: 14, maximumWidth: plot.right - plot.left))
        parts.append("</svg>")
        return parts.joined()
    }

    /// `label` cut to `characters`, keeping its end, where names differ; the table beneath has it whole.
    static func fitted(_ label: String, characters: Int) -> String {
        guard label.count > characters, characters > 1 else { return label }
        return "…" + label.suffix(characters - 1)
    }

    private func draw(_ mark: RowMark, at middle: Double, px: (Double) -> Double, start: Double) -> String {
        func span(_ range: ClosedRange<Double>, height: Double, className: String, style: ChartStyle) -> String {
            let from = px(range.lowerBound)
            let to = Swift.max(px(range.upperBound), from + 1)
            return "<path class=\"\(className) \(style.classes)\" d=\"M\(SVG.number(from)) \(SVG.number(middle - height / 2))"
                + "H\(SVG.number(to))v\(SVG.number(height))H\(SVG.number(from))Z\"/>"
        }
        switch mark {
        case .whisker(let range, let style):
            return
                "<path class=\"whisker \(style.classes)\" d=\"M\(SVG.number(px(range.lowerBound))) \(SVG.number(middle))H\(SVG.number(px(range.upperBound)))"
                + "M\(SVG.number(px(range.lowerBound))) \(SVG.number(middle - 4))v8M\(SVG.number(px(range.upperBound))) \(SVG.number(middle - 4))v8\"/>"
        case .box(let range, let style):
            return span(range, height: 10, className: "box", style: style)
        case .band(let range, let style):
            return span(range, height: rowHeight - 2, className: "band", style: style)
        case .bar(let value, let style):
            let to = Swift.max(px(value), start + 1)
            return
                "<path class=\"bar \(style.classes)\" d=\"M\(SVG.number(start)) \(SVG.number(middle - 5))H\(SVG.number(to))v10H\(SVG.number(start))Z\"/>"
        case .tick(let value, let style):
            return "<path class=\"median \(style.classes)\" d=\"M\(SVG.number(px(value))) \(SVG.number(middle - 7))v14\"/>"
        case .point(let value, let shape, let style):
            return "<path class=\"marker \(style.classes)\" d=\"\(shape.path(x: px(value), y: middle, size: 9))\"/>"
        }
    }
}
