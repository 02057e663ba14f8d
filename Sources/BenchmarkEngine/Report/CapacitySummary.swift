import Foundation

/// A capacity search for people: its steps as a table — on the terminal one line at a time as they
/// complete, in `summary.md` whole — and what it found, in a few lines.
public enum CapacitySummary {
    private static let header = ["step", "phase", "offered", "achieved/s", "p50", "p99", "p99.9", "errors", "in flight", "verdict"]
    private static let widths = [4, 6, 9, 10, 10, 10, 10, 7, 9]

    /// The terminal table's header and rule.
    public static var terminalHeader: String {
        line(header) + "\n" + String(repeating: "-", count: widths.reduce(0) { $0 + $1 + 2 } + 20)
    }

    /// One step as a line of the terminal table, aligned with ``terminalHeader``.
    public static func terminalLine(_ step: CapacityStep) -> String {
        line(cells(step))
    }

    private static func line(_ cells: [String]) -> String {
        zip(cells, widths).enumerated().map { index, pair in
            let padding = String(repeating: " ", count: max(0, pair.1 - pair.0.count))
            return index == 1 ? pair.0 + padding : padding + pair.0
        }.joined(separator: "  ") + "  " + (cells.last ?? "")
    }

    private static func cells(_ step: CapacityStep) -> [String] {
        let latency = step.latency.summary
        let errors =
            step.outcomes.sent > 0 ? String(format: "%.2f%%", Double(step.outcomes.failed) / Double(step.outcomes.sent) * 100) : "–"
        let verdict =
            switch step.status {
            case .passed: "pass"
            case .failed: "FAIL"
            case .errorStorm: "FAIL (error storm)"
            case .generatorLimited: "FAIL (generator limit)"
            }
        return [
            String(step.number), step.phase.rawValue, offered(step), rate(step.achievedRate),
            SummaryTable.duration(Double(latency.p50)), SummaryTable.duration(Double(latency.p99)),
            SummaryTable.duration(Double(latency.p999)),
            errors, step.meanInFlight.map { String(format: "%.1f", $0) } ?? "–",
            verdict + (step.reasons.first.map { ": \($0)" } ?? ""),
        ]
    }

    /// The server's figures over a step's measured part, for under its terminal line:
    /// `server: cpu 0.412, queue unavailable (HTTP 503)`; `nil` when none were read.
    public static func serverLine(_ step: CapacityStep) -> String? {
        guard let figures = step.server, !figures.isEmpty else { return nil }
        return "server: " + figures.map { "\($0.name) \(serverValue($0))" }.joined(separator: ", ")
    }

    /// A figure as the summaries show it: four significant figures, or why there is none.
    static func serverValue(_ figure: ServerFigure) -> String {
        figure.value.map(Formats.plain) ?? "unavailable (\(figure.unavailable ?? "no answer"))"
    }

    /// The findings on the server's figures: those at the highest load that passed (or at the
    /// first step), and how many steps' figures could not be read.
    private static func serverFindings(_ report: CapacityReport) -> [String] {
        let watched = report.steps.filter { $0.server != nil }
        guard !watched.isEmpty else { return [] }
        var lines: [String] = []
        let passed = watched.filter { $0.status == .passed }.max { $0.offeredLoad < $1.offeredLoad }
        if let step = passed, let figures = serverLine(step) {
            let load = step.concurrency.map { "N = \($0)" } ?? "\(rate(step.targetRate))/s"
            lines.append("The server at the highest load that passed (\(load)): \(figures.dropFirst("server: ".count)).")
        }
        let unread = watched.filter { $0.server?.contains { $0.value == nil } ?? false }
        if let first = unread.first?.server?.first(where: { $0.value == nil }) {
            lines.append(
                "The server's figures could not be read in \(unread.count) of \(watched.count) steps (\(first.name): "
                    + "\(first.unavailable ?? "no answer")); those steps were judged on the client's figures alone.")
        }
        return lines
    }

