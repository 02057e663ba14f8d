/// Load scenarios: a table of what each run sent and how it ended, then each scenario's latency
/// spectrum on the nines axis, corrected and uncorrected, and its course over time, every run's
/// overlaid.
enum LoadSection {
    /// The section's HTML, or `nil` when no run has a load scenario.
    static func html(_ runs: [ReportRun]) -> String? {
        let names = runs.scenarioNames(of: .load)
        guard !names.isEmpty else { return nil }
        var html = outcomes(names: names, runs: runs).html()
        html += requestsByName(names: names, runs: runs)?.html() ?? ""
        html += checks(names: names, runs: runs)?.html() ?? ""
        html += phases(names: names, runs: runs)?.html() ?? ""
        for (index, group) in spectrumGroups(names: names, runs: runs).enumerated() {
            html += spectrum(title: group.title, entries: group.entries, runs: runs, id: "spectrum-\(index)").html()
            html += OverTimeSection.figure(title: group.title, entries: group.entries, runs: runs, id: "over-time-\(index)")?.html() ?? ""
        }
        return html
    }

    /// The spectra to draw, each with the runs' results it overlays: one per scenario name; but when
    /// each of several runs is a single load run under its own name (`bench load` through two
    /// transports: `load/url/urlsession`, `load/url/curl`), all of them on one chart, since that
    /// A/B is what the page was asked for.
    private static func spectrumGroups(names: [String], runs: [ReportRun]) -> [(
        title: String, entries: [(run: ReportRun, result: ScenarioResult)]
    )] {
        let single = runs.compactMap { run -> (run: ReportRun, result: ScenarioResult)? in
            let loads = run.report.scenarios.filter { $0.kind == .load }
            return loads.count == 1 ? (run, loads[0]) : nil
        }
        if runs.areSeveral, single.count == runs.count, names.count > 1 {
            return [(names.joined(separator: " vs "), single)]
        }
        return names.map { name in
            (name, runs.compactMap { run in run.scenario(named: name).map { (run: run, result: $0) } })
        }
    }

    /// What each run sent, at what rate, and how every request ended.
    private static func outcomes(names: [String], runs: [ReportRun]) -> DataTable {
        var columns = ["scenario"]
        if runs.areSeveral { columns.append("run") }
        columns += [
            "workers", "rate/s", "target rate/s", "scheduled", "sent", "missed", "succeeded", "errors by class", "mallocs/request",
            "bytes/request", "connections opened", "TLS handshakes", "sessions resumed", "HTTP", "streams at once", "GOAWAYs",
            "streams reset",
        ]
        var rows: [[DataTable.Cell]] = []
        for name in names {
            for run in runs {
                guard let result = run.scenario(named: name) else { continue }
                // A journey's run counts sessions; its requests are its steps, in the table by name.
                var cells: [DataTable.Cell] = [.text(result.unit == .session ? "\(name) (sessions)" : name)]
                if runs.areSeveral { cells.append(.text(run.label)) }
                let outcomes = result.outcomes
                cells.append(.number(result.concurrency.map(Double.init), format: Formats.plain))
                cells.append(.number(result.operationsPerSecond, Formats.count(result.operationsPerSecond)))
                cells.append(.number(result.targetRate, format: Formats.count))
                for count in [outcomes?.scheduled, outcomes?.sent, outcomes?.missed, outcomes?.succeeded] {
                    cells.append(.number(count.map(Double.init), format: Formats.plain))
                }
                let errors = outcomes?.errors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                cells.append(
                    .text(errors.map { $0.isEmpty ? "none" : $0 } ?? "–", className: errors?.isEmpty == false ? "regression" : nil))
                cells.append(.number(result.mallocsPerOperation, format: Formats.allocation))
                cells.append(.number(result.bytesAllocatedPerOperation, format: Formats.allocation))
                cells.append(.number(result.connections.map { Double($0.opened) }, format: Formats.plain))
                cells.append(.number(result.connections.map { Double($0.tlsHandshakes) }, format: Formats.plain))
                cells.append(.number(result.connections?.tlsSessionsResumed.map(Double.init), format: Formats.plain))
                cells.append(.text(result.connections.map { $0.httpVersions.isEmpty ? "–" : $0.httpVersions } ?? "–"))
                cells.append(.number(result.connections?.mostStreamsPerConnection.map(Double.init), format: Formats.plain))
                for byCode in [result.connections?.goAwaysByCode, result.connections?.streamResetsByCode] {
                    cells.append(.text(byCode.map { $0.isEmpty ? "none" : ScenarioResult.Connections.codes($0) } ?? "–"))
                }
                rows.append(cells)
            }
        }
        let hasJourney = names.contains { name in runs.contains { $0.scenario(named: name)?.unit == .session } }
        let caption =
            "Requests of each load scenario and how they ended"
            + (hasJourney ? "; a journey's row counts its sessions, and its steps are in the table of requests by name" : "")
        return DataTable(columns: columns, rows: rows, caption: caption)
    }

