/// How a series or mark is drawn: a colour of the page's palette, a dash, a marker shape. Two series
/// of a chart always differ in more than colour (dash or shape), so a chart reads in grey too.
struct ChartStyle: Equatable, Sendable {
    /// An index into the palette (`c0` … `c5` in the page's style sheet); it wraps around.
    var colour: Int
    /// Drawn dashed: the uncorrected latency beside the corrected, a target beside what was achieved.
    var dashed = false
    /// The marker at each point, if any.
    var shape: MarkerShape?

    /// The palette's size, as the page's style sheet defines it.
    static let paletteSize = 6

    /// The CSS classes that give this style its colour and dash.
    var classes: String {
        "c\(colour % Self.paletteSize)" + (dashed ? " dashed" : "")
    }
}

/// A marker drawn as a path, not a glyph, so it looks the same without any particular font.
enum MarkerShape: String, Sendable, CaseIterable {
    case circle, square, triangle, diamond, cross

    /// The marker's outline centred on (`x`, `y`), about `size` across.
    func path(x: Double, y: Double, size: Double = 7) -> String {
        let r = size / 2
        switch self {
        case .circle:
            return "M\(SVG.number(x - r)) \(SVG.number(y))a\(SVG.number(r)) \(SVG.number(r)) 0 1 0 \(SVG.number(2 * r)) 0"
                + "a\(SVG.number(r)) \(SVG.number(r)) 0 1 0 \(SVG.number(-2 * r)) 0Z"
        case .square:
            return "M\(SVG.number(x - r)) \(SVG.number(y - r))h\(SVG.number(2 * r))v\(SVG.number(2 * r))h\(SVG.number(-2 * r))Z"
        case .triangle:
            return "M\(SVG.number(x)) \(SVG.number(y - r * 1.15))L\(SVG.number(x + r * 1.15)) \(SVG.number(y + r * 0.85))"
                + "L\(SVG.number(x - r * 1.15)) \(SVG.number(y + r * 0.85))Z"
        case .diamond:
            return "M\(SVG.number(x)) \(SVG.number(y - r * 1.2))L\(SVG.number(x + r)) \(SVG.number(y))"
                + "L\(SVG.number(x)) \(SVG.number(y + r * 1.2))L\(SVG.number(x - r)) \(SVG.number(y))Z"
        case .cross:
            return "M\(SVG.number(x - r)) \(SVG.number(y - r))L\(SVG.number(x + r)) \(SVG.number(y + r))"
                + "M\(SVG.number(x + r)) \(SVG.number(y - r))L\(SVG.number(x - r)) \(SVG.number(y + r))"
        }
    }
}

/// A named style, for a chart's legend.
struct LegendEntry: Equatable, Sendable {
    /// What the entry stands for; text from outside (a run's label) is escaped when drawn.
    let name: String
    let style: ChartStyle
}