    /// `summary.md`'s table of every step's server figures; `nil` without any.
    private static func serverTable(_ report: CapacityReport) -> String? {
        guard let queries = report.serverMetrics?.queries, !queries.isEmpty else { return nil }
        let rows = report.steps.map { step in
            [String(step.number), offered(step)]
                + queries.map { query in step.server?.first { $0.name == query.name }.map(serverValue) ?? "–" }
        }
        let source = queries.map { "\($0.name) = `\($0.promql)`" }.joined(separator: "; ")
        return "The server's figures over each step's measured part, from \(report.serverMetrics?.url ?? "its monitoring") (\(source)):\n\n"
            + SummaryTable.table(header: ["step", "offered"] + queries.map(\.name), rows: rows, leftAligned: [])
    }

    /// The load a step offered: `N=8` workers in a sweep, its rate otherwise.
    private static func offered(_ step: CapacityStep) -> String {
        step.concurrency.map { "N=\($0)" } ?? rate(step.targetRate)
    }

    private static func rate(_ value: Double) -> String {
        value < 100 ? String(format: "%.1f", value) : SummaryTable.count(value)
    }

    /// The headline: the maximum sustainable rate, or why there is none; for a concurrency sweep,
    /// where the fitted law says throughput peaks.
    public static func headline(_ report: CapacityReport) -> String {
        let objectives = report.settings.objectives.joined(separator: ", ")
        if report.settings.levels != nil {
            guard let fit = report.result.scalability else {
                return "**No scalability law fitted**: fewer than three levels could be fitted; the sweep stopped: "
                    + "\(stopReason(report.result.stopReason))."
            }
            return "**\(peak(fit))**, measured up to N = \(number(fit.measuredConcurrency.upperBound)); "
                + "contention α = \(ValueFormat.coefficient(fit.law.contention)), coherency β = \(ValueFormat.coefficient(fit.law.coherency))."
        }
        guard let maximum = report.result.maximumSustainableRate else {
            return "**No sustainable rate found** within \(objectives); the search stopped: \(stopReason(report.result.stopReason))."
        }
        let bound = report.result.limitedBy == .generator || report.result.stopReason == .maximumRateSustained ? "at least " : ""
        return "**Maximum sustainable rate: \(bound)\(rate(maximum))/s** within \(objectives) (window: \(report.settings.window)); "
            + "the search stopped: \(stopReason(report.result.stopReason))."
    }

    private static func stopReason(_ reason: CapacityResult.StopReason) -> String {
        switch reason {
        case .converged: "converged to the precision asked"
        case .maximumRateSustained: "the maximum rate passed"
        case .failedAtMinimumRate: "the minimum rate failed"
        case .timeLimit: "the time limit"
        case .interrupted: "interrupted"
        case .stepFailed: "a step could not run"
        case .swept: "every level ran"
        case .aborted: "an abort condition held"
        }
    }

    /// `Peak ≈ 740/s at N ≈ 22 (95% CI 700–790/s)`, or the level throughput approaches.
    private static func peak(_ fit: ScalabilityFit) -> String {
        let confidence = String(format: "%.0f%%", fit.confidence * 100)
        let bounds = { (bounds: ScalabilityFit.Bounds?) in
            bounds.map { " (\(confidence) CI \(rate($0.lower))–\($0.upper.map(rate) ?? "unbounded")/s)" } ?? ""
        }
        if let saturation = fit.saturation {
            return "Flat at ≈ \(rate(saturation.throughput))/s from N = \(number(saturation.concurrency))\(bounds(saturation.bounds)): "
                + "a fixed capacity (a pool of workers, a rate limit), not contention or coherency"
        }
        if let concurrency = fit.peakConcurrency, let throughput = fit.peakThroughput {
            return "Peak ≈ \(rate(throughput))/s at N ≈ \(number(concurrency))\(bounds(fit.peakThroughputBounds))"
        }
        if let throughput = fit.peakThroughput {
            return "No peak: throughput levels off towards ≈ \(rate(throughput))/s\(bounds(fit.peakThroughputBounds))"
        }
        return "No peak: throughput grows in a straight line, ≈ \(rate(fit.law.throughputAtOne))/s per request in flight"
    }

