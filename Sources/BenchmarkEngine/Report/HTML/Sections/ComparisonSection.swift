/// A comparison with a baseline: per scenario and metric, the change, the band of changes the
/// thresholds and the runs' noise allow, and the verdict — in colour, in the marker's shape and in
/// words, so that no verdict rests on colour alone.
enum ComparisonSection {
    /// The section's HTML.
    static func html(_ comparison: RunComparison) -> String {
        var html =
            "<p>Baseline <code>\(HTML.escape(comparison.baselineName))</code> (run <code>\(HTML.escape(comparison.baselineRunID))</code>) "
            + "against run <code>\(HTML.escape(comparison.currentRunID))</code>: \(comparison.regressions.count) regressions, "
            + "\(comparison.warnings.count) warnings, \(comparison.rows.filter { $0.verdict == .improvement }.count) improvements "
            + "in \(comparison.rows.count) metrics.</p>\n"
        if let warning = comparison.machineWarning {
            html += "<p class=\"note\">Warning: \(HTML.escape(warning)).</p>\n"
        }
        return html + figure(comparison, id: "comparison-0").html()
    }

    /// How a verdict is drawn and said: colour, marker and symbol.
    static func appearance(of verdict: MetricComparison.Verdict) -> (style: ChartStyle, symbol: String, className: String?) {
        switch verdict {
        case .regression: (ChartStyle(colour: 1, shape: .cross), "✖", "regression")
        case .warning: (ChartStyle(colour: 4, shape: .triangle), "▲", "warning")
        case .improvement: (ChartStyle(colour: 2, shape: .circle), "✔", "improvement")
        case .withinNoise: (ChartStyle(colour: 5, shape: .diamond), "·", nil)
        case .notComparable: (ChartStyle(colour: 5, shape: .square), "–", nil)
        }
    }

    private static func figure(_ comparison: RunComparison, id: String) -> Figure {
        let charted = comparison.rows.filter { $0.relativeChange != nil }
        var ratios = charted.compactMap { $0.relativeChange.map { 1 + $0 } } + [0.9, 1.1]
        ratios += charted.compactMap { $0.noiseBand.map { 1 + $0.lower } }
        ratios += charted.compactMap { $0.noiseBand?.upper.map { 1 + $0 } }
        let scale = LogScale(
            covering: ratios, format: .change,
            ticks: [1, 0.5, 2, 0.1, 10, 0.01, 100, 1000, 10000, 0.8, 1.25, 0.2, 5, 0.9, 1.1]
        )
        let rows = charted.map { row -> ChartRow in
            let ratio = 1 + (row.relativeChange ?? 0)
            let look = appearance(of: row.verdict)
            var marks: [RowMark] = []
            if let band = row.noiseBand {
                marks.append(.band((1 + band.lower)...(band.upper.map { 1 + $0 } ?? scale.upper), ChartStyle(colour: 5)))
            }
            marks.append(.point(ratio, look.style.shape ?? .diamond, look.style))
            return ChartRow(
                // The paired baseline's name is in the table; the chart's rows keep to what differs.
                label: "\(row.scenario) · \(row.metric.hasPrefix("speedup vs ") ? "speedup" : row.metric)", marks: marks,
                note: "\(look.symbol) \(Formats.change(row.relativeChange ?? 0)) \(row.verdict.rawValue)"
            )
        }
        let legend =
            [MetricComparison.Verdict.regression, .warning, .improvement, .withinNoise].map { verdict in
                let look = appearance(of: verdict)
                return LegendEntry(name: "\(look.symbol) \(verdict.rawValue)", style: look.style)
            } + [LegendEntry(name: "noise band", style: ChartStyle(colour: 5))]
        let chart = RowChart(
            captionID: id,
            axis: ChartAxis(scale: scale, label: "change from the baseline (log scale)"),
            rows: rows, legend: legend, baseline: 1, width: 900
        )
        let tableRows = comparison.rows.map { row -> [DataTable.Cell] in
            let look = appearance(of: row.verdict)
            let band = row.noiseBand.map { "\(Formats.change($0.lower)) to \($0.upper.map(Formats.change) ?? "any rise")" } ?? "–"
            return [
                .text(row.scenario), .text(row.metric),
                .number(row.baseline, format: Formats.plain), .number(row.current, format: Formats.plain),
                .number(row.relativeChange, format: Formats.change),
                .text(band),
                .text("\(look.symbol) \(row.verdict.rawValue)", className: look.className),
                .text(row.reason),
            ]
        }
        return Figure(
            id: id,
            title: "Change per scenario and metric",
            caption: "Each row is one metric of one scenario: the marker is the current run's value as a change from the "
                + "baseline's (logarithmic: halving and doubling lie equally far from 0%), the grey band the changes "
                + "that the thresholds and the two runs' noise count as no change. A verdict has its own colour, marker "
                + "and symbol: ✖ regression, ▲ warning, ✔ improvement, · within noise. Metrics without a change to draw "
                + "(new, missing, unavailable) are in the table only.",
            charts: charted.isEmpty ? [] : [chart.svg()],
            tables: [
                DataTable(
                    columns: ["scenario", "metric", "baseline", "current", "change", "noise band", "verdict", "why"],
                    rows: tableRows, caption: "Every metric compared"
                )
            ]
        )
    }
}
