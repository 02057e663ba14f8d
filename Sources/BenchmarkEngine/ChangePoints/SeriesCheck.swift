/// Whether the newest runs of a series open a regression: the question a CI gate over a history asks.
///
/// The newest runs open a regression when either
/// - the last change point of the series moves it the bad way and lies within the newest half
///   window of runs, so that the window around the newest run sees both levels; or
/// - the newest run, judged against the window before it (``ChangePointSearch/judgeNewest(_:in:)``),
///   is **different** and worse: a shift too recent for a change point to be found yet.
///
/// A change further back is history: it is reported, but it no longer fails the check.
public struct SeriesCheck: Sendable, Equatable {
    /// The answer.
    public enum Verdict: String, Sendable, Equatable {
        /// The newest runs open a regression.
        case regression
        /// They do not.
        case ok
        /// Too few runs, or a figure that is not a number: nothing could be judged.
        case unknown
    }

    /// The answer.
    public var verdict: Verdict
    /// Every change point in the series, oldest first.
    public var analysis: ChangePointSearch.Analysis
    /// The newest run against the window before it.
    public var newest: NewestRunsJudgement
    /// The change point that opens the regression, when one does.
    public var openingChange: ChangePoint?

    /// The check of `series`, oldest first, with `search`'s settings; `higherIsBetter` for rates
    /// and speedups, whose regressions are falls.
    public init(_ series: [Double], higherIsBetter: Bool, search: ChangePointSearch = ChangePointSearch()) {
        analysis = search.changePoints(in: series)
        newest = search.judgeNewest(in: series)
        let worse: ChangePoint.Direction = higherIsBetter ? .decrease : .increase
        let recent = series.count - max(search.configuration.window, 2) / 2
        openingChange = analysis.changePoints.last.flatMap { $0.direction == worse && $0.index >= recent ? $0 : nil }
        if openingChange != nil || (newest.verdict == .different && newest.direction == worse) {
            verdict = .regression
        } else if analysis.limitation != nil && newest.verdict == .unknown {
            verdict = .unknown
        } else {
            verdict = .ok
        }
    }
}
