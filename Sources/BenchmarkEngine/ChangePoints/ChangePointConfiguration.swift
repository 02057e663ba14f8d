/// The settings of a change-point search and of the judgement of the newest runs.
///
/// The window is Otava's (Hunter's), 50 points. The p-value is a tenth of Otava's 0.001: each
/// candidate is the best split of its window, so the t-test's p-value at it is optimistic, and at
/// 0.001 step-free series of 60 points with 3% noise showed a false change in 1.8% of them (0.4%
/// at 0.0001). The minimum magnitude, 0.5%, is ours: below it a certain shift is too small to act
/// on, and it is half the 1% regression that instruction counts must show every time: a shift of
/// exactly the minimum is missed as often as it is found.
public struct ChangePointConfiguration: Sendable, Equatable {
    /// How many consecutive points one search looks at; windows overlap by half. A change is
    /// judged against at most half a window on each side, so that a slow drift long before it
    /// does not make it look more certain than the runs around it show. A window shorter than two
    /// minimum segments is searched as two.
    public var window: Int
    /// The largest two-sided p-value at which a shift counts. Candidates are gathered at ten times
    /// this, as Otava does, and then kept only if they meet it.
    public var pValue: Double
    /// The smallest relative change (0.005 for 0.5%) that counts, however certain.
    public var minimumMagnitude: Double
    /// The fewest points on each side of a change. Three leaves the t-test a variance on both
    /// sides; a newer shift than that is left to ``ChangePointSearch/judgeNewest(_:in:)``. Below
    /// two, two is used.
    public var minimumSegment: Int

    /// Settings with these values; the defaults are the documented ones.
    public init(window: Int = 50, pValue: Double = 0.0001, minimumMagnitude: Double = 0.005, minimumSegment: Int = 3) {
        self.window = window
        self.pValue = pValue
        self.minimumMagnitude = minimumMagnitude
        self.minimumSegment = minimumSegment
    }
}
