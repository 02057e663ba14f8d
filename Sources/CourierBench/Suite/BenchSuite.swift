import BenchmarkEngine
import Foundation

/// Everything a bench executable measures and offers: its scenarios, the response models and
/// transports `load` may use, and commands of its own beside the standard ones.
///
/// ```swift
/// let suite = BenchSuite(tool: "appbench", scenarios: [
///     .decode("decode/issues", as: [Issue].self, from: .resource("issues.json", in: .module), decoder: .github),
///     .build("build/list-issues", ListIssues(page: 2), against: URL(string: "https://api.example.com/")!),
/// ])
/// ```
///
/// Scenario names are checked when the executable starts (``SuiteError``), before any command runs.
public struct BenchSuite: Sendable {
    /// The executable's name, as help texts and reports show it.
    public var tool: String
    /// The executable's version, stored in every report (`toolVersion`); Courier's own,
    /// ``courierVersion``, unless the suite names its own.
    public var version: String
    /// Every scenario, in the order `run` runs them.
    public var scenarios: [Scenario]
    /// Models `load --decode <name>` can decode responses into, besides `none` and `json`.
    public var models: [ResponseModel]
    /// The transports `load --transport` offers: URLSession always, first, and any others given.
    public var transports: [TransportKind]
    /// The transport `load`, `capacity` and `capture` send through when `--transport` is not given:
    /// one of ``transports``, URLSession unless the suite names another.
    public var defaultTransport: TransportKind
    /// The commands, in the order the overview lists them: ``standardCommands`` and then any given.
    public var commands: [any BenchCommand.Type]
    /// Where `run`'s load scenarios send their live metrics besides what its command line asks for.
    public var liveMetrics: SuiteLiveMetrics

    /// The commands every bench executable has.
    public static let standardCommands: [any BenchCommand.Type] = [
        RunCommand.self,
        LoadCommand.self,
        CapacityCommand.self,
        MergeCommand.self,
        CaptureCommand.self,
        HARCommand.self,
        DecodeCommand.self,
        ListCommand.self,
        BaselineCommand.self,
        CompareCommand.self,
        ReportCommand.self,
        HistoryCommand.self,
        ThresholdsCommand.self,
        CompletionCommand.self,
    ]

    /// The version of the Courier package this executable was built from, by the rules of semantic
    /// versioning: the minor number moves with every addition to the public API, the command line or
    /// the report formats, the major one (the minor one before 1.0) with anything removed or changed
    /// incompatibly; a renamed declaration keeps its old name, deprecated, for at least one minor
    /// version. <doc:Changelog> lists every change, newest first.
    public static let courierVersion = "0.3.0"

    /// A suite of `scenarios`. `tool` defaults to the executable's file name and `version` to
    /// ``courierVersion``; `transports` and `commands` are added to the standard ones, and
    /// `defaultTransport`, one of them, is what a command uses unless told (URLSession when `nil`);
    /// `liveMetrics` says where `run` sends its load scenarios' live figures.
    public init(
        tool: String = BenchSuite.executableName,
        version: String = BenchSuite.courierVersion,
        scenarios: [Scenario],
        models: [ResponseModel] = [],
        transports: [TransportKind] = [],
        defaultTransport: TransportKind? = nil,
        commands: [any BenchCommand.Type] = [],
        liveMetrics: SuiteLiveMetrics = SuiteLiveMetrics()
    ) {
        self.tool = tool
        self.version = version
        self.scenarios = scenarios
        self.models = models
        let offered = [.urlSession] + transports.filter { $0 != .urlSession }
        self.transports = offered
        // A default that is not offered would be a `--transport` value the parser refuses.
        self.defaultTransport = defaultTransport.flatMap { kind in offered.first { $0 == kind } } ?? .urlSession
        self.commands = Self.standardCommands + commands
        self.liveMetrics = liveMetrics
    }

    /// The running executable's file name.
    public static var executableName: String {
        CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "bench"
    }

    /// The scenarios whose names contain `filter`, ignoring case, or the default suite; less those
    /// any of `skipped` names. ``ScenarioSelection`` selects by several patterns and by expressions.
    public func scenarios(matching filter: String?, skipping skipped: [String] = []) -> [Scenario] {
        ScenarioSelection(filters: filter.map { [$0] } ?? [], skipped: skipped).select(scenarios)
    }

    /// A scenario's own thresholds, if it has any, for a result of that name (or its partner's): the
    /// metrics they name replace the comparison's, the others stay.
    public func thresholds(for resultName: String) -> ThresholdOverrides? {
        scenarios.first { ScenarioResult.isResult(resultName, of: $0.name) }?.thresholds
    }

    /// What is wrong with the suite's declarations, or `nil`: a scenario name that breaks
    /// ``ScenarioName``'s rules or is used twice, a model or transport named twice, or two commands
    /// with one name.
    public func validate() -> SuiteError? {
        var seen = Set<String>()
        for scenario in scenarios {
            if let problem = ScenarioName.problem(with: scenario.name) {
                return .invalidScenarioName(scenario.name, problem)
            }
            guard seen.insert(scenario.name).inserted else { return .duplicate("scenario", scenario.name) }
        }
        for (kind, names) in [
            ("model", models.map(\.name)), ("transport", transports.map(\.name)), ("command", commands.map { $0.name } + ["help"]),
        ] {
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted {
                return .duplicate(kind, name)
            }
        }
        return nil
    }
}

/// The rules a scenario name follows, so that every report, filter and baseline can rely on it.
///
/// A name is `group/what` (more levels are fine): the `/`-separated parts are not empty and are
/// not `.` or `..`, so a name can always stand as a relative path; it is printable (no control
/// characters, no line breaks) and has no `\`, so it reads the same in a terminal, a CSV and a
/// Markdown table; and it does not start or end with a space.
public enum ScenarioName {
    /// What is wrong with `name`, or `nil` when it follows the rules.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return "it contains a control character or line break"
        }
        if name.contains("\\") { return "it contains '\\' (use '/' between a group and a name)" }
        if name.first == " " || name.last == " " { return "it starts or ends with a space" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "a part between '/' is empty, '.' or '..'"
        }
        return nil
    }
}

/// A suite that declares something twice or names a scenario so that reports could not tell it
/// apart; found when the executable starts, it ends the process with ``BenchExitCode/usage`` (64).
public enum SuiteError: Error, Equatable, CustomStringConvertible {
    /// A scenario name that breaks a rule; the rule it breaks.
    case invalidScenarioName(String, String)
    /// Two scenarios, models, transports or commands with one name.
    case duplicate(String, String)

    /// One line naming the culprit.
    public var description: String {
        switch self {
        case .invalidScenarioName(let name, let problem):
            "invalid scenario name '\(name.debugDescription.dropFirst().dropLast())': \(problem)"
        case .duplicate(let kind, let name):
            "two \(kind)s are named '\(name)'; every \(kind) needs a name of its own"
        }
    }
}
