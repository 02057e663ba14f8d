/// A capacity search or sweep: what it found, then each step's throughput and p99 against the load
/// it offered (a rate, or a sweep's workers), with the objectives' bounds, the highest rate
/// sustained and the knee marked, every step in a table, and the scalability law fitted to them.
enum CapacitySection {
    /// The section's HTML.
    static func html(_ report: CapacityReport) -> String {
        var html = "<p>\(HTML.escape(report.result.explanation))</p>\n<ul>"
        html += findings(report.result, hasObjectives: !report.settings.objectives.isEmpty, isSweep: report.settings.levels != nil).map {
            "<li>\(HTML.escape($0))</li>"
        }.joined()
        let objectives =
            report.settings.objectives.isEmpty
            ? "no objectives"
            : "objectives <code>\(HTML.escape(report.settings.objectives.joined(separator: " ")))</code> judged over \(HTML.escape(report.settings.window))"
        html +=
            "<li>Target <code>\(HTML.escape(report.target))</code>, \(objectives), steps of \(ValueFormat.elapsed(report.settings.stepSeconds)) after "
            + "\(ValueFormat.elapsed(report.settings.warmupSeconds)) of warm-up, up to \(report.settings.concurrency) requests in flight.</li></ul>\n"
        html += figure(report, id: "capacity-0").html()
        if let fit = report.result.scalability {
            html += ScalabilityFigure.figure(fit, isSweep: report.settings.levels != nil, id: "capacity-1").html()
        }
        html += server(report)?.html() ?? ""
        html += checks(report)?.html() ?? ""
        return html
    }

    /// Each step's server figures beside its throughput and p99; `nil` when none were read.
    private static func server(_ report: CapacityReport) -> DataTable? {
        guard let queries = report.serverMetrics?.queries, !queries.isEmpty else { return nil }
        let rows = report.steps.map { step -> [DataTable.Cell] in
            [
                .number(Double(step.number), format: Formats.plain), .number(step.offeredLoad, format: Formats.count),
                .number(step.throughput, format: Formats.count), .number(Double(step.latency.summary.p99), format: Formats.duration),
            ]
                + queries.map { query in
                    guard let figure = step.server?.first(where: { $0.name == query.name }) else { return .text("–") }
                    return figure.value.map { .number($0, format: Formats.plain) }
                        ?? .text("unavailable: \(figure.unavailable ?? "no answer")")
                }
        }
        let offered = report.settings.levels != nil ? "workers" : "rate/s"
        return DataTable(
            columns: ["step", offered, "throughput/s", "p99"] + queries.map { "server \($0.name)" }, rows: rows,
            caption: "The server's figures over each step's measured part, from \(report.serverMetrics?.url ?? "its monitoring")")
    }

    /// Each step's checks: how many answers passed and failed each; `nil` when none was checked.
    private static func checks(_ report: CapacityReport) -> DataTable? {
        let rows = report.steps.flatMap { step in
            (step.checks ?? []).map { check -> [DataTable.Cell] in
                [.number(Double(step.number), format: Formats.plain), .number(step.offeredLoad, format: Formats.count)]
                    + LoadSection.checkCells(check.name, passes: check.passes, failures: check.failures, rate: check.passRate)
            }
        }
        let offered = report.settings.levels != nil ? "workers" : "rate/s"
        return rows.isEmpty
            ? nil
            : DataTable(
                columns: ["step", offered, "check", "passes", "failures", "pass rate"], rows: rows,
                caption: "Each step's checks, warm-up included")
    }

