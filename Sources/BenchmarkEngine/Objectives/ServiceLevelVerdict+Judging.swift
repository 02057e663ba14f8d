extension ServiceLevelVerdict {
    /// Judges the intervals of a load run (or a stretch of them, such as a capacity step's measured
    /// part) against `objectives` over `window`.
    ///
    /// With ``ObjectiveWindow/whole`` the intervals are merged into one window — exactly the run's
    /// own figures, since intervals add up — and the worst interval is reported beside the verdict.
    /// Windows in which nothing was due or sent are not judged.
    ///
    /// - Throws: ``HistogramError`` when an interval's histogram does not decode.
    public init(
        judging intervals: some Collection<TimeSeries.Interval>,
        isOpenLoop: Bool,
        against objectives: [ServiceLevelObjective],
        over window: ObjectiveWindow
    ) throws(HistogramError) {
        var judge = Judge(objectives: objectives, isOpenLoop: isOpenLoop)
        let windowLength: Int
        switch window {
        case .whole: windowLength = intervals.count
        case .interval: windowLength = 1
        case .rolling(let length):
            let interval = intervals.first.map { $0.durationSeconds } ?? 1
            windowLength = max(1, Int((length.seconds / max(interval, 1e-9)).rounded(.up)))
        }
        var rolling = RollingWindow(length: max(1, min(windowLength, intervals.count)), slides: window != .whole)
        for interval in intervals {
            try rolling.add(interval)
            if window == .whole {
                judge.note(worst: rolling.latest)
            } else if let figures = rolling.full {
                judge.judge(figures, decides: true)
            }
        }
        if window == .whole, let figures = rolling.full { judge.decideWhole(figures) }
        self.init(window: window.description, objectives: judge.verdicts(window: window))
    }
}

extension ServiceLevelVerdict {
    /// Judges the load run `result` against `objectives` over `window`: the run's own objectives over
    /// its time series, as ``init(judging:isOpenLoop:against:over:)`` does, and each objective that
    /// names a request of its mix (or a step of its journey) over that name's time series, the same
    /// way. The verdicts keep the order of `objectives`.
    ///
    /// - Throws: ``HistogramError`` when a histogram does not decode.
    public init(
        judging result: ScenarioResult, isOpenLoop: Bool, against objectives: [ServiceLevelObjective], over window: ObjectiveWindow
    ) throws(HistogramError) {
        try self.init(
            judging: result.timeSeries?.intervals ?? [], requests: result.requests, checks: result.checks, isOpenLoop: isOpenLoop,
            against: objectives, over: window)
    }

    /// Judges `intervals` of a run against its own objectives, and `requests`, a mix's figures by
    /// name, against the objectives that name one, in the order of `objectives`. A name is judged
    /// over its own intervals (``ScenarioResult/NamedRequest/timeSeries``) as the run is over
    /// `intervals`; a name from a report without them only over its figures for the whole run.
    ///
    /// - Throws: ``HistogramError`` when a histogram does not decode.
    ///
    /// An objective named `checks` judges the pass rate of every check of `checks` together, and one
    /// named `check(<name>)` that check's alone (`checks:rate>=99.9%`), over the whole run.
    public init(
        judging intervals: some Collection<TimeSeries.Interval>, requests: [ScenarioResult.NamedRequest]?,
        checks: [ScenarioResult.Check]? = nil, isOpenLoop: Bool, against objectives: [ServiceLevelObjective], over window: ObjectiveWindow
    ) throws(HistogramError) {
        let runs = objectives.filter { $0.request == nil }
        let run = try ServiceLevelVerdict(judging: intervals, isOpenLoop: isOpenLoop, against: runs, over: window)
        var ofRun = run.objectives.makeIterator()
        var verdicts: [ObjectiveVerdict] = []
        for objective in objectives {
            guard let name = objective.request else {
                if let verdict = ofRun.next() { verdicts.append(verdict) }
                continue
            }
            if let verdict = Self.verdict(on: objective, of: checks) {
                verdicts.append(verdict)
                continue
            }
            verdicts.append(try Self.verdict(on: objective, of: requests?.first { $0.name == name }, over: window))
        }
        self.init(window: window.description, objectives: verdicts)
    }

    /// Whether `name` is what an objective on checks names: `checks` (all of them) or `check(<name>)`.
    public static func namesChecks(_ name: String) -> Bool {
        name == "checks" || (name.hasPrefix("check(") && name.hasSuffix(")"))
    }

