import Foundation

/// A format the whole history can be exported in.
public enum HistoryExportFormat: String, CaseIterable, Sendable {
    /// One line per run, scenario and figure: `run_id,started_at,commit,branch,host,toolchain,build,quick,scenario,figure,value`.
    case csv
    /// Every run with its metadata and, per scenario, its figures and its whole report entry.
    case json

    /// The file name an export in this format gets by default.
    public var fileName: String {
        "history.\(rawValue)"
    }
}

extension RunHistory {
    /// The whole history in `format`, oldest run first.
    public func export(as format: HistoryExportFormat) throws(HistoryError) -> Data {
        try export(as: format, scenarios: { _ in true })
    }

    /// The history as ``export(as:)`` writes it, with only the scenarios `scenarios` accepts by name.
    public func export(as format: HistoryExportFormat, scenarios: (String) -> Bool) throws(HistoryError) -> Data {
        let runs = try runs()
        var points: [Int64: [HistoryPoint]] = [:]
        for scenario in try scenarioNames() where scenarios(scenario) {
            for point in try series(of: scenario) { points[point.run.id, default: []].append(point) }
        }
        switch format {
        case .csv:
            return Data(Self.csv(runs: runs, points: points).utf8)
        case .json:
            // Built with JSONSerialization so each scenario's stored entry goes out as it came in,
            // fields this build does not know included.
            do {
                let exported: [[String: Any]] = try runs.map { run in
                    var entry = try Self.object(JSONReportWriter.render(value: run))
                    entry["scenarios"] = try (points[run.id] ?? []).map { point in
                        ["name": point.scenario, "figures": point.figures, "result": try Self.object(Data(point.resultJSON.utf8))]
                            as [String: Any]
                    }
                    return entry
                }
                let document: [String: Any] = ["schemaVersion": Self.currentSchemaVersion, "runs": exported]
                var data = try JSONSerialization.data(
                    withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                data.append(UInt8(ascii: "\n"))
                return data
            } catch {
                throw HistoryError.database(path: file.path, reason: "cannot export as JSON: \(error)")
            }
        }
    }

    private static func csv(runs: [HistoryRun], points: [Int64: [HistoryPoint]]) -> String {
        typealias Line = (run: HistoryRun, scenario: String, figure: String, value: Double)
        let table = CSVTable<Line>(columns: [
            ("run_id", { $0.run.runID }), ("started_at", { $0.run.startedAt }), ("commit", { $0.run.commit }),
            ("branch", { $0.run.branch }), ("host", { $0.run.hostName }), ("toolchain", { $0.run.toolchain }),
            ("build", { $0.run.buildConfiguration }), ("quick", { $0.run.isQuick ? "true" : "false" }),
            ("scenario", { $0.scenario }), ("figure", { $0.figure }), ("value", { "\($0.value)" }),
        ])
        let lines = runs.flatMap { run in
            (points[run.id] ?? []).flatMap { point in
                point.figures.sorted { $0.key < $1.key }.map { Line(run, point.scenario, $0.key, $0.value) }
            }
        }
        return table.render(lines)
    }
}
