import Foundation

/// Every run of a bench, appended to an SQLite database: each run's commit, branch, machine,
/// toolchain and build, and per scenario every figure of its report (``HistoryFigures``) beside the
/// scenario's whole report entry.
///
/// The file's schema is versioned (``HistorySchema``): opening an older file migrates it, and a
/// newer one or a database that is not a history is refused. Each operation opens its own
/// connection, so the value is `Sendable` and two processes may append to one file; a run is
/// appended in one transaction, whole or not at all.
///
/// ```swift
/// let history = try RunHistory(file: URL(fileURLWithPath: "Reports/history.sqlite"))
/// try history.append(report, metadata: HistoryMetadata(commit: "3f2a…", branch: "main", source: "run"))
/// let medians = try history.series(of: "decode/small").compactMap { $0[figure: HistoryFigures.nanosecondsPerOperation] }
/// ```
public struct RunHistory: Sendable {
    /// Where `bench` keeps its history when asked to keep one without naming a file.
    public static let defaultPath = "Reports/history.sqlite"
    /// The schema version this build reads and writes.
    public static var currentSchemaVersion: Int { HistorySchema.currentVersion }

    /// The database file.
    public let file: URL

    /// The history in `file`, created (with its directory) when absent and `create` is true; an
    /// older schema is migrated.
    ///
    /// - Throws: ``HistoryError/missing(path:)`` when `create` is false and there is no file,
    ///   ``HistoryError/cannotOpen(path:reason:)`` when it cannot be opened, ``HistoryError/notAHistory(path:reason:)`` for a file
    ///   that is not a bench history, ``HistoryError/newerSchema(path:version:supported:)`` for one
    ///   a newer bench wrote.
    public init(file: URL, create: Bool = true) throws(HistoryError) {
        self.file = file
        if create {
            do {
                try Platform.makeDirectories(file.deletingLastPathComponent())
            } catch {
                throw HistoryError.cannotOpen(path: file.path, reason: error.reason)
            }
        } else if !FileManager.default.fileExists(atPath: file.path) {
            throw HistoryError.missing(path: file.path)
        }
        try HistorySchema.prepare(try connect())
    }

    /// The schema version the file has.
    public func schemaVersion() throws(HistoryError) -> Int {
        Int(try connect().integer("PRAGMA user_version") ?? 0)
    }