    /// The verdict on an objective naming `checks` or `check(<name>)`: their pass rate over the
    /// whole run; `nil` for an objective that names neither.
    private static func verdict(on objective: ServiceLevelObjective, of checks: [ScenarioResult.Check]?) -> ObjectiveVerdict? {
        guard let name = objective.request, namesChecks(name) else { return nil }
        guard objective.metric == .rate else {
            return ObjectiveVerdict(
                objective: objective, status: .notApplicable, measured: nil, worst: nil, windowsJudged: 0, windowsBreached: 0,
                note: "a check has a pass rate only ('\(name):rate>=99.9%')")
        }
        let judged = (checks ?? []).filter { name == "checks" || "check(\($0.name))" == name }
        let passes = judged.reduce(0) { $0 + $1.passes }
        let total = judged.reduce(0) { $0 + $1.passes + $1.failures }
        guard total > 0 else {
            return ObjectiveVerdict(
                objective: objective, status: .failed, measured: nil, worst: nil, windowsJudged: 0, windowsBreached: 0,
                note: "no answer was checked")
        }
        let rate = Double(passes) / Double(total)
        let met = objective.isMet(by: rate)
        return ObjectiveVerdict(
            objective: objective, status: met ? .passed : .failed, measured: rate, worst: nil, windowsJudged: 1,
            windowsBreached: met ? 0 : 1)
    }

    /// The verdict on `objective` of a named request over `window` of its intervals, or over the
    /// whole run from `request`'s figures when it has none.
    private static func verdict(
        on objective: ServiceLevelObjective, of request: ScenarioResult.NamedRequest?, over window: ObjectiveWindow
    ) throws(HistogramError) -> ObjectiveVerdict {
        guard let request else {
            return ObjectiveVerdict(
                objective: objective, status: .failed, measured: nil, worst: nil, windowsJudged: 0, windowsBreached: 0,
                note: "the run sent no request named '\(objective.request ?? "")'")
        }
        guard objective.metric != .rate else {
            return ObjectiveVerdict(
                objective: objective, status: .notApplicable, measured: nil, worst: nil, windowsJudged: 0, windowsBreached: 0,
                note: "rate is the share of the schedule sent, and a slot missed had no request chosen yet")
        }
        if let series = request.timeSeries {
            return try ServiceLevelVerdict(judging: series.intervals, isOpenLoop: true, against: [objective], over: window).objectives[0]
        }
        var judge = Judge(objectives: [objective], isOpenLoop: true)
        let latency = try request.latency.map { latency throws(HistogramError) in try Histogram(encoded: latency.histogram) }
        if let latency {
            judge.decideWhole(WindowFigures(latency: latency, outcomes: request.outcomes, startSeconds: 0, durationSeconds: 0))
        }
        // Nothing decided (no request of the name was sent) fails as "no request was sent".
        return judge.verdicts(window: .whole)[0]
    }
}

/// The figures of one window of a run: the merged corrected latency and the outcomes.
struct WindowFigures {
    var latency: Histogram
    var outcomes: ScenarioResult.Outcomes
    var startSeconds: Double
    var durationSeconds: Double

    /// The value of `metric` over the window, or `nil` when it has none (nothing sent or due).
    func value(of metric: ServiceLevelObjective.Metric) -> Double? {
        switch metric {
        case .percentile(let percentile): latency.totalCount > 0 ? Double(latency.value(atPercentile: percentile)) : nil
        case .maximum: latency.totalCount > 0 ? Double(latency.max) : nil
        case .mean: latency.totalCount > 0 ? latency.mean : nil
        case .errors: outcomes.sent > 0 ? Double(outcomes.failed) / Double(outcomes.sent) : nil
        case .rate: outcomes.scheduled > 0 ? Double(outcomes.sent) / Double(outcomes.scheduled) : nil
        }
    }
}

/// The last `length` intervals merged, kept up to date as intervals are added one by one: each
/// interval is decoded once, added in, and, in a window that slides, subtracted when it leaves. A
/// window that does not slide keeps no member, so judging a long run whole holds one histogram.
private struct RollingWindow {
    let length: Int
    let slides: Bool
    private var added = 0
    private var members: [(latency: Histogram, interval: TimeSeries.Interval)] = []
    private var sum: WindowFigures?
    /// The interval added last, on its own.
    private(set) var latest: WindowFigures?

