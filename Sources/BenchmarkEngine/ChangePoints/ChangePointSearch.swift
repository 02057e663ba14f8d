/// Finds level shifts in a series of one figure over runs, the way Apache Otava (formerly
/// DataStax Hunter) does: E-Divisive means with a t-test for significance, in sliding windows.
///
/// Within each window (``ChangePointConfiguration/window`` points, overlapping by half) the split
/// that maximizes the energy statistic Q̂ — the distance between the two sides' distributions,
/// scaled by p·q/(p+q) so that a split near an edge needs a larger difference — is a candidate if
/// Student's t-test between its two sides gives a p-value within ten times the threshold; then each
/// side is split again in the same way. The candidates of every window are then merged: each is
/// tested against its neighbours (the previous and next candidates, at most half a window away), the
/// weakest one that misses the p-value or the minimum magnitude is dropped, and the rest are tested
/// again, until every change left meets both. The t-test needs no random permutations, so the search
/// is deterministic; each window costs O(n²) in its length.
///
/// ```swift
/// let analysis = ChangePointSearch().changePoints(in: nanosecondsPerOperation)
/// for change in analysis.changePoints { print(change.index, change.relativeChange, change.direction) }
/// ```
public struct ChangePointSearch: Sendable, Equatable {
    /// The window, p-value, minimum magnitude and minimum segment.
    public var configuration: ChangePointConfiguration

    /// A search with these settings.
    public init(configuration: ChangePointConfiguration = ChangePointConfiguration()) {
        self.configuration = configuration
    }

    /// What a search found in one series.
    public struct Analysis: Sendable, Equatable {
        /// The changes, oldest first.
        public var changePoints: [ChangePoint]
        /// How many points the series had.
        public var count: Int
        /// Why no change could be looked for, when none could: too few points, or a point that is
        /// not a finite number. `nil` when the whole series was searched.
        public var limitation: String?
    }

    /// The fewest points a series needs for any change to be found: a minimum segment on each side.
    public var minimumCount: Int { 2 * segment }

    /// The level shifts in `series`, oldest first.
    public func changePoints(in series: [Double]) -> Analysis {
        if let limitation = limitation(of: series) {
            return Analysis(changePoints: [], count: series.count, limitation: limitation)
        }
        var candidates = Set<Int>()
        var start = 0
        while start < series.count {
            let end = min(start + window, series.count)
            if end - start >= minimumCount {
                candidates.formUnion(divisiveSplits(series, in: start..<end))
            }
            if end == series.count { break }
            start += window / 2
        }
        let found = merged(candidates.sorted(), in: series).map(\.index)
        return Analysis(changePoints: merged(refined(found, in: series), in: series), count: series.count, limitation: nil)
    }

    /// Why `series` cannot be searched, or `nil` when it can.
    func limitation(of series: [Double]) -> String? {
        if let notANumber = Self.nonFinitePoint(in: series) { return notANumber }
        if series.count < minimumCount {
            return "\(series.count) point\(series.count == 1 ? "" : "s"): a change needs at least \(segment) on each side"
        }
        return nil
    }

    /// What the first point of `series` that is not a finite number is, or `nil` when all are.
    static func nonFinitePoint(in series: [Double]) -> String? {
        series.firstIndex { !$0.isFinite }.map { "point \($0) is \(series[$0]), not a finite number" }
    }

    private var segment: Int { max(2, configuration.minimumSegment) }
    private var window: Int { max(configuration.window, 2 * segment) }

    /// The splits of `range` E-Divisive finds at the gathering p-value, each side split again in turn.
    private func divisiveSplits(_ series: [Double], in range: Range<Int>) -> [Int] {
        var found: [Int] = []
        var pending = [range]
        // Every split leaves two shorter ranges, so this ends after fewer rounds than points.
        while let next = pending.popLast() {
            guard let split = strongestSplit(series, in: next),
                let test = StudentTTest(series[next.lowerBound..<split], series[split..<next.upperBound]),
                test.pValue <= min(1, configuration.pValue * 10)
            else { continue }
            found.append(split)
            pending.append(next.lowerBound..<split)
            pending.append(split..<next.upperBound)
        }
        return found
    }

    /// The split τ of `range` with the largest Q̂(τ) = p·q/(p+q) · (2·mean|x−y| − mean|x−x'| − mean|y−y'|)
    /// over the points x before τ and y from τ on, leaving at least a minimum segment on each side.
    /// The three sums of distances are carried from one τ to the next, moving one point across, so
    /// the whole scan costs O(n²).
    func strongestSplit(_ series: [Double], in range: Range<Int>) -> Int? {
        guard range.count >= minimumCount else { return nil }
        let first = range.lowerBound
        var within = 0.0
        var across = 0.0
        var beyond = 0.0
        for j in (first + 1)..<range.upperBound {
            across += abs(series[first] - series[j])
            for k in (j + 1)..<range.upperBound { beyond += abs(series[j] - series[k]) }
        }
        var best: (split: Int, energy: Double)?
        for split in (first + 1)..<range.upperBound {
            let p = Double(split - first)
            let q = Double(range.upperBound - split)
            if split - first >= segment, range.upperBound - split >= segment {
                let between = 2 * across / (p * q)
                let left = p > 1 ? 2 * within / (p * (p - 1)) : 0
                let right = q > 1 ? 2 * beyond / (q * (q - 1)) : 0
                let energy = p * q / (p + q) * (between - left - right)
                if best.map({ energy > $0.energy }) ?? true { best = (split, energy) }
            }
            // The point at `split` moves from the right side to the left.
            var toLeft = 0.0
            var toRight = 0.0
            for i in first..<split { toLeft += abs(series[i] - series[split]) }
            for j in (split + 1)..<range.upperBound { toRight += abs(series[split] - series[j]) }
            within += toLeft
            beyond -= toRight
            across += toRight - toLeft
        }
        return best?.split
    }

