import Foundation

/// One bench run: where and how it ran, and every scenario's figures.
///
/// This type is the report's schema. `report.json` is this value encoded with sorted keys;
/// `schemaVersion` changes whenever a field changes meaning or goes away (adding a field does not),
/// and readers should check it. `Reports/README.md` documents each field.
public struct Report: Codable, Sendable, Equatable {
    /// The version of this schema that `report.json` follows.
    public static let currentSchemaVersion = 1

    /// The schema version the report was written with.
    public var schemaVersion: Int
    /// The run's identifier, also its directory name under `Reports/`.
    public var runID: String
    /// When the run started, ISO 8601 in UTC.
    public var startedAt: String
    /// The machine and build that produced the figures.
    public var environment: Environment
    /// The command line, arguments as given.
    public var commandLine: [String]
    /// Whether the run used `--quick` settings.
    public var isQuick: Bool
    /// Each scenario's figures, in the order they ran.
    public var scenarios: [ScenarioResult]
    /// The scenarios that ran and produced no figures, in the order they ran; empty when none failed,
    /// and in reports written before failures were recorded.
    public var failedScenarios: [ScenarioFailure] = []
    /// The comparison with a baseline, when the run was asked for one (`bench run --baseline`).
    @ExplicitNull public var baselineComparison: RunComparison? = nil
    /// What a `load` run was asked to do and which shard of it this report holds; for a merged run,
    /// the shards' common plan as shard `0/1`. `nil` for other runs.
    @ExplicitNull public var load: LoadPlan? = nil
    /// The shards a merged run was made of (`bench merge`); `nil` for a run of one generator.
    @ExplicitNull public var shards: ShardSet? = nil

    /// A report of these scenarios.
    public init(
        runID: String, startedAt: String, environment: Environment, commandLine: [String], isQuick: Bool,
        scenarios: [ScenarioResult], failedScenarios: [ScenarioFailure] = []
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.runID = runID
        self.startedAt = startedAt
        self.environment = environment
        self.commandLine = commandLine
        self.isQuick = isQuick
        self.scenarios = scenarios
        self.failedScenarios = failedScenarios
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, runID, startedAt, environment, commandLine, isQuick, scenarios, failedScenarios, baselineComparison, load,
            shards
    }

    /// Decodes a report, taking one without `failedScenarios` (written before failures were
    /// recorded) to have none, so that the field's arrival needs no new schema version.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        runID = try container.decode(String.self, forKey: .runID)
        startedAt = try container.decode(String.self, forKey: .startedAt)
        environment = try container.decode(Environment.self, forKey: .environment)
        commandLine = try container.decode([String].self, forKey: .commandLine)
        isQuick = try container.decode(Bool.self, forKey: .isQuick)
        scenarios = try container.decode([ScenarioResult].self, forKey: .scenarios)
        failedScenarios = try container.decodeIfPresent([ScenarioFailure].self, forKey: .failedScenarios) ?? []
        _baselineComparison = try container.decode(ExplicitNull<RunComparison>.self, forKey: .baselineComparison)
        _load = try container.decode(ExplicitNull<LoadPlan>.self, forKey: .load)
        _shards = try container.decode(ExplicitNull<ShardSet>.self, forKey: .shards)
    }

    /// Where the figures came from: what changes them besides our code.
    public struct Environment: Codable, Sendable, Equatable {
        /// The bench's own version.
        public var toolVersion: String
        /// The git commit of the working tree, when known; `nil` outside a checkout.
        @ExplicitNull public var gitCommit: String?
        /// The Swift compiler the bench was built with.
        public var swiftVersion: String
        /// Kernel name, release and architecture.
        public var operatingSystem: String
        /// The CPU model, when the system says.
        @ExplicitNull public var cpuModel: String?
        /// Logical CPUs available.
        public var cpuCount: Int
        /// Whether jemalloc was linked, so that allocation figures exist.
        public var jemallocLinked: Bool
        /// The allocator's own name and version, when linked.
        @ExplicitNull public var allocator: String?
        /// The build configuration, `release` or `debug`.
        public var buildConfiguration: String
        /// The machine's name (in a Kubernetes pod, the pod's), when known: which generator made the
        /// figures.
        @ExplicitNull public var hostName: String? = nil

        /// An environment with these properties.
        public init(
            toolVersion: String, gitCommit: String?, swiftVersion: String, operatingSystem: String, cpuModel: String?,
            cpuCount: Int, jemallocLinked: Bool, allocator: String?, buildConfiguration: String
        ) {
            self.toolVersion = toolVersion
            self.gitCommit = gitCommit
            self.swiftVersion = swiftVersion
            self.operatingSystem = operatingSystem
            self.cpuModel = cpuModel
            self.cpuCount = cpuCount
            self.jemallocLinked = jemallocLinked
            self.allocator = allocator
            self.buildConfiguration = buildConfiguration
        }
    }
}
