import Foundation

/// A capacity search for people: its steps as a table — on the terminal one line at a time as they
/// complete, in `summary.md` whole — and what it found, in a few lines.
public enum CapacitySummary {
    private static let header = ["step", "phase", "target/s", "achieved/s", "p50", "p99", "p99.9", "errors", "in flight", "verdict"]
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
            String(step.number), step.phase.rawValue, rate(step.targetRate), rate(step.achievedRate),
            SummaryTable.duration(Double(latency.p50)), SummaryTable.duration(Double(latency.p99)),
            SummaryTable.duration(Double(latency.p999)),
            errors, step.meanInFlight.map { String(format: "%.1f", $0) } ?? "–",
            verdict + (step.reasons.first.map { ": \($0)" } ?? ""),
        ]
    }

    private static func rate(_ value: Double) -> String {
        value < 100 ? String(format: "%.1f", value) : SummaryTable.count(value)
    }

    /// The headline: the maximum sustainable rate, or why there is none.
    public static func headline(_ report: CapacityReport) -> String {
        let objectives = report.settings.objectives.joined(separator: ", ")
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
        }
    }

    /// The findings under the headline: knee, concurrency, whose limit, how long.
    public static func findings(_ report: CapacityReport) -> [String] {
        let result = report.result
        var lines = [result.explanation]
        if let knee = result.knee {
            lines.append(
                "Knee: \(rate(knee.rate))/s, where p99 (\(SummaryTable.duration(Double(knee.p99Nanoseconds)))) starts to climb: the slope of log p99 over log rate grows most there."
            )
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
        if let connections = report.connections {
            lines.append("Connections over the search: \(connections.sentence)")
            if let phases = connections.phases {
                lines.append("Phases (p50, p99, requests): \(phases.sentence(formatting: { SummaryTable.duration(Double($0)) })).")
            }
        }
        if report.insecure == true { lines.append(SummaryTable.insecureNotice) }
        return lines
    }

    /// For a search over a mix: how the mix went out at the highest rate that passed, each name with
    /// its p99, and which objectives broke first, at the lowest rate that failed — the requests named
    /// in them are the service's first bottleneck.
    private static func mixFindings(_ report: CapacityReport) -> [String] {
        var lines: [String] = []
        let passed = report.steps.filter { $0.status == .passed && $0.requests != nil }.max { $0.targetRate < $1.targetRate }
        if let step = passed, let requests = step.requests {
            let mix = requests.map {
                "\($0.name) " + String(format: "%.1f%%", $0.share * 100)
                    + ($0.latency.map { " (p99 \(SummaryTable.duration(Double($0.summary.p99))))" } ?? "")
            }
            lines.append("The mix at \(rate(step.targetRate))/s: \(mix.joined(separator: ", ")).")
        }
        let failed = report.steps.filter { $0.status == .failed && $0.requests != nil }.min { $0.targetRate < $1.targetRate }
        if let step = failed, !step.verdict.breaches.isEmpty {
            let broken = step.verdict.breaches.map(\.objective).joined(separator: ", ")
            lines.append("First broken, at \(rate(step.targetRate))/s: \(broken).")
        }
        return lines
    }

    /// `summary.md`: headline, findings and every step.
    public static func markdown(_ report: CapacityReport) -> String {
        var sections = ["# Capacity of \(report.target)", headline(report), findings(report).map { "- \($0)" }.joined(separator: "\n")]
        if !report.steps.isEmpty {
            sections.append(SummaryTable.table(header: header, rows: report.steps.map(cells), leftAligned: [1, header.count - 1]))
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
