/// The history database's schema and the steps that bring an older file up to date.
///
/// The version lives in SQLite's `PRAGMA user_version`, and `PRAGMA application_id` marks the file
/// as a bench history, so that another program's database is refused rather than written into.
/// Migration `i` takes a file from version `i` to `i + 1`; a new file starts at 0 and runs them all.
/// To change the schema, append a migration: never edit one that has shipped.
enum HistorySchema {
    /// `CBHI`: "Courier bench history".
    static let applicationID: Int64 = 0x4342_4849

    /// The migrations, in order; their count is the current version.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE runs (
                id INTEGER PRIMARY KEY,
                run_id TEXT NOT NULL UNIQUE,
                started_at TEXT NOT NULL,
                recorded_at TEXT NOT NULL,
                commit_hash TEXT,
                branch TEXT,
                host_name TEXT,
                operating_system TEXT NOT NULL,
                cpu_model TEXT,
                cpu_count INTEGER NOT NULL,
                toolchain TEXT NOT NULL,
                tool_version TEXT NOT NULL,
                build_configuration TEXT NOT NULL,
                allocator TEXT,
                is_quick INTEGER NOT NULL,
                source TEXT NOT NULL,
                report_schema_version INTEGER NOT NULL
            )
            """,
            """
            CREATE TABLE scenarios (
                run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                kind TEXT NOT NULL,
                result_json TEXT NOT NULL,
                PRIMARY KEY (run, name)
            )
            """,
            """
            CREATE TABLE figures (
                run INTEGER NOT NULL,
                scenario TEXT NOT NULL,
                figure TEXT NOT NULL,
                value REAL NOT NULL,
                PRIMARY KEY (run, scenario, figure),
                FOREIGN KEY (run, scenario) REFERENCES scenarios(run, name) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX figures_by_scenario ON figures(scenario, figure)",
            "CREATE INDEX runs_by_time ON runs(started_at, id)",
        ]
    ]

    /// The version this build writes.
    static var currentVersion: Int {
        migrations.count
    }

    /// Checks that `connection` holds a history this build can use, creating or migrating its schema.
    static func prepare(_ connection: SQLiteConnection) throws(HistoryError) {
        try connection.transaction { () throws(HistoryError) in
            let application = try connection.integer("PRAGMA application_id") ?? 0
            let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
            let tables = try connection.integer("SELECT count(*) FROM sqlite_master") ?? 0
            if application != applicationID {
                guard application == 0, version == 0, tables == 0 else {
                    throw HistoryError.notAHistory(path: connection.path, reason: "an SQLite database of another program")
                }
                try connection.run("PRAGMA application_id = \(applicationID)")
            }
            guard version <= currentVersion else {
                throw HistoryError.newerSchema(path: connection.path, version: version, supported: currentVersion)
            }
            for migration in migrations[version...] {
                for statement in migration { try connection.run(statement) }
            }
            if version < currentVersion { try connection.run("PRAGMA user_version = \(currentVersion)") }
        }
    }
}
