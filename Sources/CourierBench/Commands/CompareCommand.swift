import BenchmarkEngine
import Foundation

/// `compare`: a run against a baseline, metric by metric; the table, `comparison.md` and
/// `comparison.json` beside the current report, its `report.html` with the comparison, and exit
/// code 1 on a regression, on a scenario that failed, or on one of the baseline's that the run lacks.
public struct CompareCommand: BenchCommand, Equatable {
    public static let name = "compare"
    public static let abstract = "Compares a run with a baseline and flags regressions."
    public static let synopsis = "compare <baseline> [<current>] [<thresholds>]"

    /// A saved baseline's name, or the path of a run directory or `report.json`.
    public var baseline: String
    /// The run to compare: a run directory or `report.json`; the latest run when `nil`.
    public var current: String?
    /// Where runs and `baselines/` live.
    public var reportsDirectory = "Reports"
    /// The comparison's thresholds.
    public var thresholds = BenchmarkEngine.Thresholds()
    /// Scenarios that may be missing from the run or failed in it without failing the comparison.
    public var allowedMissing: [String] = []
    /// Whether a debug build's run may be compared with a release baseline (`--allow-debug`).
    public var allowsDebug = false

    /// A comparison of the latest run with `baseline`, at the default thresholds.
    public init(baseline: String) {
        self.baseline = baseline
    }

    static let reports = OptionDeclaration(
        "reports", value: .directory, default: "Reports", valueName: "<dir>", help: "Where runs and baselines live."
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview:
                "Compares a run with a baseline, per scenario and metric, writes comparison.md and comparison.json next to the run's report, and renders its report.html again with the comparison.",
            usage: ["compare <baseline> [<current>] [--reports <dir>] [<thresholds>] [--allow-missing <name>]... [--allow-debug]"],
            arguments: [
                .init("<baseline>", help: "A saved baseline's name, or a run directory or report.json."),
                .init("<current>", help: "A run directory or report.json. (default: <reports>/latest)"),
            ],
            options: [reports] + ComparisonOptions.options,
            discussion: """
                Exits 1 on a regression, on a scenario that failed in the run, or on a scenario of the baseline that the run lacks, naming each, unless '--allow-missing' names it; a scenario that failed in the baseline alone has nothing to compare with and passes.
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> CompareCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool, positionals: 2).parse(arguments)
        guard let baseline = parsed.positionals.first else {
            throw UsageError(message: "missing <baseline>", usage: parsed.usage)
        }
        var command = CompareCommand(baseline: try ComparisonOptions.baseline(baseline, usage: parsed.usage))
        command.current = parsed.positionals.dropFirst().first
        command.reportsDirectory = try parsed.value(of: reports)
        command.thresholds = try ComparisonOptions.thresholds(parsed)
        command.allowedMissing = try parsed.value(of: ComparisonOptions.allowMissing)
        command.allowsDebug = try parsed.value(of: ComparisonOptions.allowDebug)
        return command
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        let reports = URL(fileURLWithPath: reportsDirectory)
        let baselineReport = try RunArchive.loadBaseline(baseline, reportsDirectory: reports)
        let (currentReport, directory) = try RunArchive.loadRun(
            current.map(URL.init(fileURLWithPath:)) ?? reports.appendingPathComponent("latest"))
        try ComparisonOptions.checkBuilds(
            current: currentReport.environment.buildConfiguration, of: "run \(currentReport.runID)", baseline: baselineReport,
            named: baseline, allowingDebug: allowsDebug)
        let comparison = RunComparison(
            baselineName: baseline, baseline: baselineReport, current: currentReport,
            thresholds: thresholds, accepting: Set(allowedMissing), overrides: context.suite.thresholds(for:)
        )
        print(comparison.markdown())
        try RunArchive.write(comparison, of: currentReport, into: directory, stepSummary: context.stepSummary)
        try RunArchive.writePage(of: currentReport, comparedAs: comparison, into: directory)
        return comparison.regressions.isEmpty ? .success : .failure
    }
}
