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
    /// The comparison with a baseline, when the run was asked for one (`bench run --baseline`).
    public var baselineComparison: RunComparison?

    /// A report of these scenarios.
    public init(runID: String, startedAt: String, environment: Environment, commandLine: [String], isQuick: Bool, scenarios: [ScenarioResult]) {
        schemaVersion = Self.currentSchemaVersion
        self.runID = runID
        self.startedAt = startedAt
        self.environment = environment
        self.commandLine = commandLine
        self.isQuick = isQuick
        self.scenarios = scenarios
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, runID, startedAt, environment, commandLine, isQuick, scenarios, baselineComparison
    }

    /// Writes every key, `null` where there is no comparison.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(runID, forKey: .runID)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(environment, forKey: .environment)
        try container.encode(commandLine, forKey: .commandLine)
        try container.encode(isQuick, forKey: .isQuick)
        try container.encode(scenarios, forKey: .scenarios)
        try container.encode(baselineComparison, forKey: .baselineComparison)
    }

    /// Where the figures came from: what changes them besides our code.
    public struct Environment: Codable, Sendable, Equatable {
        /// The bench's own version.
        public var toolVersion: String
        /// The git commit of the working tree, when known; `nil` outside a checkout.
        public var gitCommit: String?
        /// The Swift compiler the bench was built with.
        public var swiftVersion: String
        /// Kernel name, release and architecture.
        public var operatingSystem: String
        /// The CPU model, when the system says.
        public var cpuModel: String?
        /// Logical CPUs available.
        public var cpuCount: Int
        /// Whether jemalloc was linked, so that allocation figures exist.
        public var jemallocLinked: Bool
        /// The allocator's own name and version, when linked.
        public var allocator: String?
        /// The build configuration, `release` or `debug`.
        public var buildConfiguration: String

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

        private enum CodingKeys: String, CodingKey {
            case toolVersion, gitCommit, swiftVersion, operatingSystem, cpuModel, cpuCount, jemallocLinked, allocator
            case buildConfiguration
        }

        /// Writes every key, `null` where unknown.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(toolVersion, forKey: .toolVersion)
            try container.encode(gitCommit, forKey: .gitCommit)
            try container.encode(swiftVersion, forKey: .swiftVersion)
            try container.encode(operatingSystem, forKey: .operatingSystem)
            try container.encode(cpuModel, forKey: .cpuModel)
            try container.encode(cpuCount, forKey: .cpuCount)
            try container.encode(jemallocLinked, forKey: .jemallocLinked)
            try container.encode(allocator, forKey: .allocator)
            try container.encode(buildConfiguration, forKey: .buildConfiguration)
        }
    }
}
