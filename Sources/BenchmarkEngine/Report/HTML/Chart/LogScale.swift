import Foundation

/// A logarithmic axis, for quantities that span decades: latencies from microseconds to a minute,
/// times per operation from nanoseconds to milliseconds, ratios of a change.
///
/// The domain is widened to the nearest of 1, 2 or 5 times a power of ten on each side. Ticks go at
/// every power of ten, or every other one past eight decades; a domain narrower than two decades
/// gets the 2s and 5s between them too, so there are always at least two labelled ticks.
struct LogScale: ChartScale {
    /// The first and last values of the axis, both above 0.
    let lower: Double
    let upper: Double
    let format: ValueFormat
    /// Where the ticks go, when given rather than computed, most important first.
    private let fixedTicks: [Double]?
    /// The least distance between two given ticks, as a fraction of the axis: room for a label.
    static let minimumTickSpacing = 0.06

    /// A scale covering every positive finite value of `values`. Values at or below 0 cannot sit on a
    /// logarithmic axis and are left out; with nothing left, the axis spans 1 to 10. `ticks`, when
    /// given, are the candidates for ticks, most important first; those that would crowd a more
    /// important one are left out.
    init(covering values: [Double], format: ValueFormat, ticks: [Double]? = nil) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        var low = positive.min() ?? 1
        var high = positive.max() ?? 10
        if high / low < 2 {
            // One value, or values close together: half a decade either side of their middle.
            let middle = (low * high).squareRoot()
            low = middle / 3
            high = middle * 3
        }
        lower = Self.roundNumber(atMost: low)
        upper = Self.roundNumber(atLeast: high)
        self.format = format
        fixedTicks = ticks
    }

    func position(of value: Double) -> Double {
        guard value > 0 else { return 0 }
        return clamped((log10(value) - log10(lower)) / (log10(upper) - log10(lower)))
    }

    var ticks: [ChartTick] {
        let inside = { (value: Double) in value >= self.lower * (1 - 1e-9) && value <= self.upper * (1 + 1e-9) }
        if let fixedTicks {
            // In the order given, which is of importance: each tick that would crowd one kept
            // before it is left out, so that labels never overlap however wide the domain.
            var kept: [Double] = []
            for value in fixedTicks where inside(value) {
                if kept.allSatisfy({ abs(position(of: $0) - position(of: value)) >= Self.minimumTickSpacing }) {
                    kept.append(value)
                }
            }
            return kept.sorted().map { ChartTick(value: $0, label: format.label($0)) }
        }
        let first = Int(log10(lower).rounded(.down))
        let last = Int(log10(upper).rounded(.up))
        let decades = log10(upper) - log10(lower)
        let multiples: [Double] = decades < 2 ? [1, 2, 5] : [1]
        let stride = decades > 8 ? 2 : 1
        var values: [Double] = []
        for exponent in Swift.stride(from: first, through: last, by: stride) {
            for multiple in multiples {
                values.append(multiple * pow(10, Double(exponent)))
            }
        }
        return values.filter(inside).map { ChartTick(value: $0, label: format.label($0)) }
    }

    /// The largest of 1, 2 or 5 times a power of ten at most `value`.
    static func roundNumber(atMost value: Double) -> Double {
        let power = pow(10, log10(value).rounded(.down))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= value * (1 + 1e-12) } ?? power
    }

    /// The smallest of 1, 2 or 5 times a power of ten at least `value`.
    static func roundNumber(atLeast value: Double) -> Double {
        let power = pow(10, log10(value).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value * (1 - 1e-12) } ?? 10 * power
    }
}