    /// Appends `report` as one run, with `metadata`; returns the run as stored.
    ///
    /// `reportJSON`, the report file's bytes when the report was read from one, is where each
    /// scenario's stored entry is taken from, so that fields this build does not decode are kept;
    /// without it the entries are `report`'s own, encoded.
    ///
    /// - Throws: ``HistoryError/duplicateRun(runID:)`` when the run is there already; nothing is
    ///   written then, nor when anything else fails.
    @discardableResult
    public func append(_ report: Report, metadata: HistoryMetadata, reportJSON: Data? = nil) throws(HistoryError) -> HistoryRun {
        let entries = try scenarioEntries(of: report, reportJSON: reportJSON)
        let connection = try connect()
        let id = try connection.transaction { () throws(HistoryError) -> Int64 in
            guard try connection.integer("SELECT count(*) FROM runs WHERE run_id = ?", [.text(report.runID)]) == 0 else {
                throw HistoryError.duplicateRun(runID: report.runID)
            }
            let machine = report.environment
            try connection.run(
                """
                INSERT INTO runs (run_id, started_at, recorded_at, commit_hash, branch, host_name, operating_system, cpu_model,
                    cpu_count, toolchain, tool_version, build_configuration, allocator, is_quick, source, report_schema_version)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(report.runID), .text(report.startedAt), .text(ISO8601DateFormatter().string(from: Date())),
                    .text(metadata.commit ?? machine.gitCommit), .text(metadata.branch), .text(machine.hostName),
                    .text(machine.operatingSystem), .text(machine.cpuModel), .integer(Int64(machine.cpuCount)),
                    .text(machine.swiftVersion), .text(machine.toolVersion), .text(machine.buildConfiguration),
                    .text(machine.allocator), .integer(report.isQuick ? 1 : 0), .text(metadata.source),
                    .integer(Int64(report.schemaVersion)),
                ]
            )
            let run = connection.lastInsertedRowID
            for (position, entry) in entries.enumerated() {
                try connection.run(
                    "INSERT INTO scenarios (run, position, name, kind, result_json) VALUES (?, ?, ?, ?, ?)",
                    [
                        .integer(run), .integer(Int64(position)), .text(entry.result.name), .text(entry.result.kind.rawValue),
                        .text(entry.json),
                    ]
                )
                for (figure, value) in entry.figures.sorted(by: { $0.key < $1.key }) {
                    try connection.run(
                        "INSERT INTO figures (run, scenario, figure, value) VALUES (?, ?, ?, ?)",
                        [.integer(run), .text(entry.result.name), .text(figure), .real(value)]
                    )
                }
            }
            return run
        }
        guard let run = try runs(where: "r.id = ?", [.integer(id)]).first else {
            throw HistoryError.database(path: file.path, reason: "run \(report.runID) is missing after it was appended")
        }
        return run
    }

    /// Whether a run with the report run id `runID` is in the history.
    public func contains(runID: String) throws(HistoryError) -> Bool {
        try connect().integer("SELECT count(*) FROM runs WHERE run_id = ?", [.text(runID)]) != 0
    }

    /// Every run, oldest first (by start time, then by the order they were appended).
    public func runs() throws(HistoryError) -> [HistoryRun] {
        try runs(where: "1", [])
    }

    /// The names of every scenario in the history, sorted.
    public func scenarioNames() throws(HistoryError) -> [String] {
        try connect().query("SELECT DISTINCT name FROM scenarios ORDER BY name") { row in row.text(0) ?? "" }
    }

    /// The scenario's figures in every run that has it, oldest run first: its series.
    public func series(of scenario: String) throws(HistoryError) -> [HistoryPoint] {
        let connection = try connect()
        let runs = try runs(where: "r.id IN (SELECT run FROM scenarios WHERE name = ?)", [.text(scenario)], on: connection)
        var figures: [Int64: [String: Double]] = [:]
        for (run, figure, value) in try connection.query(
            "SELECT run, figure, value FROM figures WHERE scenario = ?", [.text(scenario)],
            read: { row in (row.integer(0) ?? 0, row.text(1) ?? "", row.real(2) ?? .nan) }
        ) {
            figures[run, default: [:]][figure] = value
        }
        var entries: [Int64: String] = [:]
        for (run, json) in try connection.query(
            "SELECT run, result_json FROM scenarios WHERE name = ?", [.text(scenario)],
            read: { row in (row.integer(0) ?? 0, row.text(1) ?? "") })
        {
            entries[run] = json
        }
        return runs.map { run in
            HistoryPoint(run: run, scenario: scenario, figures: figures[run.id] ?? [:], resultJSON: entries[run.id] ?? "{}")
        }
    }

    /// One figure of the scenario in every run that has it, oldest first: what a trend or a
    /// change-point search reads.
    public func values(of figure: String, in scenario: String) throws(HistoryError) -> [HistoryValue] {
        try series(of: scenario).compactMap { point in point[figure: figure].map { HistoryValue(run: point.run, value: $0) } }
    }

    private func connect() throws(HistoryError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: file.path, create: true)
        try connection.run("PRAGMA foreign_keys = ON")
        return connection
    }

    private func runs(where condition: String, _ values: [SQLiteValue], on existing: SQLiteConnection? = nil) throws(HistoryError)
        -> [HistoryRun]
    {
        let connection: SQLiteConnection
        if let existing { connection = existing } else { connection = try connect() }
        return try connection.query(
            """
            SELECT r.id, r.run_id, r.started_at, r.commit_hash, r.branch, r.host_name, r.operating_system, r.cpu_model, r.cpu_count,
                r.toolchain, r.tool_version, r.build_configuration, r.allocator, r.is_quick, r.source,
                (SELECT count(*) FROM scenarios s WHERE s.run = r.id)
            FROM runs r WHERE \(condition) ORDER BY r.started_at, r.id
            """,
            values
        ) { row in
            HistoryRun(
                id: row.integer(0) ?? 0, runID: row.text(1) ?? "", startedAt: row.text(2) ?? "", commit: row.text(3), branch: row.text(4),
                hostName: row.text(5), operatingSystem: row.text(6) ?? "", cpuModel: row.text(7), cpuCount: Int(row.integer(8) ?? 0),
                toolchain: row.text(9) ?? "", toolVersion: row.text(10) ?? "", buildConfiguration: row.text(11) ?? "",
                allocator: row.text(12), isQuick: row.integer(13) == 1, source: row.text(14) ?? "", scenarioCount: Int(row.integer(15) ?? 0)
            )
        }
    }

    /// Each scenario with its stored JSON entry and figures.
    private func scenarioEntries(of report: Report, reportJSON: Data?) throws(HistoryError) -> [(
        result: ScenarioResult, json: String, figures: [String: Double]
    )] {
        var original: [String: [String: Any]] = [:]
        if let reportJSON, let top = try? JSONSerialization.jsonObject(with: reportJSON) as? [String: Any],
            let scenarios = top["scenarios"] as? [[String: Any]]
        {
            for entry in scenarios {
                if let name = entry["name"] as? String { original[name] = entry }
            }
        }
        do {
            return try report.scenarios.map { result in
                let entry = try original[result.name] ?? Self.object(JSONReportWriter.render(value: result))
                let json = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys, .withoutEscapingSlashes])
                return (result, String(decoding: json, as: UTF8.self), HistoryFigures.figures(of: entry))
            }
        } catch {
            throw HistoryError.database(path: file.path, reason: "cannot encode the report: \(error)")
        }
    }

    /// The JSON object `data` holds.
    static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw HistoryError.database(path: "", reason: "not a JSON object")
        }
        return object
    }
}
