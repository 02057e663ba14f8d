/// Micro-benchmarks, one figure per group (`build/`, `decode/`, …): time per operation with its
/// spread, and allocations per operation, each scenario beside the baseline measured with it.
enum MicroSection {
    /// The section's HTML, or `nil` when no run has a micro-benchmark.
    static func html(_ runs: [ReportRun]) -> String? {
        let names = runs.scenarioNames(of: .micro)
        guard !names.isEmpty else { return nil }
        var groups: [(name: String, scenarios: [String])] = []
        for name in names {
            let group = String(name.prefix { $0 != "/" })
            if let index = groups.firstIndex(where: { $0.name == group }) {
                groups[index].scenarios.append(name)
            } else {
                groups.append((group, [name]))
            }
        }
        let partners = Set(runs.flatMap(\.report.scenarios).flatMap { [$0.comparison?.baseline, $0.counts?.baseline].compactMap { $0 } })
        var html =
            "<p>Each row is one scenario: the box spans the middle half of its samples (p25–p75), the "
            + "whisker the fastest to the slowest, the stroke the median. Rows in grey are the baselines "
            + "measured beside a scenario, batch for batch; the figure at the right is how many times faster "
            + "the scenario ran than its baseline (the median of the per-batch ratios).</p>\n"
        for (index, group) in groups.enumerated() {
            html += figure(group: group.name, scenarios: group.scenarios, runs: runs, partners: partners, id: "micro-\(index)").html()
        }
        return html
    }

    private struct Entry {
        let name: String
        let run: ReportRun
        let result: ScenarioResult
        let style: ChartStyle
        let label: String
    }

    private static func figure(group: String, scenarios: [String], runs: [ReportRun], partners: Set<String>, id: String) -> Figure {
        let entries = scenarios.flatMap { name in
            runs.compactMap { run -> Entry? in
                guard let result = run.scenario(named: name) else { return nil }
                let isPartner = partners.contains(name)
                let style =
                    runs.areSeveral
                    ? run.style
                    : isPartner ? ChartStyle(colour: 5, shape: .square) : ChartStyle(colour: 0, shape: .circle)
                let label = runs.areSeveral ? "\(name) · \(run.label)" : name
                return Entry(name: name, run: run, result: result, style: style, label: label)
            }
        }
        let legend =
            runs.areSeveral
            ? runs.map { LegendEntry(name: $0.label, style: $0.style) }
            : [
                LegendEntry(name: "scenario", style: ChartStyle(colour: 0)),
                LegendEntry(name: "baseline beside it", style: ChartStyle(colour: 5)),
            ]

        let times = entries.compactMap { entry in entry.result.nanosecondsPerOperation.map { (entry, $0) } }
        var charts: [String] = []
        if !times.isEmpty {
            let scale = LogScale(covering: times.flatMap { [$0.1.min, $0.1.max] }, format: .duration)
            let rows = times.map { entry, time in
                ChartRow(
                    label: entry.label,
                    marks: [
                        .whisker(time.min...time.max, entry.style), .box(time.p25...time.p75, entry.style), .tick(time.median, entry.style),
                    ],
                    note: entry.result.comparison.map { ValueFormat.significant($0.speedup) + "×" } ?? ""
                )
            }
            charts.append(
                RowChart(captionID: id, axis: ChartAxis(scale: scale, label: "time per operation (log scale)"), rows: rows, legend: legend)
                    .svg())
        }
        let counts = entries.compactMap { entry in entry.result.counts.map { (entry, $0) } }
        if !counts.isEmpty {
            let scale = LogScale(covering: counts.map { max(1, $0.1.instructionsPerOperation) }, format: .count)
            let rows = counts.map { entry, counted in
                ChartRow(
                    label: entry.label, marks: [.bar(max(1, counted.instructionsPerOperation), entry.style)],
                    note: counted.instructionRatio.map { ValueFormat.significant($0) + "× baseline's" } ?? ""
                )
            }
            charts.append(
                RowChart(
                    captionID: id, axis: ChartAxis(scale: scale, label: "instructions per operation, counted by Callgrind (log scale)"),
                    rows: rows, legend: legend
                ).svg())
        }
        let allocations = entries.compactMap { entry in entry.result.mallocsPerOperation.map { (entry, $0) } }
        if !allocations.isEmpty {
            let scale = LogScale(covering: allocations.map(\.1), format: .count)
            let rows = allocations.map { entry, mallocs in
                // Zero has no place on a log axis: a stroke at its start says "none" rather than nothing.
                ChartRow(
                    label: entry.label, marks: [mallocs > 0 ? .bar(mallocs, entry.style) : .tick(scale.lower, entry.style)],
                    note: Formats.allocation(mallocs))
            }
            charts.append(
                RowChart(
                    captionID: id, axis: ChartAxis(scale: scale, label: "mallocs per operation (log scale)"), rows: rows, legend: legend
                ).svg())
        }

        var columns = ["scenario"]
        if runs.areSeveral { columns.append("run") }
        columns += ["samples", "median/op", "p25", "p75", "min", "max", "mallocs/op", "bytes/op", "× baseline's speed"]
        if !counts.isEmpty { columns += ["instructions/op", "est. cycles/op", "× baseline's instructions"] }
        let rows = entries.map { entry -> [DataTable.Cell] in
            let time = entry.result.nanosecondsPerOperation
            var cells: [DataTable.Cell] = [.text(entry.name)]
            if runs.areSeveral { cells.append(.text(entry.run.label)) }
            cells.append(.number(time.map { Double($0.count) }, format: Formats.plain))
            for figure in [time?.median, time?.p25, time?.p75, time?.min, time?.max] {
                cells.append(.number(figure, format: Formats.duration))
            }
            cells.append(.number(entry.result.mallocsPerOperation, format: Formats.allocation))
            cells.append(.number(entry.result.bytesAllocatedPerOperation, format: Formats.allocation))
            cells.append(.number(entry.result.comparison?.speedup) { ValueFormat.significant($0) + "×" })
            if !counts.isEmpty {
                cells.append(.number(entry.result.counts?.instructionsPerOperation, format: Formats.count))
                cells.append(.number(entry.result.counts?.estimatedCyclesPerOperation, format: Formats.count))
                cells.append(.number(entry.result.counts?.instructionRatio) { ValueFormat.significant($0) + "×" })
            }
            return cells
        }
        let noAllocations = allocations.isEmpty ? " Allocation figures are unavailable: the bench was built without jemalloc." : ""
        let counted =
            counts.isEmpty
            ? ""
            : " Instructions per operation were counted under Callgrind (run --instructions); estimated cycles are L1 hits + 5·LL hits + 35·RAM hits."
        return Figure(
            id: id,
            title: "\(group)/ — time and allocations per operation",
            caption: "Time per operation of each \(group)/ scenario (above, logarithmic) and malloc calls per operation "
                + "from jemalloc (below, logarithmic; none is a stroke at the start of the axis).\(noAllocations)\(counted) The table holds the same figures.",
            charts: charts,
            tables: [DataTable(columns: columns, rows: rows, caption: "\(group)/ scenarios, per operation")]
        )
    }
}
