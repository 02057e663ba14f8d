import Foundation

/// The Universal Scalability Law fitted to a sweep or a search: each step's throughput against its
/// concurrency, the fitted curve over the concurrencies measured, and beyond them the same curve
/// dashed, as a prediction, with the fit's confidence bounds in grey dashes around it.
enum ScalabilityFigure {
    /// The figure of `fit`, from a sweep's levels or from a rate search's steps by Little's law.
    static func figure(_ fit: ScalabilityFit, isSweep: Bool, id: String) -> Figure {
        let measured = fit.curve.filter { !$0.isPrediction }
        // The predictions start where the measured part ends (and, below the lowest concurrency a
        // rate search measured, end where it starts), so the lines meet.
        let highestFitted = measured.last?.concurrency ?? 0
        let above = measured.suffix(1) + fit.curve.filter { $0.isPrediction && $0.concurrency > highestFitted }
        let below = fit.curve.filter { $0.isPrediction && $0.concurrency < highestFitted } + measured.prefix(1)
        let lower = fit.curve.map { (x: $0.concurrency, y: $0.bounds.lower) }
        let upper = fit.curve.compactMap { point in point.bounds.upper.map { (x: point.concurrency, y: $0) } }
        let values = fit.points.map(\.throughput) + fit.curve.map(\.throughput) + upper.map(\.y) + [0]
        let confidence = Formats.plain(fit.confidence * 100) + "%"
        var references: [ReferenceLine] = []
        // A peak far beyond the steps is in the table, not drawn past the end of the axis.
        let drawnPeak = fit.peakConcurrency.flatMap { $0 <= (fit.curve.last?.concurrency ?? 0) ? $0 : nil }
        if let peak = drawnPeak {
            references.append(
                ReferenceLine(
                    axis: .x, value: peak, label: "N* ≈ \(ValueFormat.significant(peak))", style: ChartStyle(colour: 3, dashed: true)))
        }
        let chart = Chart(
            captionID: id,
            x: ChartAxis(
                scale: LinearScale(covering: fit.curve.map(\.concurrency) + fit.points.map(\.concurrency), format: .count),
                label: isSweep ? "requests in flight (the sweep's workers)" : "requests in flight (Little's law)"),
            y: ChartAxis(scale: LinearScale(covering: values, format: .count), label: "throughput (requests per second)"),
            series: [
                ChartSeries(name: "fitted", style: ChartStyle(colour: 0), points: measured.map { ($0.concurrency, $0.throughput) }),
                ChartSeries(
                    name: "predicted, beyond the steps", style: ChartStyle(colour: 0, dashed: true),
                    points: above.map { ($0.concurrency, $0.throughput) }),
                ChartSeries(
                    name: "", style: ChartStyle(colour: 0, dashed: true),
                    points: below.count > 1 ? below.map { ($0.concurrency, $0.throughput) } : []),
                ChartSeries(name: "\(confidence) bounds", style: ChartStyle(colour: 5, dashed: true), points: lower),
                ChartSeries(name: "", style: ChartStyle(colour: 5, dashed: true), points: upper),
            ],
            references: references,
            markers: fit.points.map {
                ChartMarker(x: $0.concurrency, y: $0.throughput, shape: .circle, style: ChartStyle(colour: 2, shape: .circle))
            },
            extraLegend: [LegendEntry(name: "step measured", style: ChartStyle(colour: 2, shape: .circle))], height: 300
        )
        func bounds(_ bounds: ScalabilityFit.Bounds?, _ format: (Double) -> String = ValueFormat.significant) -> String {
            guard let bounds else { return "–" }
            return "\(format(bounds.lower)) – \(bounds.upper.map(format) ?? "unbounded")"
        }
        let rows: [[DataTable.Cell]] = [
            [
                .text("contention α"), .number(fit.law.contention, ValueFormat.coefficient(fit.law.contention)),
                .text(bounds(fit.contentionBounds, ValueFormat.coefficient)),
            ],
            [
                .text("coherency β"), .number(fit.law.coherency, ValueFormat.coefficient(fit.law.coherency)),
                .text(bounds(fit.coherencyBounds, ValueFormat.coefficient)),
            ],
            [
                .text("γ, requests/s at N = 1"), .number(fit.law.throughputAtOne, Formats.count(fit.law.throughputAtOne)),
                .text(bounds(fit.throughputAtOneBounds)),
            ],
            [
                .text("N*, where throughput peaks"), fit.peakConcurrency.map { .number($0, ValueFormat.significant($0)) } ?? .text("never"),
                .text(bounds(fit.peakConcurrencyBounds)),
            ],
            [
                .text("peak throughput, requests/s"), fit.peakThroughput.map { .number($0, Formats.count($0)) } ?? .text("unbounded"),
                .text(bounds(fit.peakThroughputBounds)),
            ],
            [.text("R²"), .number(fit.determination, String(format: "%.3f", fit.determination)), .text("–")],
        ]
        let highest = fit.measuredConcurrency.upperBound
        return Figure(
            id: id,
            title: "Throughput against requests in flight, and the Universal Scalability Law",
            caption: "Each circle is a step: its throughput against the requests it had in flight "
                + (isSweep ? "(the sweep's workers). " : "(by Little's law, its throughput × its mean latency). ")
                + "The solid line is the law X(N) = γN / (1 + α(N − 1) + βN(N − 1)) fitted to them"
                + (fit.saturation == nil ? "" : " (beyond the plateau, its level)")
                + ", up to the highest concurrency measured (\(ValueFormat.significant(highest))); the dashed line beyond it is "
                + "what the law predicts, not a measurement. The grey dashed lines are the \(confidence) bounds from \(fit.resamples) bootstrap "
                + "resamples of the steps' intervals\(drawnPeak == nil ? "" : ", and the vertical line the peak, N*").",
            charts: [chart.svg()],
            tables: [
                DataTable(
                    columns: ["coefficient", "fitted", "\(confidence) interval"], rows: rows,
                    caption: "The law's coefficients, fitted to \(fit.points.count) steps")
            ]
        )
    }
}
