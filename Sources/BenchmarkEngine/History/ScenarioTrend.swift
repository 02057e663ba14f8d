import Foundation

/// One scenario's series of one figure over the runs of a history, and what ``SeriesCheck`` makes
/// of it: what `history check` prints and the history page draws.
public struct ScenarioTrend: Sendable, Equatable {
    /// The scenario's name.
    public var scenario: String
    /// The figure followed, by its name in the history (``HistoryFigures``).
    public var metric: String
    /// The runs that have the figure, oldest first.
    public var runs: [HistoryRun]
    /// The figure in each of ``runs``.
    public var values: [Double]
    /// The change points and the judgement of the newest runs.
    public var check: SeriesCheck

    /// Whether a bigger value of ``metric`` is better, so that a fall is the regression.
    public var isHigherBetter: Bool {
        HistoryFigures.isHigherBetter(metric)
    }

    /// Whether `change` moves the figure the bad way.
    public func isRegression(_ change: ChangePoint) -> Bool {
        change.direction == (isHigherBetter ? .decrease : .increase)
    }

    /// The trend of `metric` of every scenario in `history` that has it (or of those of
    /// `scenarios` that do, in the history's order), each checked with a search over `window` runs.
    /// Results that are another's baseline (Foundation's own code, measured beside ours) are left
    /// out, as `compare` leaves them out.
    public static func trends(
        in history: RunHistory, following metric: String, window: Int, scenarios: Set<String>? = nil
    ) throws(HistoryError) -> [ScenarioTrend] {
        let search = ChangePointSearch(configuration: ChangePointConfiguration(window: window))
        let names = try history.scenarioNames().filter { scenarios?.contains($0) ?? true }
        let partners = try self.partners(in: history, of: names)
        var trends: [ScenarioTrend] = []
        for scenario in names where !partners.contains(scenario) {
            let points = try history.values(of: metric, in: scenario)
            guard !points.isEmpty else { continue }
            let values = points.map(\.value)
            let check = SeriesCheck(values, higherIsBetter: HistoryFigures.isHigherBetter(metric), search: search)
            trends.append(ScenarioTrend(scenario: scenario, metric: metric, runs: points.map(\.run), values: values, check: check))
        }
        return trends
    }

    /// The baselines `names` were compared with in the newest run of each.
    private static func partners(in history: RunHistory, of names: [String]) throws(HistoryError) -> Set<String> {
        var partners: Set<String> = []
        for name in names {
            guard let newest = try history.series(of: name).last,
                let entry = try? JSONSerialization.jsonObject(with: Data(newest.resultJSON.utf8)) as? [String: Any]
            else { continue }
            for key in ["comparison", "counts"] {
                if let baseline = (entry[key] as? [String: Any])?["baseline"] as? String { partners.insert(baseline) }
            }
        }
        return partners
    }
}