    init(length: Int, slides: Bool) {
        self.length = length
        self.slides = slides
    }

    mutating func add(_ interval: TimeSeries.Interval) throws(HistogramError) {
        let latency = try Histogram(encoded: interval.latency.histogram)
        latest = WindowFigures(
            latency: latency, outcomes: interval.outcomes, startSeconds: interval.startSeconds, durationSeconds: interval.durationSeconds)
        added += 1
        if var sum {
            if slides, members.count == length {
                let leaving = members.removeFirst()
                try sum.latency.subtract(leaving.latency)
                sum.outcomes.subtract(leaving.interval.outcomes)
                sum.startSeconds += leaving.interval.durationSeconds
                sum.durationSeconds -= leaving.interval.durationSeconds
            }
            try sum.latency.merge(latency)
            sum.outcomes.add(interval.outcomes)
            sum.durationSeconds += interval.durationSeconds
            self.sum = sum
        } else {
            sum = latest
        }
        if slides { members.append((latency, interval)) }
    }

    /// The window, once it holds `length` intervals.
    var full: WindowFigures? {
        added >= length ? sum : nil
    }
}

/// Verdicts in the making, one per objective.
private struct Judge {
    struct Tally {
        var judged = 0
        var breached = 0
        var worst: (value: Double, figures: WindowFigures)?
        var decided: Double?
        var decidedWindow = false
    }

    let objectives: [ServiceLevelObjective]
    let isOpenLoop: Bool
    var tallies: [Tally]

    init(objectives: [ServiceLevelObjective], isOpenLoop: Bool) {
        self.objectives = objectives
        self.isOpenLoop = isOpenLoop
        tallies = Array(repeating: Tally(), count: objectives.count)
    }

    /// Counts `figures` as one window judged (or, with `decides` false, only as a candidate worst).
    mutating func judge(_ figures: WindowFigures, decides: Bool) {
        for (index, objective) in objectives.enumerated() {
            guard let value = figures.value(of: objective.metric) else { continue }
            if decides {
                tallies[index].judged += 1
                if !objective.isMet(by: value) { tallies[index].breached += 1 }
            }
            if tallies[index].worst.map({ objective.isWorse(value, than: $0.value) }) ?? true {
                tallies[index].worst = (value, figures)
            }
        }
    }

    /// Notes one interval of a whole-run judgment: it may be the worst, and decides nothing.
    mutating func note(worst figures: WindowFigures?) {
        guard let figures else { return }
        judge(figures, decides: false)
    }

    /// The whole run's figures: the one window that decides.
    mutating func decideWhole(_ figures: WindowFigures) {
        for (index, objective) in objectives.enumerated() {
            tallies[index].decidedWindow = true
            guard let value = figures.value(of: objective.metric) else { continue }
            tallies[index].decided = value
            tallies[index].judged = 1
            tallies[index].breached = objective.isMet(by: value) ? 0 : 1
        }
    }

    func verdicts(window: ObjectiveWindow) -> [ObjectiveVerdict] {
        zip(objectives, tallies).map { objective, tally in
            if objective.metric == .rate, !isOpenLoop {
                return ObjectiveVerdict(
                    objective: objective, status: .notApplicable, measured: nil, worst: nil, windowsJudged: 0, windowsBreached: 0,
                    note: "rate is the share of the schedule sent; a closed loop has no schedule")
            }
            let worst = tally.worst.map {
                ObjectiveVerdict.WindowValue(
                    startSeconds: $0.figures.startSeconds, durationSeconds: $0.figures.durationSeconds, value: $0.value)
            }
            guard tally.judged > 0 else {
                // Nothing to judge: no request was due (rate) or sent (the others).
                let status: ObjectiveVerdict.Status = objective.metric == .rate ? .notApplicable : .failed
                return ObjectiveVerdict(
                    objective: objective, status: status, measured: nil, worst: nil, windowsJudged: 0, windowsBreached: 0,
                    note: objective.metric == .rate ? "no request was due" : "no request was sent")
            }
            let measured = window == .whole ? tally.decided : tally.worst?.value
            return ObjectiveVerdict(
                objective: objective, status: tally.breached == 0 ? .passed : .failed, measured: measured, worst: worst,
                windowsJudged: tally.judged, windowsBreached: tally.breached)
        }
    }
}
