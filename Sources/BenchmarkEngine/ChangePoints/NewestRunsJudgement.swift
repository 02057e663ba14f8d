/// The newest runs of a series judged against the recent window before them, with the three
/// answers of Chromium's Pinpoint: the same, different, or not known yet.
///
/// The reference is the up to ``ChangePointConfiguration/window`` points before the newest ones,
/// from the last change found among them on, so that it holds one level. Student's t-test between
/// the reference and the newest points decides:
/// - **different** when its p-value is within ``ChangePointConfiguration/pValue`` and the newest
///   points' mean differs from the reference's by at least ``ChangePointConfiguration/minimumMagnitude``;
/// - **same** when the whole confidence interval (at confidence 1 − p-value) of the difference of
///   the means lies within ± the minimum magnitude of the reference's mean: any change there is
///   too small to count;
/// - **unknown** otherwise, or when the reference has fewer than a minimum segment of points:
///   more runs would tell.
public struct NewestRunsJudgement: Sendable, Equatable {
    /// The answer.
    public enum Verdict: String, Sendable, Equatable {
        /// Any change is smaller than the minimum magnitude.
        case same
        /// The newest runs are at another level than the window before them.
        case different
        /// Not enough runs, or not enough certainty either way.
        case unknown
    }

    /// The answer.
    public var verdict: Verdict
    /// How many newest points were judged.
    public var newestCount: Int
    /// How many points the reference had.
    public var referenceCount: Int
    /// The reference's mean.
    public var referenceMean: Double
    /// The newest points' mean.
    public var newestMean: Double
    /// The two-sided p-value of the t-test; `nil` when there was none.
    public var pValue: Double?
    /// Why the verdict is unknown when it could not be tested at all.
    public var limitation: String?

    /// The newest points' mean relative to the reference's: 0.05 for 5% higher.
    public var relativeChange: Double {
        relativeDifference(newestMean, from: referenceMean)
    }

    /// Which way the newest points moved from the reference.
    public var direction: ChangePoint.Direction {
        newestMean >= referenceMean ? .increase : .decrease
    }
}

extension ChangePointSearch {
    /// The newest `count` points of `series` judged against the window before them.
    public func judgeNewest(_ count: Int = 1, in series: [Double]) -> NewestRunsJudgement {
        let newestCount = max(1, min(count, series.count))
        func unknown(_ limitation: String, referenceCount: Int = 0) -> NewestRunsJudgement {
            NewestRunsJudgement(
                verdict: .unknown, newestCount: newestCount, referenceCount: referenceCount, referenceMean: 0, newestMean: 0,
                pValue: nil, limitation: limitation
            )
        }
        if let notANumber = Self.nonFinitePoint(in: series) { return unknown(notANumber) }
        let older = Array(series.dropLast(newestCount))
        let lastChange = changePoints(in: older).changePoints.last?.index ?? 0
        let start = max(lastChange, older.count - max(configuration.window, 2))
        let segment = max(2, configuration.minimumSegment)
        guard older.count - start >= segment else {
            return unknown(
                "\(older.count - start) earlier point\(older.count - start == 1 ? "" : "s") at this level: the judgement needs at least \(segment)",
                referenceCount: older.count - start)
        }
        guard let test = StudentTTest(series[start..<older.count], series[older.count...]) else {
            return unknown("too few points for a t-test", referenceCount: older.count - start)
        }
        let tolerance = configuration.minimumMagnitude * abs(test.meanBefore)
        let difference = test.meanAfter - test.meanBefore
        let verdict: NewestRunsJudgement.Verdict
        if test.pValue <= configuration.pValue, abs(difference) >= tolerance {
            verdict = .different
        } else if abs(difference) + test.confidenceHalfWidth(pValue: configuration.pValue) < tolerance {
            verdict = .same
        } else {
            verdict = .unknown
        }
        return NewestRunsJudgement(
            verdict: verdict, newestCount: newestCount, referenceCount: older.count - start, referenceMean: test.meanBefore,
            newestMean: test.meanAfter, pValue: test.pValue, limitation: nil
        )
    }
}
