/// A level shift in a series of one figure over runs: where it starts, how large it is, how sure.
public struct ChangePoint: Sendable, Equatable {
    /// Which way the figure moved.
    public enum Direction: String, Sendable, Equatable {
        /// The figure rose: a regression for times and counts, an improvement for throughput.
        case increase
        /// The figure fell.
        case decrease
    }

    /// The index of the first point after the change.
    public var index: Int
    /// The mean of the points before the change, back to the previous change or the window's edge.
    public var meanBefore: Double
    /// The mean of the points from the change on, up to the next change or the window's edge.
    public var meanAfter: Double
    /// The two-sided p-value of Student's t-test between the two sides.
    public var pValue: Double

    /// A change at `index` between these means, with this significance.
    public init(index: Int, meanBefore: Double, meanAfter: Double, pValue: Double) {
        self.index = index
        self.meanBefore = meanBefore
        self.meanAfter = meanAfter
        self.pValue = pValue
    }

    /// The change relative to the level before it: 0.05 for a rise of 5%, −0.05 for a fall of 5%.
    /// Infinite when the level before it is zero and the level after it is not.
    public var relativeChange: Double {
        relativeDifference(meanAfter, from: meanBefore)
    }

    /// Which way the figure moved.
    public var direction: Direction {
        meanAfter >= meanBefore ? .increase : .decrease
    }
}

/// (value − reference) / |reference|, with 0 for 0 against 0 and ±∞ for anything else against 0.
func relativeDifference(_ value: Double, from reference: Double) -> Double {
    if reference != 0 { return (value - reference) / abs(reference) }
    return value == reference ? 0 : (value > reference ? .infinity : -.infinity)
}