    /// The fit in words: what it predicts, from what, how well, and what the objectives allow.
    private static func scalabilityFindings(_ report: CapacityReport) -> [String] {
        var lines = report.result.scalability.map { lawFindings($0, isSweep: report.settings.levels != nil) } ?? []
        if report.settings.levels != nil, !report.settings.objectives.isEmpty {
            let objectives = report.settings.objectives.joined(separator: ", ")
            if let workers = report.result.largestPassingConcurrency, let throughput = report.result.maximumSustainableRate {
                lines.append("Within \(objectives): up to N = \(workers), \(rate(throughput))/s measured.")
            } else {
                lines.append("No level met \(objectives).")
            }
        }
        return lines
    }

    /// The law's coefficients, its peak and the steps it left out.
    private static func lawFindings(_ fit: ScalabilityFit, isSweep: Bool) -> [String] {
        let confidence = String(format: "%.0f%%", fit.confidence * 100)
        let range = { (bounds: ScalabilityFit.Bounds) in
            "\(ValueFormat.coefficient(bounds.lower))–\(bounds.upper.map(ValueFormat.coefficient) ?? "unbounded")"
        }
        var lines: [String] = []
        let source = isSweep ? "the sweep's levels" : "each step's concurrency by Little's law"
        var law =
            "Universal Scalability Law fitted to \(fit.points.count) steps (\(source)), "
            + "N = \(number(fit.measuredConcurrency.lowerBound)) to \(number(fit.measuredConcurrency.upperBound)): "
            + "α = \(ValueFormat.coefficient(fit.law.contention)) (\(confidence) CI \(range(fit.contentionBounds))), "
            + "β = \(ValueFormat.coefficient(fit.law.coherency)) (\(range(fit.coherencyBounds))), "
            + "γ = \(rate(fit.law.throughputAtOne))/s at N = 1, R² = \(String(format: "%.3f", fit.determination))"
            + (fit.saturation.map { " (the law up to N = \(number($0.concurrency)), flat beyond)" } ?? "")
        if let concurrency = fit.peakConcurrency {
            let bounds = fit.peakConcurrencyBounds.map { " (\(range($0)))" } ?? ""
            law += "; N* = \(number(concurrency))\(bounds)"
            if concurrency > fit.measuredConcurrency.upperBound { law += ", beyond the levels measured: a prediction" }
        }
        lines.append(law + ".")
        if !fit.excludedSteps.isEmpty {
            lines.append(
                "Left out of the fit: step\(fit.excludedSteps.count == 1 ? "" : "s") "
                    + "\(fit.excludedSteps.map(String.init).joined(separator: ", ")) (the generator did not keep up, or nothing succeeded)."
            )
        }
        return lines
    }

