import Foundation

/// Compares two reports scenario by scenario and metric by metric.
///
/// The statistics, and why:
/// - **Allocation counts of micro-benchmarks** are deterministic — the same code allocates the same
///   way every time — so the smallest real change (half an allocation per operation) counts.
/// - **Speed of micro-benchmarks** is compared through the ratio to the baseline measured beside it
///   in the same run (client vs `URLComponents`, client vs `JSONDecoder`): batches alternate, so the
///   machine's mood cancels out of each run's ratio, and comparing ratios across runs cancels the
///   difference between the two machines' moods. A scenario without such a partner is compared by
///   its median time. Either way a change counts only when it exceeds the tolerance *and* the two
///   runs' 95% intervals of the median (box-plot notches) do not overlap. A paired scenario whose
///   partner runs code under test too (``ScenarioResult/Comparison/timeIsJudged``) is judged by its
///   median time as well, since a change to that code moves both sides and not their ratio.
/// - **Counts of micro-benchmarks** (`run --instructions`: instructions and estimated cycles per
///   operation under Callgrind) are exact, so they are judged by a tight relative tolerance alone
///   (+1% for instructions, +2% for estimated cycles by default), and, when ``Thresholds/isTwoSided``, a fall beyond it fails too, asking for the
///   baseline to be saved again. When both runs have counts, a time change is at most a warning. A
///   scenario counted in one run only has a row saying so, which fails nothing. A scenario that runs
///   its partner's work inside its own (``InstructionCounts/ratiosAreJudged``) is judged by its
///   counts' ratios to the partner's in the same run, and its counts themselves only warn: the
///   shared part moves with the executable's layout, on both sides alike.
/// - **Load runs** have no repetitions, hence no measure of their own noise: their changes beyond a
///   wide tolerance are warnings, never regressions.
/// - Results that are another scenario's baseline (Foundation's own code) are not judged.
/// - **A scenario that failed in the current run, or that the baseline has and the current run
///   lacks,** is a regression of its own (metric `scenario`), unless `accepting` names it (a scenario
///   renamed or retired on purpose; the results measured beside it go with it): a scenario broken by
///   a change must not pass as merely missing.
///   One that failed in the baseline alone has nothing to compare with and is not judged.
public enum Comparator {
    /// The rows for every scenario of either report, measured or failed: the current report's
    /// results in order, then the baseline's others, then the current run's other failures.
    /// `accepting` names the scenarios whose absence or failure does not fail.
    public static func compare(
        baseline: Report, current: Report, accepting accepted: Set<String> = [], thresholds: (String) -> Thresholds
    ) -> [MetricComparison] {
        let partners = Set(
            (baseline.scenarios + current.scenarios).flatMap { [$0.comparison?.baseline, $0.counts?.baseline].compactMap { $0 } })
        let old = Dictionary(baseline.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(current.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var names = current.scenarios.map(\.name)
        names += baseline.scenarios.map(\.name).filter { new[$0] == nil }
        names += current.failedScenarios.map(\.name).filter { old[$0] == nil && new[$0] == nil }

        return names.filter { !partners.contains($0) }.flatMap { name -> [MetricComparison] in
            guard let before = old[name], let after = new[name] else {
                let isAccepted = accepted.contains { ScenarioResult.isResult(name, of: $0) }
                return [absence(of: name, inBaseline: old[name] != nil, baseline: baseline, current: current, accepted: isAccepted)]
            }
            let limits = thresholds(name)
            switch after.kind {
            case .micro: return micro(name, before, after, limits)
            case .load: return load(name, before, after, limits)
            }
        }
    }

    /// The row of a scenario with results in at most one of the two runs: why, and whether that
    /// fails the comparison.
    private static func absence(of name: String, inBaseline: Bool, baseline: Report, current: Report, accepted: Bool) -> MetricComparison {
        let failedNow = current.failedScenarios.first { $0.accounts(for: name) }
        let failedBefore = baseline.failedScenarios.first { $0.accounts(for: name) }
        let reason: String
        let fails: Bool
        switch (failedNow, inBaseline) {
        case (let failure?, _):
            reason = "failed in this run: \(failure.reason)"
            fails = true
        case (nil, true):
            reason = "missing from this run"
            fails = true
        case (nil, false):
            reason = failedBefore.map { "failed in the baseline (\($0.reason)): nothing to compare with" } ?? "new in this run"
            fails = false
        }
        let verdict: MetricComparison.Verdict = fails && !accepted ? .regression : .notComparable
        return MetricComparison(
            scenario: name, metric: "scenario", higherIsBetter: true, baseline: nil, current: nil,
            verdict: verdict, reason: fails && accepted ? "\(reason) (accepted)" : reason
        )
    }

    private static func micro(_ name: String, _ before: ScenarioResult, _ after: ScenarioResult, _ limits: Thresholds) -> [MetricComparison]
    {
        var rows: [MetricComparison] = []
        if before.counts != nil || after.counts != nil {
            let byRatio = after.counts?.ratiosAreJudged == true ? after.counts?.baseline : nil
            if let partner = byRatio {
                rows.append(
                    counted(
                        name, metric: "instructions ÷ \(partner)", before.counts?.instructionRatio, after.counts?.instructionRatio,
                        limits.instructions, limits))
                if before.counts?.estimatedCycleRatio != nil || after.counts?.estimatedCycleRatio != nil {
                    rows.append(
                        counted(
                            name, metric: "est. cycles ÷ \(partner)", before.counts?.estimatedCycleRatio, after.counts?.estimatedCycleRatio,
                            limits.estimatedCycles, limits))
                }
            }
            rows.append(
                counted(
                    name, metric: "instructions/op", before.counts?.instructionsPerOperation, after.counts?.instructionsPerOperation,
                    limits.instructions, limits, failing: byRatio == nil))
            if before.counts?.estimatedCyclesPerOperation != nil || after.counts?.estimatedCyclesPerOperation != nil {
                rows.append(
                    counted(
                        name, metric: "est. cycles/op", before.counts?.estimatedCyclesPerOperation,
                        after.counts?.estimatedCyclesPerOperation, limits.estimatedCycles, limits, failing: byRatio == nil))
            }
        }
        // With exact counts on both sides, a time can warn but never fail.
        let timeLimits =
            before.counts != nil && after.counts != nil
            ? Thresholds(
                mallocsPerOperation: limits.mallocsPerOperation, bytesPerOperation: limits.bytesPerOperation, time: limits.time,
                failingTime: .infinity, load: limits.load)
            : limits
        let isPaired = before.comparison != nil && after.comparison != nil
        if let old = before.comparison, let new = after.comparison {
            rows.append(
                speed(
                    name, metric: "speedup vs \(new.baseline)", higherIsBetter: true,
                    old.speedup, new.speedup, old.pairedRatios?.medianInterval, new.pairedRatios?.medianInterval, timeLimits
                ))
        }
        if !isPaired || after.comparison?.timeIsJudged == true,
            let old = before.nanosecondsPerOperation, let new = after.nanosecondsPerOperation
        {
            rows.append(
                speed(
                    name, metric: "median ns/op", higherIsBetter: false,
                    old.median, new.median, old.medianInterval, new.medianInterval, timeLimits
                ))
        }
        rows.append(
            allocations(
                name, metric: "mallocs/op", before.mallocsPerOperation, after.mallocsPerOperation,
                allowing: { _ in limits.mallocsPerOperation }
            ) { change, limit in
                if change >= limit { return (.regression, "+\(format(change)) ≥ \(format(limit)) per op") }
                if change <= -limit { return (.improvement, "\(format(change)) per op") }
                return (.withinNoise, "counts are exact; change \(format(change))")
            })
        rows.append(
            allocations(
                name, metric: "bytes/op", before.bytesAllocatedPerOperation, after.bytesAllocatedPerOperation,
                allowing: { max(16, $0 * limits.bytesPerOperation) }
            ) { change, limit in
                if change > limit { return (.regression, "+\(format(change)) B > \(format(limit)) B") }
                if change < -limit { return (.improvement, "\(format(change)) B") }
                return (.withinNoise, "within \(format(limit)) B")
            })
        return rows
    }

    private static func load(_ name: String, _ before: ScenarioResult, _ after: ScenarioResult, _ limits: Thresholds) -> [MetricComparison]
    {
        var rows: [MetricComparison] = []
        func warn(_ metric: String, higherIsBetter: Bool, _ old: Double?, _ new: Double?) {
            guard let old, let new, old > 0 else {
                rows.append(
                    MetricComparison(
                        scenario: name, metric: metric, higherIsBetter: higherIsBetter, baseline: old, current: new,
                        verdict: .notComparable, reason: "unavailable in one run"))
                return
            }
            let change = new / old - 1
            let worse = higherIsBetter ? change < -limits.load : change > limits.load
            let better = higherIsBetter ? change > limits.load : change < -limits.load
            let verdict: MetricComparison.Verdict = worse ? .warning : better ? .improvement : .withinNoise
            rows.append(
                MetricComparison(
                    scenario: name, metric: metric, higherIsBetter: higherIsBetter, baseline: old, current: new, verdict: verdict,
                    reason: "load tolerance \(percent(limits.load))",
                    noiseBand: MetricComparison.NoiseBand(lower: -limits.load, upper: limits.load)
                ))
        }
        if before.targetRate == nil {
            warn("requests/s", higherIsBetter: true, before.operationsPerSecond, after.operationsPerSecond)
        }
        warn(
            "p99 latency ns", higherIsBetter: false, before.latency.map { Double($0.summary.p99) },
            after.latency.map { Double($0.summary.p99) })
        warn("mallocs/request", higherIsBetter: false, before.mallocsPerOperation, after.mallocsPerOperation)
        return rows
    }

    /// A counted metric: exact, so judged by its relative `tolerance` alone; a fall beyond it fails
    /// too when the thresholds are two-sided. Unless `failing`, a change beyond it only warns.
    private static func counted(
        _ name: String, metric: String, _ old: Double?, _ new: Double?, _ tolerance: Double, _ limits: Thresholds, failing: Bool = true
    ) -> MetricComparison {
        let row = { (verdict: MetricComparison.Verdict, reason: String) in
            MetricComparison(
                scenario: name, metric: metric, higherIsBetter: false, baseline: old, current: new, verdict: verdict, reason: reason,
                noiseBand: MetricComparison.NoiseBand(lower: -tolerance, upper: tolerance)
            )
        }
        guard let old, let new else {
            return row(.notComparable, "counted in \(old == nil ? "this run" : "the baseline") only (run --instructions for both)")
        }
        guard old > 0 else { return row(.notComparable, "baseline is zero") }
        let change = new / old - 1
        let limit = finePercent(tolerance)
        if !failing, abs(change) > tolerance {
            return row(
                change > 0 ? .warning : .improvement,
                "\(change > 0 ? "+" : "")\(finePercent(change)): judged by its ratio, since the work it shares with its partner moves with the build"
            )
        }
        if change > tolerance { return row(.regression, "+\(finePercent(change)) > \(limit)") }
        if change < -tolerance {
            return limits.isTwoSided
                ? row(.regression, "\(finePercent(change)) beyond -\(limit) (two-sided): an improvement; save the baseline again")
                : row(.improvement, "\(finePercent(change))")
        }
        return row(.withinNoise, "counts are exact; change \(finePercent(change)) within ±\(limit)")
    }

    /// A speed metric: counts only beyond the tolerance and with disjoint median intervals.
    private static func speed(
        _ name: String, metric: String, higherIsBetter: Bool, _ old: Double, _ new: Double,
        _ oldInterval: ClosedRange<Double>?, _ newInterval: ClosedRange<Double>?, _ limits: Thresholds
    ) -> MetricComparison {
        let band = speedBand(higherIsBetter: higherIsBetter, old, oldInterval, newInterval, tolerance: limits.time)
        let row = { (verdict: MetricComparison.Verdict, reason: String) in
            MetricComparison(
                scenario: name, metric: metric, higherIsBetter: higherIsBetter, baseline: old, current: new, verdict: verdict,
                reason: reason, noiseBand: band)
        }
        guard old > 0 else { return row(.notComparable, "baseline is zero") }
        // Positive when the current run is slower, whichever way the metric points.
        let slowdown = higherIsBetter ? old / new - 1 : new / old - 1
        guard abs(slowdown) > limits.time else { return row(.withinNoise, "within \(percent(limits.time))") }
        guard let oldInterval, let newInterval else {
            // Without samples there is no noise to weigh the change against: never more than a warning.
            return row(
                slowdown > 0 ? .warning : .improvement, "\(percent(abs(slowdown))) \(slowdown > 0 ? "slower" : "faster"), noise unknown")
        }
        guard !oldInterval.overlaps(newInterval) else { return row(.withinNoise, "intervals of the medians overlap") }
        if slowdown < 0 { return row(.improvement, "\(percent(-slowdown)) faster, beyond the noise") }
        if slowdown > limits.failingTime { return row(.regression, "\(percent(slowdown)) slower > \(percent(limits.failingTime))") }
        let bound = limits.failingTime.isFinite ? "within \(percent(limits.failingTime))" : "counts decide"
        return row(.warning, "\(percent(slowdown)) slower, beyond the noise, \(bound)")
    }

    /// The relative changes of a speed metric within noise: those within the tolerance, and those the
    /// two medians' intervals (each median ± its half-width) still overlap at.
    private static func speedBand(
        higherIsBetter: Bool, _ old: Double, _ oldInterval: ClosedRange<Double>?, _ newInterval: ClosedRange<Double>?, tolerance: Double
    ) -> MetricComparison.NoiseBand? {
        guard old > 0 else { return nil }
        // The slowdown is `old / new - 1` when higher is better, so a tolerance t allows new from
        // old / (1 + t) to old / (1 - t), the latter without bound once t reaches 1.
        var band =
            higherIsBetter
            ? MetricComparison.NoiseBand(lower: 1 / (1 + tolerance) - 1, upper: tolerance < 1 ? 1 / (1 - tolerance) - 1 : nil)
            : MetricComparison.NoiseBand(lower: -tolerance, upper: tolerance)
        if let oldInterval, let newInterval {
            let overlap = ((oldInterval.upperBound - oldInterval.lowerBound) + (newInterval.upperBound - newInterval.lowerBound)) / 2 / old
            band.lower = min(band.lower, -overlap)
            band.upper = band.upper.map { max($0, overlap) }
        }
        return band
    }

    /// An allocation metric: `judge` weighs the change against the allowance for the baseline's
    /// value, which also makes the row's noise band.
    private static func allocations(
        _ name: String, metric: String, _ old: Double?, _ new: Double?, allowing allowance: (Double) -> Double,
        judge: (_ change: Double, _ allowance: Double) -> (MetricComparison.Verdict, String)
    ) -> MetricComparison {
        guard let old, let new else {
            return MetricComparison(
                scenario: name, metric: metric, higherIsBetter: false, baseline: old, current: new, verdict: .notComparable,
                reason: "unavailable (no jemalloc) in one run")
        }
        let limit = allowance(old)
        let (verdict, reason) = judge(new - old, limit)
        let band = old > 0 ? MetricComparison.NoiseBand(lower: -limit / old, upper: limit / old) : nil
        return MetricComparison(
            scenario: name, metric: metric, higherIsBetter: false, baseline: old, current: new, verdict: verdict, reason: reason,
            noiseBand: band)
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.2f", value)
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%.0f%%", fraction * 100)
    }

    /// A percentage to hundredths, for counts, whose tolerances are around 1%.
    static func finePercent(_ fraction: Double) -> String {
        String(format: "%.2f%%", fraction * 100)
    }
}
