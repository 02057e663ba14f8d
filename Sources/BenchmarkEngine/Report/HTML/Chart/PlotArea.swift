/// The rectangle a chart draws its data in, in the SVG's units, and what both kinds of chart draw
/// around it: the element that opens the SVG, the plot's background, and the gridlines and labels of
/// the horizontal axis.
struct PlotArea: Sendable {
    let left: Double
    let top: Double
    let right: Double
    let bottom: Double

    /// The `<svg>` start tag of a chart `width` by `height` with `classes`, labelled for screen
    /// readers by the element `captionID` names.
    static func svgStart(classes: String, width: Double, height: Double, captionID: String) -> String {
        "<svg class=\"\(classes)\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" role=\"img\" aria-labelledby=\"\(captionID)\">"
    }

    /// Where `scale` puts `value` across the plot.
    func x(_ value: Double, on scale: any ChartScale) -> Double {
        left + scale.position(of: value) * (right - left)
    }

    /// The plot's background.
    var background: String {
        "<rect class=\"plot\" x=\"\(SVG.number(left))\" y=\"\(SVG.number(top))\" width=\"\(SVG.number(right - left))\" height=\"\(SVG.number(bottom - top))\"/>"
    }

    /// A vertical gridline (path data) and a label below the plot for each tick of `scale`.
    func horizontalAxisTicks(_ scale: any ChartScale) -> (grid: String, labels: [String]) {
        var grid = ""
        var labels: [String] = []
        for tick in scale.ticks {
            let position = x(tick.value, on: scale)
            grid += "M\(SVG.number(position)) \(SVG.number(top))V\(SVG.number(bottom))"
            labels.append(SVG.text(tick.label, x: position, y: bottom + 15, className: "tick x", anchor: "middle"))
        }
        return (grid, labels)
    }
}
