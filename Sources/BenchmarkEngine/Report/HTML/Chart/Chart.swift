/// An axis: its scale and what it measures, in words.
struct ChartAxis: Sendable {
    /// Where values go, and the ticks.
    let scale: any ChartScale
    /// What the axis measures, with its unit: `latency`, `requests per second`.
    let label: String
}

/// A line (or steps) through points, with a name for the legend.
struct ChartSeries: Sendable {
    /// The name in the legend; empty for a line the legend names with another (two bounds of one band).
    let name: String
    /// How it is drawn.
    let style: ChartStyle
    /// The points in the order to join them.
    let points: [(x: Double, y: Double)]
    /// Joined by steps rather than straight lines: a value that holds until the next one.
    var stepped = false
    /// Joined at all: a series of loose markers when `false`.
    var joined = true
}

/// A straight line across the plot at one value, such as an objective's bound or the largest rate
/// sustained, with its label.
struct ReferenceLine: Sendable {
    /// Along which axis the line stands at ``value``.
    enum Axis: Sendable { case x, y }
    let axis: Axis
    let value: Double
    let label: String
    let style: ChartStyle
}

/// A marker at a point, such as an interval with errors or the knee of a curve, with a short label.
struct ChartMarker: Sendable {
    let x: Double
    let y: Double
    let shape: MarkerShape
    let style: ChartStyle
    /// Shown beside the marker; empty for none.
    var label = ""
}

/// A chart with an x and a y axis, as inline SVG: gridlines and labelled ticks on both axes, each
/// axis's label, the series, reference lines, markers and a legend. It draws only what it is
/// given; a chart with no points says so in the plot rather than drawing empty axes silently.
struct Chart: Sendable {
    /// The figure's caption element, which labels the SVG for screen readers.
    let captionID: String
    let x: ChartAxis
    let y: ChartAxis
    var series: [ChartSeries] = []
    var references: [ReferenceLine] = []
    var markers: [ChartMarker] = []
    /// Legend entries beyond the series' own, such as a marker's meaning.
    var extraLegend: [LegendEntry] = []
    /// Said in the middle of the plot when there is nothing to draw.
    var emptyNote = "no data"
    var width = 640.0
    var height = 300.0

    private let left = 66.0
    private let right = 18.0
    private let bottom = 42.0

    /// Whether there is anything to draw.
    var isEmpty: Bool {
        series.allSatisfy { $0.points.isEmpty } && markers.isEmpty
    }

    /// The chart as an `<svg>` element.
    func svg() -> String {
        let legendEntries = series.filter { !$0.name.isEmpty }.map { LegendEntry(name: $0.name, style: $0.style) } + extraLegend
        let top = 12 + SVG.legendHeight(legendEntries, maximumWidth: width - left - right) + 6
        let plot = PlotArea(left: left, top: top, right: width - right, bottom: height - bottom)
        let px = { (value: Double) in plot.x(value, on: x.scale) }
        let py = { (value: Double) in plot.bottom - y.scale.position(of: value) * (plot.bottom - plot.top) }

        var parts = [PlotArea.svgStart(classes: "chart", width: width, height: height, captionID: captionID), plot.background]
        var (grid, ticks) = plot.horizontalAxisTicks(x.scale)
        for tick in y.scale.ticks {
            let position = py(tick.value)
            grid += "M\(SVG.number(plot.left)) \(SVG.number(position))H\(SVG.number(plot.right))"
            ticks.append(SVG.text(tick.label, x: plot.left - 6, y: position + 4, className: "tick y", anchor: "end"))
        }
        parts.append("<path class=\"grid\" d=\"\(grid)\"/>")
        parts.append("<g class=\"ticks\">" + ticks.joined() + "</g>")
        parts.append(SVG.text(x.label, x: (plot.left + plot.right) / 2, y: height - 8, className: "axis-label x", anchor: "middle"))
        let middle = (plot.top + plot.bottom) / 2
        parts.append(
            SVG.text(
                y.label, x: 14, y: middle, className: "axis-label y", anchor: "middle",
                extra: " transform=\"rotate(-90 14 \(SVG.number(middle)))\""))

        for reference in references {
            let line: String
            let label: String
            switch reference.axis {
            case .x:
                let position = px(reference.value)
                line = "M\(SVG.number(position)) \(SVG.number(plot.top))V\(SVG.number(plot.bottom))"
                label = SVG.text(reference.label, x: position + 4, y: plot.top + 12, className: "reference-label")
            case .y:
                let position = py(reference.value)
                line = "M\(SVG.number(plot.left)) \(SVG.number(position))H\(SVG.number(plot.right))"
                label = SVG.text(reference.label, x: plot.right - 4, y: position - 4, className: "reference-label", anchor: "end")
            }
            parts.append("<g class=\"reference \(reference.style.classes)\"><path d=\"\(line)\"/>\(label)</g>")
        }

        for series in self.series where !series.points.isEmpty {
            let points = series.points.map { (x: px($0.x), y: py($0.y)) }
            var group = "<g class=\"\(series.style.classes)\">"
            if series.joined {
                group += "<path class=\"series\" d=\"\(SVG.path(points, stepped: series.stepped))\"/>"
            }
            if let shape = series.style.shape {
                group += "<path class=\"marker\" d=\"\(points.map { shape.path(x: $0.x, y: $0.y) }.joined())\"/>"
            }
            parts.append(group + "</g>")
        }

        for marker in markers {
            let (mx, my) = (px(marker.x), py(marker.y))
            var group =
                "<g class=\"annotation \(marker.style.classes)\"><path class=\"marker\" d=\"\(marker.shape.path(x: mx, y: my, size: 9))\"/>"
            if !marker.label.isEmpty {
                group += SVG.text(marker.label, x: mx + 7, y: my - 7, className: "marker-label")
            }
            parts.append(group + "</g>")
        }

        if isEmpty {
            parts.append(SVG.text(emptyNote, x: (plot.left + plot.right) / 2, y: middle, className: "empty-note", anchor: "middle"))
        }
        parts.append(SVG.legend(legendEntries, x: plot.left, y: 14, maximumWidth: plot.right - plot.left))
        parts.append("</svg>")
        return parts.joined()
    }
}
