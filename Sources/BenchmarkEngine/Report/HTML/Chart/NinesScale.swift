import Foundation

/// The percentile axis of a latency spectrum, HdrHistogram's "nines": each step from 90% to 99% to
/// 99.9% to 99.99% takes the same width, so the tail, where requests wait longest, gets as much room
/// as the median.
///
/// A percentile `p` up to 99.99% sits at `log10(100 / (100 − p))`: 50% at 0.30, 90% at 1, 99.99% at
/// 4. What lies beyond 99.99% — the slowest ten-thousandth of the requests, up to the largest — is
/// laid out by rank over a last stretch of ``tailWidth``, ending at `max`. The axis starts at 50%.
struct NinesScale: ChartScale {
    /// The percentiles that carry a tick, the last one labelled `max`.
    static let tickPercentiles: [Double] = [50, 90, 99, 99.9, 99.99, 100]
    /// The deepest percentile on the logarithmic part of the axis.
    static let deepest = 99.99
    /// The width, in nines, of the stretch from 99.99% to the maximum.
    static let tailWidth = 0.6

    let format = ValueFormat.percentile

    func position(of percentile: Double) -> Double {
        let start = Self.nines(50)
        let end = Self.nines(100)
        return clamped((Self.nines(percentile) - start) / (end - start))
    }

    var ticks: [ChartTick] {
        Self.tickPercentiles.map { ChartTick(value: $0, label: $0 == 100 ? "max" : format.label($0)) }
    }

    /// How many nines `percentile` has: `log10(100 / (100 − p))` up to 99.99%, then linear in rank
    /// up to `4 + tailWidth` at 100%.
    static func nines(_ percentile: Double) -> Double {
        let p = Swift.min(Swift.max(percentile, 0), 100)
        guard p > deepest else { return log10(100 / (100 - p)) }
        return log10(100 / (100 - deepest)) + tailWidth * (p - deepest) / (100 - deepest)
    }

    /// The percentiles at which to read a spectrum so that it looks smooth at this axis's scale:
    /// every `resolution` nines from 50% to 99.99%, then evenly by rank to 100%.
    static func samplingPercentiles(resolution: Double = 0.025, tailPoints: Int = 12) -> [Double] {
        var percentiles: [Double] = []
        var nines = log10(2.0)
        let last = log10(100 / (100 - deepest))
        while nines < last {
            percentiles.append(100 - 100 / pow(10, nines))
            nines += resolution
        }
        for step in 0...tailPoints {
            percentiles.append(deepest + (100 - deepest) * Double(step) / Double(tailPoints))
        }
        return percentiles
    }
}