    /// The result in a few lines, each a figure the charts mark.
    private static func findings(_ result: CapacityResult, hasObjectives: Bool, isSweep: Bool) -> [String] {
        var lines: [String] = []
        if let workers = result.largestPassingConcurrency, let rate = result.maximumSustainableRate {
            lines.append("Most workers within the objectives: \(workers), \(Formats.count(rate)) requests/s.")
        } else if let rate = result.maximumSustainableRate {
            lines.append("Maximum sustainable rate: \(Formats.count(rate)) requests/s.")
        } else if hasObjectives {
            lines.append(isSweep ? "No level met every objective." : "No rate met every objective.")
        }
        if let rate = result.lowestFailingRate {
            lines.append(
                "Lowest failing rate: \(Formats.count(rate)) requests/s (\(result.limitedBy.map { "the \($0.rawValue)'s limit" } ?? "limit unknown"))."
            )
        }
        if let knee = result.knee {
            let load =
                knee.concurrency.map { "\($0) workers (\(Formats.count(knee.rate)) requests/s)" }
                ?? "\(Formats.count(knee.rate)) requests/s"
            lines.append(
                "Knee: p99 starts climbing steeply at \(load) (p99 \(Formats.duration(Double(knee.p99Nanoseconds))))."
            )
        }
        if let concurrency = result.concurrencyAtMaximum {
            let measured = concurrency.measured.map { ValueFormat.significant($0) } ?? "not sampled"
            lines.append(
                "In flight at \(isSweep ? "that level" : "that rate"): \(measured) measured, \(ValueFormat.significant(concurrency.littlesLaw)) by Little's law."
            )
        }
        return lines
    }

