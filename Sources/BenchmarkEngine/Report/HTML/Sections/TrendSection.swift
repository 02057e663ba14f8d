/// Each scenario's trend over the runs of a history: its series of one figure run by run, each
/// change point as a vertical rule at the first run after it, labelled with its size, whether it
/// is a regression or an improvement, and its commit; and the verdict `history check` gives.
enum TrendSection {
    /// The section's HTML: a table of every scenario's verdict, then a figure per scenario.
    static func html(_ trends: [ScenarioTrend], source: String) -> String {
        var html = "<p>\(HTML.escape(source))</p>\n"
        html += summary(trends).html() + "\n"
        for (index, trend) in trends.enumerated() {
            html += figure(trend, id: "trend-\(index)-\(HTML.identifier(trend.scenario))").html()
        }
        return html
    }

    /// How a change reads, in a chart's label and in the tables: `+7.9% regression`.
    static func describe(_ change: ChangePoint, in trend: ScenarioTrend) -> String {
        "\(Formats.change(change.relativeChange)) \(trend.isRegression(change) ? "regression" : "improvement")"
    }

    /// A run's name on the axis and in the tables: its commit's first 7 characters, or its place.
    static func label(of run: HistoryRun, at index: Int) -> String {
        run.commit.map { String($0.prefix(7)) } ?? "run \(index + 1)"
    }

    /// The verdict of a trend, as a table cell coloured by what it means.
    private static func verdictCell(_ trend: ScenarioTrend) -> DataTable.Cell {
        switch trend.check.verdict {
        case .regression: .text("✖ regression", className: "regression")
        case .ok: .text("ok")
        case .unknown: .text("unknown")
        }
    }

    /// The newest run against the runs before it, in words.
    private static func newest(_ trend: ScenarioTrend) -> String {
        let newest = trend.check.newest
        if let limitation = newest.limitation { return "\(newest.verdict.rawValue) (\(limitation))" }
        return "\(newest.verdict.rawValue), \(Formats.change(newest.relativeChange)) against the \(newest.referenceCount) runs before it"
    }

    private static func summary(_ trends: [ScenarioTrend]) -> DataTable {
        let rows = trends.map { trend -> [DataTable.Cell] in
            let last = trend.check.analysis.changePoints.last
            return [
                .text(trend.scenario), .number(Double(trend.runs.count), String(trend.runs.count)), verdictCell(trend),
                .number(Double(trend.check.analysis.changePoints.count), String(trend.check.analysis.changePoints.count)),
                .text(
                    last.map { "\(describe($0, in: trend)) at run \($0.index + 1) (\(label(of: trend.runs[$0.index], at: $0.index)))" }
                        ?? "–"),
                .text(newest(trend)),
            ]
        }
        return DataTable(
            columns: ["scenario", "runs", "verdict", "changes", "latest change", "newest run"], rows: rows,
            caption: "Every scenario's verdict over its runs, as history check gives it"
        )
    }

    private static func figure(_ trend: ScenarioTrend, id: String) -> Figure {
        let format = valueFormat(of: trend.metric)
        let changes = trend.check.analysis.changePoints
        let points = trend.values.enumerated().map { (x: Double($0.offset), y: $0.element) }
        var series = [ChartSeries(name: trend.metric, style: ChartStyle(colour: 0, shape: .circle), points: points)]
        if !changes.isEmpty {
            series.append(
                ChartSeries(name: "level between changes", style: ChartStyle(colour: 5, dashed: true), points: levels(trend), stepped: true)
            )
        }
        let references = changes.map { change in
            ReferenceLine(
                axis: .x, value: Double(change.index),
                label: "\(describe(change, in: trend)) · \(label(of: trend.runs[change.index], at: change.index))",
                style: ChartStyle(colour: trend.isRegression(change) ? 1 : 2, dashed: true)
            )
        }
        let chart = Chart(
            captionID: id,
            x: ChartAxis(
                scale: RunScale(labels: trend.runs.enumerated().map { label(of: $0.element, at: $0.offset) }),
                label: "run, oldest first, by commit"),
            y: ChartAxis(scale: LinearScale(covering: trend.values, format: format, includingZero: false), label: trend.metric),
            series: series, references: references, height: 260
        )
        let changeAt = Dictionary(changes.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = zip(trend.runs, trend.values).enumerated().map { index, entry -> [DataTable.Cell] in
            let (run, value) = entry
            let change = changeAt[index]
            return [
                .number(Double(index + 1), String(index + 1)), .text(run.runID), .text(run.startedAt), .text(run.commit ?? "–"),
                .text(run.branch ?? "–"), .number(value, tableText(value, of: trend.metric)),
                change.map { .text(describe($0, in: trend), className: trend.isRegression($0) ? "regression" : "improvement") }
                    ?? .text(""),
            ]
        }
        let opening = trend.check.openingChange.map { " The change at run \($0.index + 1) opens it." } ?? ""
        return Figure(
            id: id,
            title: "\(trend.scenario) over runs",
            caption: "Verdict: \(trend.check.verdict.rawValue).\(opening) Newest run: \(newest(trend)). "
                + "Each point is \(trend.metric) in one run, oldest first, labelled below by its commit. "
                + (changes.isEmpty
                    ? "No change point in these runs."
                    : "A vertical rule marks each change point at the first run "
                        + "after it, with its size, whether it is a regression or an improvement, and its commit; the dashed steps are "
                        + "the mean level between changes."),
            charts: [chart.svg()],
            tables: [
                DataTable(
                    columns: ["#", "run", "started", "commit", "branch", trend.metric, "change"], rows: rows,
                    caption: "Every run of \(trend.scenario), oldest first"
                )
            ]
        )
    }

    /// The mean level of each stretch between changes, as the points of a stepped line: one at the
    /// start of each stretch and one at the last run.
    private static func levels(_ trend: ScenarioTrend) -> [(x: Double, y: Double)] {
        let bounds = [0] + trend.check.analysis.changePoints.map(\.index) + [trend.values.count]
        var points: [(x: Double, y: Double)] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) where end > start {
            let stretch = trend.values[start..<end]
            points.append((Double(start), stretch.reduce(0, +) / Double(stretch.count)))
        }
        if let last = points.last { points.append((Double(trend.values.count - 1), last.y)) }
        return points
    }

    /// Times and latencies, in nanoseconds, read as durations; every other figure (a latency
    /// histogram's `count` too) as a count.
    private static func isDuration(_ metric: String) -> Bool {
        let prefixes = ["nanosecondsPerOperation.", "latency.", "uncorrectedLatency."]
        return prefixes.contains { metric.hasPrefix($0) } && !metric.hasSuffix(".count")
    }

    private static func valueFormat(of metric: String) -> ValueFormat {
        isDuration(metric) ? .duration : .count
    }

    /// `value` of `metric` as the tables show it.
    private static func tableText(_ value: Double, of metric: String) -> String {
        isDuration(metric) ? Formats.duration(value) : Formats.plain(value)
    }
}
