import Foundation

/// How a chart's values read on its ticks: each in the unit that keeps it short.
enum ValueFormat: Sendable, Equatable {
    /// Nanoseconds, shown in ns, µs, ms or s: `500 µs`, `60 s`.
    case duration
    /// A count or a rate, with k or M: `800`, `1.5k`, `20M`.
    case count
    /// A ratio of current to baseline, shown as the change: `+10%`, `−50%`, `0%`.
    case change
    /// A percentile from 0 to 100: `99.9%`.
    case percentile
    /// Seconds from a start: `0 s`, `2.5 s`, `1 min 30 s`.
    case elapsed

    /// `value` as a tick label.
    func label(_ value: Double) -> String {
        switch self {
        case .duration: Self.duration(value)
        case .count: Self.count(value)
        case .change: Self.change(value)
        // As many nines as it has: 99.99% must not round to 100%.
        case .percentile: String(format: "%.6g", value) + "%"
        case .elapsed: Self.elapsed(value)
        }
    }

    /// Nanoseconds in the largest unit below the value, to three significant figures.
    static func duration(_ nanoseconds: Double) -> String {
        let units: [(scale: Double, name: String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "µs")]
        guard let unit = units.first(where: { nanoseconds >= $0.scale }) else { return significant(nanoseconds) + " ns" }
        return significant(nanoseconds / unit.scale) + " " + unit.name
    }

    /// A count with k or M, to three significant figures.
    static func count(_ value: Double) -> String {
        switch abs(value) {
        case 1e6...: significant(value / 1e6) + "M"
        case 1e3...: significant(value / 1e3) + "k"
        default: significant(value)
        }
    }

    /// The change a ratio stands for, signed, with a true minus sign.
    static func change(_ ratio: Double) -> String {
        let percent = (ratio - 1) * 100
        if abs(percent) < 0.05 { return "0%" }
        return (percent > 0 ? "+" : "−") + significant(abs(percent)) + "%"
    }

    /// Seconds, in minutes and seconds past a minute.
    static func elapsed(_ seconds: Double) -> String {
        guard seconds >= 60 else { return significant(seconds) + " s" }
        let minutes = Int(seconds / 60)
        let rest = seconds - Double(minutes) * 60
        return rest < 0.05 ? "\(minutes) min" : "\(minutes) min \(significant(rest)) s"
    }

    /// At most three significant figures, no trailing zeros, no exponent below a billion.
    static func significant(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 || magnitude == 0 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A coefficient of a fitted law, `0.05`, `0.00191`, `0`: three significant figures however
    /// small, since a coherency of 0.002 and one of 0.0015 predict different peaks.
    static func coefficient(_ value: Double) -> String {
        value == 0 ? "0" : String(format: "%.3g", value)
    }
}
