// The engine counts time in whole nanoseconds (UInt64) on its hot paths and stores seconds
// (Double) in reports; its public API speaks `Duration`. These are the only conversions between them.
extension Duration {
    /// The duration in whole nanoseconds: 0 for a negative duration, `UInt64.max` for one too long
    /// to count, so that no setting can make a conversion trap.
    package var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole.addingSaturated(UInt64(attoseconds / 1_000_000_000))
    }

    /// The duration in seconds, as reports store it.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// `nanoseconds` as a duration.
    package init(nanoseconds: UInt64) {
        self = .nanoseconds(nanoseconds)
    }

    /// `seconds` as a duration, to the nanosecond: zero for NaN, and within `Int64`'s nanoseconds
    /// for anything larger, so that no stored figure can make a conversion trap.
    package init(seconds: Double) {
        let nanoseconds = seconds * 1e9
        guard !nanoseconds.isNaN else {
            self = .zero
            return
        }
        // ±2^63 are the nearest Doubles outside Int64's range; everything strictly between converts.
        self = .nanoseconds(nanoseconds >= 0x1p63 ? .max : nanoseconds <= -0x1p63 ? .min : Int64(nanoseconds))
    }
}