    /// Each scenario's checks: how many answers passed and failed each, and why a run stopped early;
    /// `nil` when no run had checks or stopped.
    private static func checks(names: [String], runs: [ReportRun]) -> DataTable? {
        var columns = ["scenario"]
        if runs.areSeveral { columns.append("run") }
        columns += ["check", "passes", "failures", "pass rate"]
        var rows: [[DataTable.Cell]] = []
        for name in names {
            for run in runs {
                let scenario = run.scenario(named: name)
                var entries = (scenario?.checks ?? []).map { ($0.name, $0.passes, $0.failures, $0.passRate) }
                if let abort = scenario?.abort {
                    entries.append(("stopped at \(Formats.plain(abort.atSeconds)) s: \(abort.objective) held", 0, 0, nil))
                }
                for (check, passes, failures, rate) in entries {
                    var cells: [DataTable.Cell] = [.text(name)]
                    if runs.areSeveral { cells.append(.text(run.label)) }
                    rows.append(cells + checkCells(check, passes: passes, failures: failures, rate: rate))
                }
            }
        }
        return rows.isEmpty
            ? nil : DataTable(columns: columns, rows: rows, caption: "Each load scenario's checks, and why a run stopped early")
    }

    /// A check's cells: its name, passes, failures and pass rate (0–1, `nil` for none judged).
    static func checkCells(_ name: String, passes: Int, failures: Int, rate: Double?) -> [DataTable.Cell] {
        [
            .text(name), .number(Double(passes), format: Formats.plain), .number(Double(failures), format: Formats.plain),
            .number(rate.map { $0 * 100 }, format: { String(format: "%.2f%%", $0) }),
        ]
    }

    /// Each mix's requests by name: the share asked for and sent, how they ended and their latency;
    /// `nil` when no run sent a mix.
    private static func requestsByName(names: [String], runs: [ReportRun]) -> DataTable? {
        var columns = ["scenario"]
        if runs.areSeveral { columns.append("run") }
        columns += ["request", "weight", "sent share", "rate/s", "sent", "errors by class", "p50", "p90", "p99", "p99.9", "max"]
        var rows: [[DataTable.Cell]] = []
        for name in names {
            for run in runs {
                for request in run.scenario(named: name)?.requests ?? [] {
                    var cells: [DataTable.Cell] = [.text(name)]
                    if runs.areSeveral { cells.append(.text(run.label)) }
                    let errors = request.outcomes.errors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                    cells += [
                        .text(request.name),
                        .number(request.weight.map { $0 * 100 }, format: { String(format: "%.1f%%", $0) }),
                        .number(request.share * 100, String(format: "%.1f%%", request.share * 100)),
                        .number(request.operationsPerSecond, Formats.count(request.operationsPerSecond)),
                        .number(Double(request.outcomes.sent), format: Formats.plain),
                        .text(errors.isEmpty ? "none" : errors, className: errors.isEmpty ? nil : "regression"),
                    ]
                    let summary = request.latency?.summary
                    cells += [summary?.p50, summary?.p90, summary?.p99, summary?.p999, summary?.max].map {
                        .number($0.map(Double.init), format: Formats.duration)
                    }
                    rows.append(cells)
                }
            }
        }
        return rows.isEmpty ? nil : DataTable(columns: columns, rows: rows, caption: "Each load scenario's requests by name")
    }

    /// How long each scenario's requests spent in each phase of a connection, from its transport's
    /// histograms; `nil` when no run timed them.
    private static func phases(names: [String], runs: [ReportRun]) -> DataTable? {
        var columns = ["scenario"]
        if runs.areSeveral { columns.append("run") }
        columns += ["phase", "requests", "p50", "p90", "p99", "p99.9", "max"]
        var rows: [[DataTable.Cell]] = []
        for name in names {
            for run in runs {
                guard let phases = run.scenario(named: name)?.connections?.phases else { continue }
                for phase in ScenarioResult.ConnectionPhase.allCases {
                    guard let summary = phases[phase]?.summary else { continue }
                    var cells: [DataTable.Cell] = [.text(name)]
                    if runs.areSeveral { cells.append(.text(run.label)) }
                    cells += [.text(phase.label), .number(Double(summary.count), format: Formats.plain)]
                    cells += [summary.p50, summary.p90, summary.p99, summary.p999, summary.max].map {
                        .number(Double($0), format: Formats.duration)
                    }
                    rows.append(cells)
                }
            }
        }
        return rows.isEmpty
            ? nil : DataTable(columns: columns, rows: rows, caption: "Time each load scenario's requests spent in each phase")
    }

