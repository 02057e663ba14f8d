import Foundation

/// A linear axis over a domain widened to round numbers, with ticks at steps of 1, 2 or 5 times a
/// power of ten — about five of them, as a person would draw by hand.
struct LinearScale: ChartScale {
    /// The first and last values of the axis.
    let lower: Double
    let upper: Double
    /// The distance between ticks.
    let step: Double
    let format: ValueFormat

    /// A scale covering every finite value of `values`, from 0 when `includingZero` (bars, rates);
    /// a single value, or none, still gets an axis of some width.
    init(covering values: [Double], format: ValueFormat, includingZero: Bool = true) {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0
        var high = finite.max() ?? 1
        if includingZero {
            low = Swift.min(low, 0)
            high = Swift.max(high, 0)
        }
        if high == low {
            // One value: an axis from 0 (or around it) to a bit past it, so it sits inside the plot.
            let magnitude = abs(high) > 0 ? abs(high) : 1
            if includingZero {
                high = high > 0 ? high * 1.2 : high + magnitude
                low = low < 0 ? low * 1.2 : low
            } else {
                low -= magnitude / 2
                high += magnitude / 2
            }
        }
        step = Self.niceStep((high - low) / 5)
        lower = (low / step).rounded(.down) * step
        upper = (high / step).rounded(.up) * step
        self.format = format
    }

    func position(of value: Double) -> Double {
        clamped((value - lower) / (upper - lower))
    }

    var ticks: [ChartTick] {
        let count = Int(((upper - lower) / step).rounded())
        return (0...count).map { index in
            let value = lower + Double(index) * step
            // Exact zero, not 1e-17 left over from the multiplication.
            let tidy = abs(value) < step * 1e-9 ? 0 : value
            return ChartTick(value: tidy, label: format.label(tidy))
        }
    }

    /// The smallest of 1, 2 or 5 times a power of ten at least `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let power = pow(10, (log10(rough)).rounded(.down))
        for multiple in [1.0, 2, 5, 10] where multiple * power >= rough * (1 - 1e-12) {
            return multiple * power
        }
        return 10 * power
    }
}
