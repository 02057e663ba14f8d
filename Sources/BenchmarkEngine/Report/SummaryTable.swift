import Foundation

/// The human-readable summary: one table for micro-benchmarks, one for load runs, as Markdown, which
/// reads as well in a terminal as in a pull-request comment.
public struct SummaryTable: Sendable {
    private let report: Report

    /// The summary of `report`.
    public init(_ report: Report) {
        self.report = report
    }

    /// The tables, with a line saying why allocation figures are missing when they are.
    public func markdown() -> String {
        var sections: [String] = []
        let micro = report.scenarios.filter { $0.kind == .micro }
        if !micro.isEmpty {
            sections.append(table(
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
            sections.append(table(
                header: ["scenario", "workers", "rate/s", "requests", "errors", "p50", "p90", "p99", "p99.9", "max", "mallocs/req", "bytes/req"],
                rows: load.map { result in
                    let latency = result.latency?.summary
                    let errors = result.outcomes?.failed ?? 0
                    let rate = result.targetRate.map { "\(Self.count(result.operationsPerSecond)) of \(Self.count($0))" }
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
            sections += load.compactMap(Self.missedRate)
        }
        if !report.environment.jemallocLinked {
            sections.append("Allocation figures unavailable (n/a): built without jemalloc. Install libjemalloc-dev and rebuild.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// A sentence saying that an open loop did not reach its target rate, when it missed requests.
    private static func missedRate(_ result: ScenarioResult) -> String? {
        guard let outcomes = result.outcomes, outcomes.missed > 0, outcomes.scheduled > 0 else { return nil }
        let rate = result.targetRate.map { " of \(count($0)) requests/s" } ?? ""
        let share = String(format: "%.1f%%", Double(outcomes.missed) / Double(outcomes.scheduled) * 100)
        return "Target rate\(rate) not reached in \(result.name): \(outcomes.missed) of \(outcomes.scheduled) scheduled "
            + "requests (\(share)) were due but never started before the duration ended (missed); the server "
            + "or the client could not keep up with \(result.concurrency.map { "\($0) workers" } ?? "the workers")."
    }

    private func table(header: [String], rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).enumerated().map { index, pair in
                let padding = String(repeating: " ", count: pair.1 - pair.0.count)
                return index == 0 ? pair.0 + padding : padding + pair.0
            }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.enumerated().map { index, width in
            index == 0 ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
        }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// Nanoseconds in the unit that keeps three significant figures readable.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.2f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: String(format: "%.2f ms", nanoseconds / 1e6)
        default: String(format: "%.2f s", nanoseconds / 1e9)
        }
    }

    /// A rate or count with a k/M suffix.
    static func count(_ value: Double) -> String {
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