    /// The candidates that survive being tested against their neighbours: the weakest failing one
    /// is dropped and the others tested again, until none fails.
    private func merged(_ candidates: [Int], in series: [Double]) -> [ChangePoint] {
        var kept = separated(candidates, in: series)
        // Each round drops one candidate or returns, so it ends within `candidates.count + 1` rounds.
        while true {
            let tested = kept.indices.map { position in
                change(
                    at: kept[position], in: series, after: position > 0 ? kept[position - 1] : 0,
                    before: position + 1 < kept.count ? kept[position + 1] : series.count)
            }
            let failing = tested.indices.filter { !meetsThresholds(tested[$0]) }
            guard let weakest = failing.max(by: { weaker(tested[$1], than: tested[$0]) }) else {
                return tested.compactMap { $0 }
            }
            kept.remove(at: weakest)
        }
    }

    /// Each change moved to the split between its neighbours that best separates the two means (the
    /// least-squares split, which is what the t-test then judges): Q̂ compares whole distributions and,
    /// over Gaussian noise, places a shift a little less precisely. Any split is allowed here, even
    /// one that leaves a side shorter than a minimum segment, which the merge then drops: otherwise
    /// a shift in the newest one or two runs would be reported a run or two early, naming the wrong
    /// commit, instead of being left to the judgement of the newest runs.
    private func refined(_ changes: [Int], in series: [Double]) -> [Int] {
        var placed = changes
        let reach = window / 2
        for position in placed.indices {
            let lower = max(position > 0 ? placed[position - 1] : 0, placed[position] - reach)
            let upper = min(position + 1 < placed.count ? placed[position + 1] : series.count, placed[position] + reach)
            guard upper - lower >= 2 else { continue }
            let total = series[lower..<upper].reduce(0, +)
            var leftSum = 0.0
            var best = (split: placed[position], separation: -Double.infinity)
            for split in (lower + 1)...(upper - 1) {
                leftSum += series[split - 1]
                let p = Double(split - lower)
                let q = Double(upper - split)
                let difference = leftSum / p - (total - leftSum) / q
                let separation = p * q / (p + q) * difference * difference
                if separation > best.separation { best = (split, separation) }
            }
            placed[position] = best.split
        }
        return placed
    }

    /// `candidates` with no two closer than a minimum segment: overlapping windows often find one
    /// shift a point apart, and neither could then be tested. Of such a pair, the one with the larger
    /// p-value when tested without the other is dropped.
    private func separated(_ candidates: [Int], in series: [Double]) -> [Int] {
        var kept: [Int] = []
        for (position, candidate) in candidates.enumerated() {
            guard let previous = kept.last, candidate - previous < segment else {
                kept.append(candidate)
                continue
            }
            let lower = kept.count > 1 ? kept[kept.count - 2] : 0
            let upper = position + 1 < candidates.count ? candidates[position + 1] : series.count
            let old = change(at: previous, in: series, after: lower, before: upper)
            let new = change(at: candidate, in: series, after: lower, before: upper)
            if weaker(old, than: new) { kept[kept.count - 1] = candidate }
        }
        return kept
    }

    /// The change at `index` tested between the neighbour `lower` and `upper`, at most half a window
    /// each side; `nil` when a side is shorter than the minimum segment.
    private func change(at index: Int, in series: [Double], after lower: Int, before upper: Int) -> ChangePoint? {
        let reach = window / 2
        let start = max(lower, index - reach)
        let end = min(upper, index + reach)
        guard index - start >= segment, end - index >= segment,
            let test = StudentTTest(series[start..<index], series[index..<end])
        else { return nil }
        return ChangePoint(index: index, meanBefore: test.meanBefore, meanAfter: test.meanAfter, pValue: test.pValue)
    }

    private func meetsThresholds(_ change: ChangePoint?) -> Bool {
        guard let change else { return false }
        return change.pValue <= configuration.pValue && abs(change.relativeChange) >= configuration.minimumMagnitude
    }

    /// Whether `first` is a weaker change than `second`: no test at all, then the larger p-value,
    /// then the smaller magnitude.
    private func weaker(_ first: ChangePoint?, than second: ChangePoint?) -> Bool {
        guard let second else { return false }
        guard let first else { return true }
        if first.pValue != second.pValue { return first.pValue > second.pValue }
        return abs(first.relativeChange) < abs(second.relativeChange)
    }
}