    /// One chart of latency spectra: every entry's corrected latency solid, uncorrected dashed.
    static func spectrum(title name: String, entries: [(run: ReportRun, result: ScenarioResult)], runs: [ReportRun], id: String) -> Figure {
        var series: [ChartSeries] = []
        var rows: [[DataTable.Cell]] = []
        for (run, result) in entries {
            let prefix = runs.areSeveral ? "\(run.label) · " : ""
            let kinds: [(String, ScenarioResult.Latency?, Bool)] = [
                (result.uncorrectedLatency == nil ? "latency" : "corrected", result.latency, false),
                ("uncorrected", result.uncorrectedLatency, true),
            ]
            for (kind, latency, dashed) in kinds {
                guard let latency else { continue }
                let spectrum = LatencySpectrum(latency)
                let style =
                    runs.areSeveral
                    ? ChartStyle(colour: run.style.colour, dashed: dashed, shape: nil)
                    : ChartStyle(colour: dashed ? 1 : 0, dashed: dashed, shape: nil)
                series.append(
                    ChartSeries(name: prefix + kind, style: style, points: spectrum.points.map { ($0.percentile, $0.nanoseconds) }))
                var cells: [DataTable.Cell] = [
                    .text(prefix + kind), .number(Double(latency.summary.count), Formats.plain(Double(latency.summary.count))),
                ]
                for point in LatencySpectrum.summaryPoints(latency.summary) {
                    cells.append(
                        latency.summary.count > 0 ? .number(Double(point.value), Formats.duration(Double(point.value))) : .text("–"))
                }
                rows.append(cells)
            }
        }
        let values = series.flatMap { $0.points.map(\.y) }
        let chart = Chart(
            captionID: id,
            x: ChartAxis(scale: NinesScale(), label: "percentile of requests (nines)"),
            y: ChartAxis(scale: LogScale(covering: values, format: .duration), label: "latency (log scale)"),
            series: series,
            emptyNote: "no request completed"
        )
        let hasUncorrected = series.contains { $0.style.dashed }
        let correction =
            hasUncorrected
            ? " Solid lines count each request from its intended start (the open loop's schedule), so time spent queued behind a slow request counts (coordinated omission corrected); dashed lines count from when it was actually sent."
            : ""
        return Figure(
            id: id,
            title: name,
            caption: "Latency of \(name) by percentile: at 99% on the horizontal axis, the time within which 99% of requests "
                + "completed. Each step right adds a nine (90%, 99%, 99.9%, 99.99%); the last stretch holds the slowest "
                + "0.01% of requests by rank, up to the slowest of all (max). Both axes are logarithmic.\(correction)",
            charts: [chart.svg()],
            tables: [
                DataTable(
                    columns: ["series", "requests", "p50", "p90", "p99", "p99.9", "p99.99", "max"],
                    rows: rows,
                    caption: "Latency percentiles of \(name), from the report's summary"
                )
            ]
        )
    }
}

/// The latency of one load scenario by percentile, read off its HDR histogram at enough points to
/// draw it on the nines axis, with the summary figures the report holds for its table.
struct LatencySpectrum: Sendable {
    /// Latency (nanoseconds) at each percentile, in increasing order of percentile.
    let points: [(percentile: Double, nanoseconds: Double)]

    /// The spectrum of `latency`: read from its histogram at ``NinesScale/samplingPercentiles``; from
    /// the summary's six figures when the histogram does not decode; empty when nothing was recorded.
    init(_ latency: ScenarioResult.Latency) {
        guard latency.summary.count > 0 else {
            points = []
            return
        }
        if let histogram = try? Histogram(encoded: latency.histogram), histogram.totalCount > 0 {
            let percentiles = NinesScale.samplingPercentiles()
            points = zip(percentiles, histogram.values(atPercentiles: percentiles)).map { ($0, Double($1)) }
        } else {
            points = Self.summaryPoints(latency.summary).map { ($0.percentile, Double($0.value)) }
        }
    }

    /// The figures of a summary at the nines axis's ticks, `max` at 100.
    static func summaryPoints(_ summary: LatencySummary) -> [(percentile: Double, value: UInt64)] {
        [(50, summary.p50), (90, summary.p90), (99, summary.p99), (99.9, summary.p999), (99.99, summary.p9999), (100, summary.max)]
    }
}
