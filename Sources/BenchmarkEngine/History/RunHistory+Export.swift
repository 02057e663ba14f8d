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
        let runs = try runs()
        var points: [Int64: [HistoryPoint]] = [:]
        for scenario in try scenarioNames() {
            for point in try series(of: scenario) { points[point.run.id, default: []].append(point) }
        }
        switch format {
        case .csv:
            return Data(Self.csv(runs: runs, points: points).utf8)
        case .json:
            do {
                let exported = ExportedHistory(schemaVersion: Self.currentSchemaVersion, runs: try runs.map { run in
                    ExportedRun(run: run, scenarios: try (points[run.id] ?? []).map { point in
                        ExportedScenario(name: point.scenario, figures: point.figures, result: try JSONValue.read(Data(point.resultJSON.utf8)))
                    })
                })
                return try JSONReportWriter.render(value: exported)
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

/// The JSON export's top level.
private struct ExportedHistory: Encodable {
    var schemaVersion: Int
    var runs: [ExportedRun]
}

/// A run in the JSON export: its metadata, then its scenarios.
private struct ExportedRun: Encodable {
    var run: HistoryRun
    var scenarios: [ExportedScenario]

    func encode(to encoder: any Encoder) throws {
        try run.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(scenarios, forKey: .scenarios)
    }

    private enum Key: String, CodingKey {
        case scenarios
    }
}

/// A scenario in the JSON export.
private struct ExportedScenario: Encodable {
    var name: String
    var figures: [String: Double]
    var result: JSONValue
}
