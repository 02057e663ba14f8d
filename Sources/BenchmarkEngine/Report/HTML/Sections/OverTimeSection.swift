/// A load run interval by interval, from its time series: the rate achieved against the rate asked
/// for, and p50 and p99 of each interval, with the intervals that had errors marked on both charts
/// and the run's latency objectives drawn across; for a mix or a journey, the p99 of each name too,
/// with the objectives that name one.
enum OverTimeSection {
    /// The figure for `entries` (each run's result of one scenario), or `nil` when none has a time
    /// series.
    static func figure(title: String, entries: [(run: ReportRun, result: ScenarioResult)], runs: [ReportRun], id: String) -> Figure? {
        let series = entries.compactMap { entry in entry.result.timeSeries.map { (run: entry.run, result: entry.result, series: $0) } }
        guard !series.isEmpty else { return nil }
        let end = series.map { $0.series.intervals.last.map { $0.startSeconds + $0.durationSeconds } ?? 0 }.max() ?? 0
        let time = ChartAxis(scale: LinearScale(covering: [0, end], format: .elapsed), label: "time since the first request (s)")
        let errorStyle = ChartStyle(colour: 1, shape: .cross)

        var rates = (series: [ChartSeries](), markers: [ChartMarker]())
        var latencies = (series: [ChartSeries](), markers: [ChartMarker](), references: [ReferenceLine]())
        var named = (series: [ChartSeries](), references: [ReferenceLine](), values: [Double]())
        var rows: [[DataTable.Cell]] = []
        var rateValues: [Double] = []
        var latencyValues: [Double] = []
        for (run, result, timeSeries) in series {
            let prefix = runs.areSeveral ? "\(run.label) · " : ""
            let colour = runs.areSeveral ? run.style.colour : 0
            let middle = { (interval: TimeSeries.Interval) in interval.startSeconds + interval.durationSeconds / 2 }
            let achieved = timeSeries.intervals.map { (x: middle($0), y: $0.achievedRate) }
            rates.series.append(ChartSeries(name: prefix + "achieved", style: ChartStyle(colour: colour, shape: .circle), points: achieved))
            rateValues += achieved.map(\.y)
            let isOpenLoop = result.targetRate != nil
            if isOpenLoop {
                let target = timeSeries.intervals.map {
                    (x: middle($0), y: $0.durationSeconds > 0 ? Double($0.outcomes.scheduled) / $0.durationSeconds : 0)
                }
                rates.series.append(
                    ChartSeries(
                        name: prefix + "target", style: ChartStyle(colour: runs.areSeveral ? colour : 5, dashed: true), points: target))
                rateValues += target.map(\.y)
            }
            // Intervals in which nothing completed have no latency to draw on a log axis.
            let answered = timeSeries.intervals.filter { $0.latency.summary.count > 0 }
            let p50 = answered.map { (x: middle($0), y: Double($0.latency.summary.p50)) }
            let p99 = answered.map { (x: middle($0), y: Double($0.latency.summary.p99)) }
            latencies.series.append(ChartSeries(name: prefix + "p50", style: ChartStyle(colour: colour, shape: .circle), points: p50))
            latencies.series.append(
                ChartSeries(
                    name: prefix + "p99", style: ChartStyle(colour: runs.areSeveral ? colour : 2, dashed: true, shape: .square), points: p99
                ))
            latencyValues += p50.map(\.y) + p99.map(\.y)

            for interval in timeSeries.intervals where interval.outcomes.failed > 0 {
                let label = "\(interval.outcomes.failed)"
                rates.markers.append(
                    ChartMarker(x: middle(interval), y: interval.achievedRate, shape: .cross, style: errorStyle, label: label))
                if interval.latency.summary.count > 0 {
                    latencies.markers.append(
                        ChartMarker(
                            x: middle(interval), y: Double(interval.latency.summary.p99), shape: .cross, style: errorStyle, label: label))
                }
            }
            for objective in result.serviceLevel?.objectives ?? [] where objective.unit == "ns" {
                let line = ReferenceLine(
                    axis: .y, value: objective.threshold, label: "objective \(objective.objective)",
                    style: ChartStyle(colour: 1, dashed: true))
                if (try? ServiceLevelObjective(parsing: objective.objective))?.request == nil {
                    latencies.references.append(line)
                    latencyValues.append(objective.threshold)
                } else {
                    named.references.append(line)
                    named.values.append(objective.threshold)
                }
            }
            for (index, request) in (result.requests ?? []).enumerated() {
                guard let intervals = request.timeSeries?.intervals else { continue }
                let p99 = intervals.filter { $0.latency.summary.count > 0 }.map { (x: middle($0), y: Double($0.latency.summary.p99)) }
                // Names differ in shape and dash as well as colour; the cross marks errors.
                let shapes = MarkerShape.allCases.filter { $0 != .cross }
                let style = ChartStyle(colour: index, dashed: index % 2 == 1, shape: shapes[index % shapes.count])
                named.series.append(ChartSeries(name: prefix + request.name, style: style, points: p99))
                named.values += p99.map(\.y)
            }

            for interval in timeSeries.intervals {
                var cells: [DataTable.Cell] = []
                cells.append(.number(interval.startSeconds, ValueFormat.elapsed(interval.startSeconds)))
                if runs.areSeveral { cells.insert(.text(run.label), at: 0) }
                let target =
                    isOpenLoop && interval.durationSeconds > 0 ? Double(interval.outcomes.scheduled) / interval.durationSeconds : nil
                cells.append(.number(target, format: Formats.count))
                cells.append(.number(interval.achievedRate, Formats.count(interval.achievedRate)))
                cells.append(.number(Double(interval.outcomes.sent), Formats.plain(Double(interval.outcomes.sent))))
                cells.append(.number(Double(interval.outcomes.failed), Formats.plain(Double(interval.outcomes.failed))))
                if interval.outcomes.failed > 0 { cells[cells.count - 1].className = "regression" }
                let answered = interval.latency.summary.count > 0
                cells.append(
                    answered
                        ? .number(Double(interval.latency.summary.p50), Formats.duration(Double(interval.latency.summary.p50))) : .text("–")
                )
                cells.append(
                    answered
                        ? .number(Double(interval.latency.summary.p99), Formats.duration(Double(interval.latency.summary.p99))) : .text("–")
                )
                rows.append(cells)
            }
        }
        let errorLegend = rates.markers.isEmpty ? [] : [LegendEntry(name: "interval with errors (count)", style: errorStyle)]
        let rateChart = Chart(
            captionID: id, x: time, y: ChartAxis(scale: LinearScale(covering: rateValues, format: .count), label: "requests per second"),
            series: rates.series, markers: rates.markers, extraLegend: errorLegend, height: 240
        )
        let latencyChart = Chart(
            captionID: id, x: time, y: ChartAxis(scale: LogScale(covering: latencyValues, format: .duration), label: "latency (log scale)"),
            series: latencies.series, references: latencies.references, markers: latencies.markers, extraLegend: errorLegend,
            emptyNote: "no request completed", height: 260
        )

        var charts = [rateChart.svg(), latencyChart.svg()]
        if !named.series.isEmpty {
            let namesChart = Chart(
                captionID: id, x: time,
                y: ChartAxis(scale: LogScale(covering: named.values, format: .duration), label: "p99 by name (log scale)"),
                series: named.series, references: named.references, emptyNote: "no request completed", height: 260)
            charts.append(namesChart.svg())
        }

        let interval = series[0].series.intervalSeconds
        var columns = ["start", "target/s", "achieved/s", "sent", "errors", "p50", "p99"]
        if runs.areSeveral { columns.insert("run", at: 0) }
        return Figure(
            id: id,
            title: "\(title) over time",
            caption: "The run in intervals of \(ValueFormat.elapsed(interval)), each point at its interval's middle: above, requests "
                + "sent per second against the rate the schedule asked for (open loops); below, the p50 and p99 latency of the "
                + "requests whose intended start fell in the interval (logarithmic). A cross in the error colour, with the count "
                + "beside it, marks each interval in which requests failed; a horizontal line is a latency objective (--slo). "
                + "For a mix or a journey, the last chart is the p99 of each request or step by name, interval by interval, with "
                + "the objectives that name one.",
            charts: charts,
            tables: [DataTable(columns: columns, rows: rows, caption: "\(title), interval by interval")]
        )
    }
}
