import BenchmarkEngine
import Foundation

/// `thresholds update | check`: absolute limits per scenario and metric (allocations, instructions,
/// estimated cycles, p99, throughput), kept in the repository as one readable file per scenario
/// (`ScenarioLimits`), written by `update` from a run and judged by `check`. Neither needs a
/// baseline or a history: the limits are the files.
public struct ThresholdsCommand: BenchCommand, Equatable {
    /// What to do with the limits.
    public enum Action: String, Sendable, Equatable {
        /// Writes the limits of the run's scenarios: new ones at their figures, improved ones tightened.
        case update
        /// Judges the run by the limits; exits 1 when any is broken.
        case check
    }

    public static let name = "thresholds"
    public static let abstract = "Writes or checks the limits kept in the repository, one file per scenario."
    public static let synopsis = "thresholds update [<run>] [--limits <dir>]\nthresholds check [<run>] [--limits <dir>]"

    /// Where limits live unless `--limits` names another directory.
    public static let defaultDirectory = "Thresholds"

    /// Update or check.
    public var action: Action
    /// The run to read: a run directory, its `report.json`, or a reports directory (its latest run).
    public var run = "Reports"
    /// The directory of the limits files.
    public var directory = ThresholdsCommand.defaultDirectory
    /// The scenarios whose limits are written or judged.
    public var selection = ScenarioSelection()
    /// Whether a debug build's run may be held to release limits, or write limits (`--allow-debug`).
    public var allowsDebug = false

    /// `action` on the latest run in `Reports`, with the limits in ``defaultDirectory``.
    public init(action: Action) {
        self.action = action
    }