    /// `22`, `7.5`.
    private static func number(_ value: Double) -> String {
        value >= 10 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    /// The findings under the headline: knee, concurrency, whose limit, how long.
    public static func findings(_ report: CapacityReport) -> [String] {
        let result = report.result
        var lines = [result.explanation]
        lines += scalabilityFindings(report)
        if let knee = result.knee {
            let load = knee.concurrency.map { "N = \($0) (\(rate(knee.rate))/s)" } ?? "\(rate(knee.rate))/s"
            lines.append("Knee: \(load), where p99 (\(SummaryTable.duration(Double(knee.p99Nanoseconds)))) starts to climb (Kneedle).")
        }
        let behind = report.steps.filter { $0.generatorCheck?.keptUp == false || $0.status == .generatorLimited }
        if !behind.isEmpty {
            let whose = result.limitedBy == .generator ? "Bounded by the generator, not the server" : "The generator fell short in places"
            lines.append(
                "\(whose): it did not keep up in \(behind.count) of \(report.steps.count) steps; "
                    + "run the generator on another machine, or with more CPUs, to see the server's limit.")
        }
        if let concurrency = result.concurrencyAtMaximum {
            let measured = concurrency.measured.map { String(format: "%.2f measured", $0) } ?? "not measured"
            let computed = String(format: "%.2f", concurrency.littlesLaw)
            lines.append(
                "In flight at the maximum: \(measured), \(computed) by Little's law "
                    + "(\(rate(concurrency.rate))/s × \(SummaryTable.duration(concurrency.meanLatencySeconds * 1e9)) mean latency).")
        }
        let settings = report.settings
        lines.append(
            "\(report.steps.count) steps of \(seconds(settings.warmupSeconds)) warm-up + \(seconds(settings.stepSeconds)) measured, "
                + "in \(seconds(result.searchSeconds)).")
        lines += mixFindings(report)
        lines += serverFindings(report)
        if let connections = report.connections {
            lines.append("Connections over the search: \(connections.sentence)")
            if let phases = connections.phases {
                lines.append("Phases (p50, p99, requests): \(phases.sentence(formatting: { SummaryTable.duration(Double($0)) })).")
            }
        }
        if report.insecure == true { lines.append(SummaryTable.insecureNotice) }
        if let versions = report.tlsVersions { lines.append(SummaryTable.tlsVersionsNotice(versions)) }
        return lines
    }

    /// For a search over a mix: how the mix went out at the highest rate that passed, each name with
    /// its p99, and which objectives broke first, at the lowest rate that failed — the requests named
    /// in them are the service's first bottleneck.
    private static func mixFindings(_ report: CapacityReport) -> [String] {
        var lines: [String] = []
        // A rate search's steps by their rate, a sweep's by their workers.
        let load = { (step: CapacityStep) in step.concurrency.map { "N = \($0)" } ?? "\(rate(step.targetRate))/s" }
        let passed = report.steps.filter { $0.status == .passed && $0.requests != nil }.max { $0.offeredLoad < $1.offeredLoad }
        if let step = passed, let requests = step.requests {
            let mix = requests.map {
                "\($0.name) " + String(format: "%.1f%%", $0.share * 100)
                    + ($0.latency.map { " (p99 \(SummaryTable.duration(Double($0.summary.p99))))" } ?? "")
            }
            lines.append("The mix at \(load(step)): \(mix.joined(separator: ", ")).")
        }
        let failed = report.steps.filter { $0.status == .failed && $0.requests != nil }.min { $0.offeredLoad < $1.offeredLoad }
        if let step = failed, !step.verdict.breaches.isEmpty {
            let broken = step.verdict.breaches.map(\.objective).joined(separator: ", ")
            lines.append("First broken, at \(load(step)): \(broken).")
        }
        return lines
    }

    /// `summary.md`: headline, findings and every step.
    public static func markdown(_ report: CapacityReport) -> String {
        var sections = ["# Capacity of \(report.target)", headline(report), findings(report).map { "- \($0)" }.joined(separator: "\n")]
        if let warning = report.environment.debugBuildWarning { sections.insert("> \(warning)", at: 1) }
        if !report.steps.isEmpty {
            sections.append(SummaryTable.table(header: header, rows: report.steps.map(cells), leftAligned: [1, header.count - 1]))
        }
        if let server = serverTable(report) { sections.append(server) }
        let checks = report.steps.flatMap { step in (step.checks ?? []).map { (lead: [String(step.number), offered(step)], check: $0) } }
        if !checks.isEmpty {
            sections.append(
                "Checks of each step's answers, warm-up included (a failure counts in the class check(<name>)):\n\n"
                    + SummaryTable.checksTable(leading: ["step", "offered"], rows: checks))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `2 min 13 s`, `12 s`.
    private static func seconds(_ value: Double) -> String {
        value >= 60
            ? String(format: "%d min %d s", Int(value) / 60, Int(value) % 60)
            : String(format: value == value.rounded() ? "%.0f s" : "%.1f s", value)
    }
}
