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

/// The runs of a history in the order they ran, one slot each, with ticks labelled by a name of the
/// run (its short commit): the x axis of a trend. About eight ticks at most, counted back from the
/// newest run, which is the one a reader looks for.
struct RunScale: ChartScale {
    /// Each run's tick label, oldest first.
    let labels: [String]
    let format = ValueFormat.count

    /// The most ticks the axis labels; more would overlap at a commit's length.
    static let maximumTicks = 8

    func position(of value: Double) -> Double {
        // Half a run's slot at each end keeps the first and last points off the frame; 2% of the
        // axis at least, so that the newest run's label, centred on it, fits in the chart's margin.
        let padding = Swift.max(0.5, Double(labels.count) * 0.02)
        return clamped((value + padding) / (Double(Swift.max(labels.count, 1) - 1) + 2 * padding))
    }

    var ticks: [ChartTick] {
        guard !labels.isEmpty else { return [] }
        let step = (labels.count + Self.maximumTicks - 1) / Self.maximumTicks
        return stride(from: labels.count - 1, through: 0, by: -step).reversed().map { ChartTick(value: Double($0), label: labels[$0]) }
    }
}
