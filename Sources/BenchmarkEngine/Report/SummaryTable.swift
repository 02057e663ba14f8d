import Foundation

/// The human-readable summary: one table for micro-benchmarks, one for load runs and one for the
/// scenarios that failed, as Markdown, which reads as well in a terminal as in a pull-request comment.
public struct SummaryTable: Sendable {
    private let report: Report

    /// The summary of `report`.
    public init(_ report: Report) {
        self.report = report
    }

    /// The tables, with a line saying why allocation figures are missing when they are.
    public func markdown() -> String {
        var sections: [String] = []
        if let warning = report.environment.debugBuildWarning { sections.append("> \(warning)") }
        let counted = report.scenarios.filter { $0.counts != nil }
        if !counted.isEmpty {
            sections.append(
                Self.table(
                    header: ["scenario", "instructions/op", "est. cycles/op", "instr. × baseline", "mallocs/op", "bytes/op"],
                    rows: counted.map { result in
                        [
                            result.name,
                            // In full: a 1% gate needs every digit.
                            result.counts.map { String(format: "%.1f", $0.instructionsPerOperation) } ?? "–",
                            result.counts?.estimatedCyclesPerOperation.map { String(format: "%.1f", $0) } ?? "–",
                            result.counts?.instructionRatio.map { String(format: "%.3fx", $0) } ?? "",
                            Self.allocation(result.mallocsPerOperation),
                            Self.allocation(result.bytesAllocatedPerOperation),
                        ]
                    }
                )
                    + "\nCounted under Callgrind (--instructions); estimated cycles = L1 hits + 5·LL hits + 35·RAM hits. Load scenarios are not counted."
            )
        }
        let micro = report.scenarios.filter { $0.kind == .micro && $0.counts == nil }
        if !micro.isEmpty {
            sections.append(
                Self.table(
                    header: ["scenario", "samples", "median/op", "p25–p75", "ops/s", "mallocs/op", "bytes/op", "MB/s", "vs baseline"],
                    rows: micro.map { result in
                        let time = result.nanosecondsPerOperation
                        return [
                            result.name,
                            time.map { String($0.count) } ?? "–",
                            time.map { Self.duration($0.median) } ?? "–",
                            time.map { "\(Self.duration($0.p25))–\(Self.duration($0.p75))" } ?? "–",
                            Self.count(result.operationsPerSecond),
                            Self.allocation(result.mallocsPerOperation),
                            Self.allocation(result.bytesAllocatedPerOperation),
                            result.megabytesPerSecond.map { String(format: "%.1f", $0) } ?? "",
                            result.comparison.map { String(format: "%.2fx", $0.speedup) } ?? "",
                        ]
                    }
                ))
        }
        let load = report.scenarios.filter { $0.kind == .load }
        if !load.isEmpty {
            sections.append(
                Self.table(
                    header: [
                        "scenario", "workers", "rate/s", "requests", "errors", "p50", "p90", "p99", "p99.9", "max", "mallocs/req",
                        "bytes/req",
                    ],
                    rows: load.map { result in
                        let latency = result.latency?.summary
                        let errors = result.outcomes?.failed ?? 0
                        // A ramp's target changes; what was due is the schedule, so it stands as the target.
                        let target =
                            result.stages == nil
                            ? result.targetRate : result.outcomes.map { Double($0.scheduled) / max(result.durationSeconds, 1e-9) }
                        let rate = target.map { "\(Self.count(result.operationsPerSecond)) of \(Self.count($0))" }
                        return [
                            result.name,
                            result.concurrency.map(String.init) ?? "–",
                            rate ?? Self.count(result.operationsPerSecond),
                            String(result.operations),
                            String(errors),
                            latency.map { Self.duration(Double($0.p50)) } ?? "–",
                            latency.map { Self.duration(Double($0.p90)) } ?? "–",
                            latency.map { Self.duration(Double($0.p99)) } ?? "–",
                            latency.map { Self.duration(Double($0.p999)) } ?? "–",
                            latency.map { Self.duration(Double($0.max)) } ?? "–",
                            Self.allocation(result.mallocsPerOperation),
                            Self.allocation(result.bytesAllocatedPerOperation),
                        ]
                    }
                ))
            sections += load.compactMap(Self.requestsByName)
            sections += load.compactMap(Self.checks)
            sections += load.compactMap(Self.aborted)
            sections += load.compactMap { result in result.connections.map { "Connections of \(result.name): \($0.sentence)" } }
            sections += load.compactMap { result in
                result.connections?.phases.map {
                    "Phases of \(result.name) (p50, p99, requests): \($0.sentence(formatting: { Self.duration(Double($0)) }))."
                }
            }
            if report.load?.insecure == true {
                sections.append(Self.insecureNotice)
            }
            if let versions = report.load?.tlsVersions {
                sections.append(Self.tlsVersionsNotice(versions))
            }
            sections += load.compactMap(Self.missedRate)
            sections += load.compactMap(Self.serviceLevel)
            if let shards = report.shards { sections.append(Self.merged(shards, label: report.load?.runLabel)) }
        }
        if !report.failedScenarios.isEmpty {
            sections.append(
                Self.table(
                    header: ["scenario", "failed", "why", "standard error"],
                    rows: report.failedScenarios.map {
                        [Self.cell($0.name), $0.cause.rawValue, Self.cell($0.reason), $0.log.map(Self.cell) ?? "–"]
                    },
                    leftAligned: [0, 1, 2, 3]
                ))
        }
        if !report.environment.jemallocLinked {
            sections.append("Allocation figures unavailable (n/a): built without jemalloc. Install libjemalloc-dev and rebuild.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// A mix's requests by name, or a journey's steps: the share each was asked for and got, its rate,
    /// errors and latency.
    private static func requestsByName(_ result: ScenarioResult) -> String? {
        guard let requests = result.requests, !requests.isEmpty else { return nil }
        let percent = { (share: Double) in String(format: "%.1f%%", share * 100) }
        let isJourney = result.unit == .session
        return
            (isJourney
            ? "Steps of \(result.name)'s sessions (its row above counts sessions, not requests):\n\n"
            : "Requests of \(result.name) by name:\n\n")
            + table(
                header: [isJourney ? "step" : "request", "weight", "sent", "rate/s", "requests", "errors", "p50", "p90", "p99", "max"],
                rows: requests.map { request in
                    let latency = request.latency?.summary
                    return [
                        cell(request.name), request.weight.map(percent) ?? "–", percent(request.share), count(request.operationsPerSecond),
                        String(request.outcomes.sent), String(request.outcomes.failed),
                        latency.map { duration(Double($0.p50)) } ?? "–",
                        latency.map { duration(Double($0.p90)) } ?? "–",
                        latency.map { duration(Double($0.p99)) } ?? "–",
                        latency.map { duration(Double($0.max)) } ?? "–",
                    ]
                },
                leftAligned: [0])
    }

    /// The checks of a scenario's answers: how many passed and failed each.
    private static func checks(_ result: ScenarioResult) -> String? {
        guard let checks = result.checks, !checks.isEmpty else { return nil }
        return "Checks of \(result.name)'s answers (a failure counts in the class check(<name>)):\n\n"
            + checksTable(leading: [], rows: checks.map { ([], $0) })
    }

    /// A table of checks, how many answers passed and failed each, every row led by its `lead`
    /// cells under the headers `leading` (a capacity search's step).
    static func checksTable(leading: [String], rows: [(lead: [String], check: ScenarioResult.Check)]) -> String {
        table(
            header: leading + ["check", "passes", "failures", "pass rate"],
            rows: rows.map { lead, check in
                lead + [
                    cell(check.name), String(check.passes), String(check.failures),
                    check.passRate.map { String(format: "%.2f%%", $0 * 100) } ?? "–",
                ]
            },
            leftAligned: Set(0...leading.count))
    }

    /// A sentence saying that a run stopped itself, why and when.
    private static func aborted(_ result: ScenarioResult) -> String? {
        guard let abort = result.abort else { return nil }
        return "\(result.name) **stopped early** at \(seconds(abort.atSeconds)): the abort condition \(abort.objective) held "
            + "(measured \(value(abort.measured, unit: abort.unit)) over the last window). "
            + "The figures cover the run until then."
    }

    /// A sentence saying which shards a merged run was made of, and which were missing.
    private static func merged(_ shards: ShardSet, label: String?) -> String {
        let run = label.map { " of run '\($0)'" } ?? ""
        let hosts = shards.members.map { "\($0.shard) on \($0.hostName ?? "an unnamed host")" }.joined(separator: ", ")
        let missing = shards.missing.map(String.init).joined(separator: ", ")
        return "Merged from \(shards.members.count) of \(shards.count) shards\(run): \(hosts)."
            + (shards.isComplete ? "" : " Incomplete: shard\(shards.missing.count == 1 ? "" : "s") \(missing) missing.")
    }

    /// A sentence saying that an open loop did not reach its target rate, when it missed requests.
    private static func missedRate(_ result: ScenarioResult) -> String? {
        guard let outcomes = result.outcomes, outcomes.missed > 0, outcomes.scheduled > 0 else { return nil }
        let rate = result.stages == nil ? result.targetRate.map { " of \(count($0)) requests/s" } ?? "" : " of the ramp"
        let share = String(format: "%.1f%%", Double(outcomes.missed) / Double(outcomes.scheduled) * 100)
        // Slots due while an abort condition was being judged are missed because the run stopped.
        if result.abort != nil {
            return "\(result.name) stopped itself with \(outcomes.missed) of \(outcomes.scheduled) scheduled requests (\(share)) "
                + "due but not started (missed)."
        }
        return "Target rate\(rate) not reached in \(result.name): \(outcomes.missed) of \(outcomes.scheduled) scheduled "
            + "requests (\(share)) were due but never started before the duration ended (missed); the server "
            + "or the client could not keep up with \(result.concurrency.map { "\($0) workers" } ?? "the workers")."
    }

    /// The verdict on a scenario's objectives: a line, then a row per objective.
    private static func serviceLevel(_ result: ScenarioResult) -> String? {
        guard let verdict = result.serviceLevel else { return nil }
        let broken = verdict.breaches.count
        let outcome = verdict.passed ? "**passed**" : "**FAILED** (\(broken) of \(verdict.objectives.count) broken)"
        let window =
            verdict.window == "whole" ? "the whole run" : verdict.window == "interval" ? "each interval" : "every \(verdict.window) window"
        let rows = verdict.objectives.map { objective -> [String] in
            let worst = objective.worst.map {
                "\(value($0.value, unit: objective.unit)) at \(seconds($0.startSeconds))–\(seconds($0.startSeconds + $0.durationSeconds))"
            }
            let status =
                switch objective.status {
                case .passed: "passed"
                case .failed:
                    objective.windowsJudged > 1 ? "FAILED in \(objective.windowsBreached) of \(objective.windowsJudged)" : "FAILED"
                case .notApplicable: "does not apply"
                }
            return [
                objective.objective, objective.measured.map { value($0, unit: objective.unit) } ?? "–", worst ?? "–",
                status + (objective.note.map { ": \($0)" } ?? ""),
            ]
        }
        return "Service-level objectives of \(result.name), judged over \(window): \(outcome)\n\n"
            + table(header: ["objective", "measured", "worst interval", "verdict"], rows: rows, leftAligned: [0, 3])
    }

    /// A latency or a share, as an objective's value reads.
    static func value(_ value: Double, unit: String) -> String {
        unit == "ns" ? duration(value) : String(format: "%.2f%%", value * 100)
    }

    /// Seconds from a run's start, `12 s`, `1.5 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.0f s", value) : String(format: "%.1f s", value)
    }

    /// A Markdown table, every column as wide as its widest cell; the columns in `leftAligned` (by
    /// default the first) are text and aligned left, the others are numbers and aligned right.
    static func table(header: [String], rows: [[String]], leftAligned: Set<Int> = [0]) -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| "
                + zip(cells, widths).enumerated().map { index, pair in
                    let padding = String(repeating: " ", count: pair.1 - pair.0.count)
                    return leftAligned.contains(index) ? pair.0 + padding : padding + pair.0
                }.joined(separator: " | ") + " |"
        }
        let rule =
            "|"
            + widths.enumerated().map { index, width in
                leftAligned.contains(index) ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
            }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// Text as one Markdown table cell: a `|` in it would end the cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// What a run that allowed TLS versions other than 1.2 and up says under its summary.
    public static func tlsVersionsNotice(_ versions: String) -> String {
        let lowest = versions.split(separator: "-").first.map(String.init) ?? versions
        let forbidden = lowest == "1.0" || lowest == "1.1" ? ", versions RFC 8996 forbids" : ""
        return "TLS versions: \(versions) were allowed (--tls-min, --tls-max), not the default 1.2 and up\(forbidden)."
    }

    /// The line every summary of a run made with `--insecure` carries.
    public static let insecureNotice = "Insecure: the servers' TLS certificates and names were not checked (--insecure)."

    /// Nanoseconds in the unit that keeps three significant figures readable.
    public static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.2f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: String(format: "%.2f ms", nanoseconds / 1e6)
        default: String(format: "%.2f s", nanoseconds / 1e9)
        }
    }

    /// A rate or count with a k/M suffix.
    public static func count(_ value: Double) -> String {
        switch value {
        case ..<10_000: String(format: "%.0f", value)
        case ..<10_000_000: String(format: "%.1fk", value / 1e3)
        default: String(format: "%.2fM", value / 1e6)
        }
    }

    private static func allocation(_ value: Double?) -> String {
        value.map { String(format: "%.1f", $0) } ?? "n/a"
    }
}
