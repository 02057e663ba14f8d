import Foundation

/// How figures read in tables: the summary's units, so the page and the console agree.
enum Formats {
    /// Nanoseconds in ns, µs, ms or s, as the console summary shows them.
    static func duration(_ nanoseconds: Double) -> String {
        SummaryTable.duration(nanoseconds)
    }

    /// A rate or count with k or M.
    static func count(_ value: Double) -> String {
        SummaryTable.count(value)
    }

    /// An allocation figure, one decimal.
    static func allocation(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// A relative change, signed, one decimal: `+12.3%`.
    static func change(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }

    /// A value of any metric, to four significant figures.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int64(value)) : String(format: "%.4g", value)
    }
}