    private static func figure(_ report: CapacityReport, id: String) -> Figure {
        let isSweep = report.settings.levels != nil
        let steps = report.steps.sorted { $0.offeredLoad < $1.offeredLoad }
        let offered = steps.map(\.offeredLoad)
        let rateAxis = ChartAxis(
            scale: LogScale(covering: offered, format: .count),
            label: isSweep ? "workers in the closed loop (log scale)" : "offered rate (requests per second, log scale)")
        let failed = ChartStyle(colour: 1, shape: .cross)
        let passed = ChartStyle(colour: 2, shape: .circle)
        let stepMarkers = { (value: (CapacityStep) -> Double) in
            steps.map { step in
                ChartMarker(
                    x: step.offeredLoad, y: value(step), shape: step.status.isFailure ? .cross : .circle,
                    style: step.status.isFailure ? failed : passed)
            }
        }
        var references: [ReferenceLine] = []
        if let workers = report.result.largestPassingConcurrency {
            references.append(
                ReferenceLine(
                    axis: .x, value: Double(workers), label: "most within objectives: \(workers)",
                    style: ChartStyle(colour: 2, dashed: true)))
        } else if !isSweep, let rate = report.result.maximumSustainableRate {
            references.append(
                ReferenceLine(
                    axis: .x, value: rate, label: "max sustainable \(Formats.count(rate))/s", style: ChartStyle(colour: 2, dashed: true)))
        }
        let legend = [LegendEntry(name: "step passed", style: passed), LegendEntry(name: "step failed", style: failed)]

        let achieved = steps.map { (x: $0.offeredLoad, y: isSweep ? $0.throughput : $0.achievedRate) }
        let rateChart = Chart(
            captionID: id, x: rateAxis,
            y: ChartAxis(
                scale: LogScale(covering: (isSweep ? [] : offered) + achieved.map(\.y), format: .count),
                label: isSweep ? "throughput (requests per second, log scale)" : "achieved rate (log scale)"),
            series: [ChartSeries(name: isSweep ? "throughput" : "achieved", style: ChartStyle(colour: 0), points: achieved)]
                + (isSweep
                    ? []
                    : [
                        ChartSeries(
                            name: "achieved = offered", style: ChartStyle(colour: 5, dashed: true), points: offered.map { ($0, $0) })
                    ]),
            references: references, markers: stepMarkers { isSweep ? $0.throughput : $0.achievedRate }, extraLegend: legend, height: 280
        )

        let p99 = steps.filter { $0.latency.summary.count > 0 }.map { (x: $0.offeredLoad, y: Double($0.latency.summary.p99)) }
        var latencyReferences = references
        var latencyValues = p99.map(\.y)
        for objective in report.steps.first?.verdict.objectives ?? [] where objective.unit == "ns" {
            latencyReferences.append(
                ReferenceLine(
                    axis: .y, value: objective.threshold, label: "objective \(objective.objective)",
                    style: ChartStyle(colour: 1, dashed: true)))
            latencyValues.append(objective.threshold)
        }
        var latencyMarkers = stepMarkers { Double($0.latency.summary.p99) }.filter { $0.y > 0 }
        if let knee = report.result.knee {
            latencyMarkers.append(
                ChartMarker(
                    x: knee.concurrency.map(Double.init) ?? knee.rate, y: Double(knee.p99Nanoseconds), shape: .diamond,
                    style: ChartStyle(colour: 3, shape: .diamond),
                    label: "knee"))
        }
        let latencyChart = Chart(
            captionID: id, x: rateAxis,
            y: ChartAxis(scale: LogScale(covering: latencyValues, format: .duration), label: "p99 latency (log scale)"),
            series: [ChartSeries(name: "p99", style: ChartStyle(colour: 0), points: p99)],
            references: latencyReferences, markers: latencyMarkers,
            extraLegend: legend + [LegendEntry(name: "knee", style: ChartStyle(colour: 3, shape: .diamond))],
            emptyNote: "no request completed", height: 300
        )

        let rows = report.steps.map { step -> [DataTable.Cell] in
            let answered = step.latency.summary.count > 0
            return [
                .text("\(step.number)"), .text(step.phase.rawValue),
                .number(step.offeredLoad, step.concurrency.map { "N = \($0)" } ?? Formats.count(step.targetRate)),
                .number(step.achievedRate, Formats.count(step.achievedRate)),
                .number(Double(step.outcomes.sent), Formats.plain(Double(step.outcomes.sent))),
                .number(Double(step.outcomes.failed), Formats.plain(Double(step.outcomes.failed))),
                answered ? .number(Double(step.latency.summary.p50), Formats.duration(Double(step.latency.summary.p50))) : .text("–"),
                answered ? .number(Double(step.latency.summary.p99), Formats.duration(Double(step.latency.summary.p99))) : .text("–"),
                .text(
                    (step.status.isFailure ? "✖ " : "✔ ") + step.status.rawValue,
                    className: step.status.isFailure ? "regression" : "improvement"),
                .text(step.reasons.joined(separator: " ")),
            ]
        }
        return Figure(
            id: id,
            title: isSweep ? "Throughput and p99 against the workers" : "Rate and p99 against the offered rate",
            caption: isSweep
                ? "Each step of the sweep is a closed loop of a number of workers (horizontal, logarithmic). Above, the "
                    + "throughput (requests answered successfully per second); below, the step's p99 latency, with each latency "
                    + "objective as a horizontal line. A green circle is a step that met every objective (or one without "
                    + "objectives), a cross in the error colour one that did not; the vertical line is the most workers within "
                    + "the objectives and the diamond the knee, where p99 starts to climb steeply (Kneedle)."
                : "Each step of the search is an open loop at one offered rate (horizontal, logarithmic). Above, the rate "
                    + "achieved (the dashed line is where achieved equals offered); below, the step's p99 latency from each "
                    + "request's intended start, with each latency objective as a horizontal line. A green circle is a step that "
                    + "met every objective, a cross in the error colour one that did not; the vertical line is the maximum "
                    + "sustainable rate and the diamond the knee, where p99 starts to climb steeply (Kneedle).",
            charts: [rateChart.svg(), latencyChart.svg()],
            tables: [
                DataTable(
                    columns: [
                        "step", "phase", isSweep ? "workers" : "offered/s", "achieved/s", "sent", "errors", "p50", "p99", "status", "why",
                    ],
                    rows: rows, caption: "Every step, in the order run"
                )
            ]
        )
    }
}
