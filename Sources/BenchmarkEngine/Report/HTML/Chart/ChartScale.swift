/// A value on an axis, where a tick and its gridline go, and how it reads.
struct ChartTick: Equatable, Sendable {
    /// The value, in the scale's own unit.
    let value: Double
    /// The tick's label.
    let label: String
}

/// Maps values of one quantity onto an axis — 0 at its start, 1 at its end — and says where the
/// ticks go. Values outside the domain are held at its ends, so a mark never leaves the plot.
protocol ChartScale: Sendable {
    /// Where `value` falls along the axis, from 0 to 1.
    func position(of value: Double) -> Double
    /// The ticks, in increasing order of value.
    var ticks: [ChartTick] { get }
    /// How values read, in labels and tables.
    var format: ValueFormat { get }
}

extension ChartScale {
    /// `position` held within 0...1; NaN at the start.
    func clamped(_ position: Double) -> Double {
        position.isNaN ? 0 : Swift.min(Swift.max(position, 0), 1)
    }
}
