/// What the history records about a run besides its report: where in the code's history it was
/// measured, and where it came from.
public struct HistoryMetadata: Sendable, Equatable {
    /// The commit measured; `nil` when unknown.
    public var commit: String?
    /// The branch measured; `nil` when unknown.
    public var branch: String?
    /// Where the run came from: `run` for a run appended as it finished, `import <path>` or
    /// `baseline <name>` for one seeded from an existing report.
    public var source: String

    /// Metadata of a run of `commit` on `branch`, from `source`.
    public init(commit: String?, branch: String?, source: String) {
        self.commit = commit
        self.branch = branch
        self.source = source
    }
}

/// One run in the history: its identity, the code and machine it measured, and how it got there.
public struct HistoryRun: Sendable, Equatable, Codable {
    /// The run's position in the history: its row id, increasing in the order runs were appended.
    public var id: Int64
    /// The report's run id.
    public var runID: String
    /// When the run started, ISO 8601 in UTC, as the report says; the history orders runs by it.
    public var startedAt: String
    /// The commit measured, when known.
    public var commit: String?
    /// The branch measured, when known.
    public var branch: String?
    /// The machine's name, when the report has it.
    public var hostName: String?
    /// Kernel name, release and architecture.
    public var operatingSystem: String
    /// The CPU model, when known.
    public var cpuModel: String?
    /// Logical CPUs.
    public var cpuCount: Int
    /// The Swift toolchain the bench was built with.
    public var toolchain: String
    /// The bench's version.
    public var toolVersion: String
    /// The build configuration, `release` or `debug`.
    public var buildConfiguration: String
    /// The allocator, when one was linked.
    public var allocator: String?
    /// Whether the run used `--quick` settings.
    public var isQuick: Bool
    /// Where the run came from (``HistoryMetadata/source``).
    public var source: String
    /// How many scenarios the run has in the history.
    public var scenarioCount: Int

    /// The machine in a few words, for a table: name, CPUs, build.
    public var machineSummary: String {
        "\(hostName ?? "unknown host"), \(cpuCount) CPUs, \(buildConfiguration)"
    }
}

/// One scenario's figures in one run: a point of that scenario's series.
public struct HistoryPoint: Sendable, Equatable {
    /// The run the figures come from.
    public var run: HistoryRun
    /// The scenario's name.
    public var scenario: String
    /// Every figure, by name (``HistoryFigures``).
    public var figures: [String: Double]
    /// The scenario's whole report entry, compact JSON, as it was appended: every field, including
    /// ones newer than this build.
    public var resultJSON: String

    /// The figure `name`, when the scenario had it in that run.
    public subscript(figure name: String) -> Double? {
        figures[name]
    }
}

/// One figure of a scenario in one run: a point of a trend.
public struct HistoryValue: Sendable, Equatable {
    /// The run the figure comes from.
    public var run: HistoryRun
    /// The figure.
    public var value: Double
}