    static let limits = OptionDeclaration(
        "limits", value: .directory, default: defaultDirectory, valueName: "<dir>",
        help: "The directory of the limits files: <dir>/<scenario>.json, one per scenario."
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview:
                "Absolute limits per scenario and metric, kept in the repository: 'update' writes them from a run, 'check' judges a run by them. No baseline, no history: the limits are the files, one per scenario, and a change of limit is a line of a diff.",
            usage: [
                "thresholds update [<run>] [--limits <dir>] [--filter <pattern>]... [--skip <pattern>]... [--allow-debug]",
                "thresholds check [<run>] [--limits <dir>] [--filter <pattern>]... [--skip <pattern>]... [--allow-debug]",
            ],
            arguments: [
                .init("<run>", help: "A run directory, its report.json, or a reports directory for its latest run. (default: Reports)")
            ],
            options: [limits] + ScenarioSelection.options + [ComparisonOptions.allowDebug],
            subcommands: [Action.update.rawValue, Action.check.rawValue],
            discussion: """
                The metrics: allocations (mallocs/op), instructions and estimated-cycles (counted runs, '--instructions'), p99 (load scenarios, ns) and throughput (ops/s, not of counted runs). Each limit has a tolerance: a figure beyond limit × (1 + tolerance), or below limit × (1 − tolerance) for throughput, breaks it. New limits get 1% (allocations, instructions), 2% (estimated cycles) or 30% (p99, throughput); edit a file to change one.

                'update' writes a file for each scenario of the run that has none, adds limits for metrics it measured that the file lacks, and tightens a limit the run bettered by more than its tolerance; it never loosens one (edit or delete the file to accept a worse figure). 'check' prints every limit with the run's figure, exits 1 naming each scenario and metric beyond its limit (or a scenario that failed), says which limits could be tightened, writes thresholds.junit.xml beside the run's report and, when GITHUB_STEP_SUMMARY is set, appends its table to the job's summary. A debug build's run is not held to a release build's limits, nor writes them, without '--allow-debug' (exit 64).
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ThresholdsCommand {
        let usage = help(in: suite)
        guard let word = arguments.first else {
            throw UsageError(message: "missing thresholds command (update or check)", usage: usage)
        }
        guard let action = Action(rawValue: word) else {
            throw UsageError(message: "unknown thresholds command '\(word)' (expected update or check)", usage: usage)
        }
        let parsed = try CommandLineParser(options: declaration(in: suite).options, positionals: 1, usage: usage).parse(
            arguments.dropFirst())
        var command = ThresholdsCommand(action: action)
        command.run = parsed.positionals.first ?? command.run
        command.directory = try parsed.value(of: limits)
        command.selection = try ScenarioSelection.parse(parsed)
        command.allowsDebug = try parsed.value(of: ComparisonOptions.allowDebug)
        return command
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        let (report, runDirectory) = try RunArchive.loadRun(URL(fileURLWithPath: run))
        let store = LimitsStore(directory: URL(fileURLWithPath: directory))
        let results = ScenarioLimits.limitable(report).filter { selection.selects($0.name) }
        let failures = report.failedScenarios.filter { selection.selects($0.name) }
        switch action {
        case .update:
            return try update(from: report, results: results, failures: failures, into: store)
        case .check:
            return try check(report, in: runDirectory, results: results, failures: failures, against: store, context: context)
        }
    }

    private func refuseDebug(_ report: Report, against limits: [ScenarioLimits]) throws(DebugBuildError) {
        guard !allowsDebug, report.environment.isDebugBuild,
            limits.contains(where: { $0.buildConfiguration == Report.Environment.releaseBuild })
        else { return }
        throw DebugBuildError(judged: "run \(report.runID)", against: "the limits in \(directory)")
    }

    private func update(from report: Report, results: [ScenarioResult], failures: [ScenarioFailure], into store: LimitsStore) throws
        -> BenchExitCode
    {
        let existing = try store.load()
        // Limits written from a debug build would hold release builds to a debug build's figures.
        if !allowsDebug, report.environment.isDebugBuild {
            throw DebugBuildError(judged: "run \(report.runID)", against: "limits meant for release builds, which it would write")
        }
        try refuseDebug(report, against: Array(existing.values))
        // Every file rendered before any is written: an update is whole or not at all.
        var changed: [(ScenarioLimits, Data)] = []
        var lines: [String] = []
        for result in results {
            let before =
                existing[result.name]
                ?? ScenarioLimits(scenario: result.name, buildConfiguration: report.environment.buildConfiguration, limits: [:])
            let after = before.updated(by: result)
            guard after != before || existing[result.name] == nil else { continue }
            changed.append((after, try JSONReportWriter.render(value: after)))
            for metric in LimitMetric.all {
                guard let limit = after.limits[metric.name], before.limits[metric.name] != limit else { continue }
                let was = before.limits[metric.name].map { "tightened from \(LimitVerdict.format($0.limit))" } ?? "new"
                lines.append(
                    "\(result.name) \(metric.name): \(LimitVerdict.format(limit.limit)) \(limit.unit) ± \(LimitVerdict.format(limit.tolerance * 100))% (\(was))"
                )
            }
        }
        for (limits, data) in changed { try store.write(data, for: limits.scenario) }
        lines += failures.map { "\($0.name): failed in run \(report.runID), no limits written (\($0.reason))" }
        print((lines.isEmpty ? ["Every limit in \(directory) holds and none could be tightened."] : lines).joined(separator: "\n"))
        print("Updated \(changed.count) of \(results.count) scenario files in \(directory) from run \(report.runID).")
        return .success
    }

    private func check(
        _ report: Report, in runDirectory: URL, results: [ScenarioResult], failures: [ScenarioFailure], against store: LimitsStore,
        context: CommandContext
    ) throws -> BenchExitCode {
        let limits = try store.load()
        guard !limits.isEmpty else {
            throw MissingInput("no limits in \(directory) (write them with '\(context.suite.tool) thresholds update')")
        }
        try refuseDebug(report, against: Array(limits.values))
        let verdicts = results.flatMap { result in limits[result.name].map { $0.verdicts(for: result) } ?? [] }
        let unlimited = results.map(\.name).filter { limits[$0] == nil }
        let ran = Set(results.map(\.name) + report.failedScenarios.map(\.name))
        let absent = limits.keys.filter { selection.selects($0) && !ran.contains($0) }.sorted()

        var lines = ["Limits in \(directory) against run \(report.runID):"]
        lines += verdicts.map { verdict in
            switch verdict.status {
            case .beyond: "BEYOND  \(verdict.line)"
            case .tightenable: "TIGHTEN \(verdict.line): '\(context.suite.tool) thresholds update' tightens it"
            case .within: "ok      \(verdict.line)"
            case .unmeasured: "-       \(verdict.line): not judged"
            }
        }
        lines += failures.map { "FAILED  \($0.name): \($0.cause.rawValue) (\($0.reason))" }
        if !unlimited.isEmpty { lines.append("No limits yet for \(unlimited.joined(separator: ", ")): 'thresholds update' writes them.") }
        if !absent.isEmpty { lines.append("Not in this run, not judged: \(absent.joined(separator: ", ")).") }
        let beyond = verdicts.filter { $0.status == .beyond }
        let tightenable = verdicts.count { $0.status == .tightenable }
        lines.append(
            "\(beyond.count) limits broken in \(Set(beyond.map(\.scenario)).count) scenarios, \(failures.count) scenarios failed; "
                + "\(tightenable) limits could be tightened.")
        let text = lines.joined(separator: "\n")

        let junit = JUnitReport(judging: "limits in \(directory)", of: report, cases: Self.cases(verdicts, failures: failures))
        try Platform.writeAtomically(Data(junit.xml().utf8), to: runDirectory.appendingPathComponent("thresholds.junit.xml"))
        print(text)
        if let summary = context.stepSummary {
            try RunArchive.append(Self.markdown(verdicts, failures: failures, text: lines.last ?? ""), to: summary)
        }
        return beyond.isEmpty && failures.isEmpty ? .success : .failure
    }

    /// A JUnit test case per limit judged: broken ones fail with their figures, unmeasured ones are
    /// skipped; a scenario that failed to run is in error.
    static func cases(_ verdicts: [LimitVerdict], failures: [ScenarioFailure]) -> [JUnitReport.TestCase] {
        verdicts.map { verdict in
            var testCase = JUnitReport.TestCase(classname: verdict.scenario, name: verdict.metric, output: verdict.line)
            switch verdict.status {
            case .beyond: testCase.outcome = .failure(message: "beyond its limit: \(verdict.line)", details: verdict.line)
            case .unmeasured: testCase.outcome = .skipped(message: "not measured in this run")
            case .tightenable: testCase.output = "\(verdict.line): could be tightened"
            case .within: break
            }
            return testCase
        }
            + failures.map { failure in
                JUnitReport.TestCase(
                    classname: failure.name, name: "limits",
                    outcome: .error(message: "\(failure.name) \(failure.cause.rawValue): \(failure.reason)", details: failure.reason))
            }
    }

    /// The check as a job summary's table: every limit broken or tightenable, and the count.
    static func markdown(_ verdicts: [LimitVerdict], failures: [ScenarioFailure], text total: String) -> String {
        let shown = verdicts.filter { $0.status == .beyond || $0.status == .tightenable }
        var lines = ["### Limits", ""]
        if !shown.isEmpty || !failures.isEmpty {
            lines += ["| scenario | metric | figure | limit | verdict |", "|---|---|--:|--:|---|"]
            lines += shown.map { verdict in
                let figure = verdict.value.map(LimitVerdict.format) ?? "–"
                let limit = "\(LimitVerdict.format(verdict.limit.limit)) ± \(LimitVerdict.format(verdict.limit.tolerance * 100))%"
                return
                    "| \(verdict.scenario) | \(verdict.metric) | \(figure) \(verdict.limit.unit) | \(limit) | \(verdict.status == .beyond ? "**beyond**" : "could be tightened") |"
            }
            lines += failures.map { "| \($0.name) | – | – | – | **failed**: \($0.reason.replacingOccurrences(of: "|", with: "\\|")) |" }
            lines.append("")
        }
        return (lines + [total, ""]).joined(separator: "\n") + "\n"
    }
}

/// The limits files of a directory: `<directory>/<scenario>.json`, a scenario name standing as a
/// relative path (``ScenarioName``'s rules make sure it can).
struct LimitsStore {
    let directory: URL

    /// The file of `scenario`'s limits.
    func file(of scenario: String) -> URL {
        directory.appendingPathComponent(scenario + ".json")
    }

    /// Every limits file under the directory, by scenario; none when it does not exist.
    ///
    /// - Throws: ``InvalidInput`` naming a file that is not a limits file.
    func load() throws -> [String: ScenarioLimits] {
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [:] }
        var limits: [String: ScenarioLimits] = [:]
        for case let file as URL in files where file.pathExtension == "json" {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            do {
                let decoded = try JSONDecoder().decode(ScenarioLimits.self, from: data)
                limits[decoded.scenario] = decoded
            } catch {
                throw InvalidInput("\(file.path): not a limits file (\(error))")
            }
        }
        return limits
    }

    /// Writes `data`, a rendered `ScenarioLimits`, as `scenario`'s file.
    func write(_ data: Data, for scenario: String) throws {
        let destination = file(of: scenario)
        try Platform.makeDirectories(destination.deletingLastPathComponent())
        try Platform.writeAtomically(data, to: destination)
    }
}
