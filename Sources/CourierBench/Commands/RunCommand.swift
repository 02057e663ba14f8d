import BenchmarkEngine
import Foundation

/// `run` (the default command): every selected scenario, the summary, the reports, and the
/// comparison with a baseline when one is named.
public struct RunCommand: BenchCommand, Equatable {
    public static let name = "run"
    public static let abstract = "Runs the default suite, prints a summary and writes reports."
    public static let synopsis = "[run] [<options>]"

    /// The scenarios to run: those `--filter` selects (also outside the default suite) or the
    /// default suite, less those `--skip` leaves out.
    public var selection = ScenarioSelection()
    /// Shorter measurements, for CI.
    public var isQuick = false
    /// Counts instructions under Callgrind instead of timing (micro-benchmarks; load scenarios are left out).
    public var countsInstructions = false
    /// Where run directories go.
    public var outputDirectory = RunCommand.out.defaultValue
    /// The report formats to write.
    public var formats = RunCommand.format.defaultValue
    /// A baseline to compare the run with.
    public var baseline: String?
    /// The thresholds of that comparison.
    public var thresholds = BenchmarkEngine.Thresholds()
    /// Scenarios that may be missing from the run or failed in it without failing that comparison.
    public var allowedMissing: [String] = []
    /// Whether a debug build may be compared with a release baseline (`--allow-debug`).
    public var allowsDebug = false
    /// The history file to append the run to (`--history`); none is written when `nil`.
    public var history: String?
    /// The commit the history records for the run, when not git's (`--commit`).
    public var commit: String?
    /// The branch the history records for the run, when not git's (`--branch`).
    public var branch: String?
    /// What each load scenario's run is judged by (`--slo`).
    var objectives = ObjectiveOptions()
    /// Where the load scenarios' live metrics go while they run (`--metrics-listen`, `--metrics-remote-write`,
    /// `--otlp`), besides the suite's own (``BenchSuite/liveMetrics``).
    var metrics = MetricsOptions()

    /// The default run: the default suite, full length, the default formats, into `Reports`.
    public init() {}

    static let quick = OptionDeclaration(flag: "quick", help: "Short measurements, as CI runs them.")
    static let instructions = OptionDeclaration(
        flag: "instructions",
        help:
            "Counts each micro-benchmark under valgrind (callgrind, cache simulation on): instructions and estimated cycles per operation, exact from run to run (less the Swift runtime's hash-table probes, which move with the executable's layout), instead of times. Load scenarios are not counted and are left out. Without valgrind it exits 64."
    )
    static let out = OptionDeclaration("out", value: .directory, default: "Reports", valueName: "<dir>", help: "Directory for run reports.")
    static let format = OptionDeclaration(
        "format",
        value: .list(of: "format", expected: ReportFormat.names),
        default: ReportFormat.defaults, valueName: "<formats>",
        help:
            "Comma-separated: json, csv, md, hlog, html, the exports bmf (Bencher) and github (github-action-benchmark), and junit (junit.xml: a test case per scenario and per metric a baseline judged, for CI systems).",
        defaultDescription: "all but the exports"
    )
    static let baselineOption = OptionDeclaration(
        "baseline", value: .text(), valueName: "<name>",
        help:
            "Compares the run with a saved baseline (or a report's path); exits 1 on a regression. Scenarios left out by '--filter' or '--skip' may be missing."
    )
    static let historyOption = OptionDeclaration(
        "history", value: .file, valueName: "<file>",
        help: "Appends the run to this history database (see 'history'), e.g. \(RunHistory.defaultPath). No history is written without it."
    )
    static let commitOption = OptionDeclaration(
        "commit", value: .text(), valueName: "<sha>", help: "The commit the history records.", defaultDescription: "git rev-parse HEAD"
    )
    static let branchOption = OptionDeclaration(
        "branch", value: .text(), valueName: "<name>", help: "The branch the history records.", defaultDescription: "git's current branch"
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview: "Runs scenarios, prints a summary table and writes Reports/<run-id>/.",
            usage: [
                "run [--filter <pattern>]... [--skip <pattern>]... [--quick] [--instructions] [--out <dir>] [--format <formats>] [--baseline <name> [<thresholds>]] [--slo <objective>]... [--slo-window <w>] [--history <file> [--commit <sha>] [--branch <name>]] "
                    + CommandDeclaration.synopsis(of: MetricsOptions.options)
            ],
            options: ScenarioSelection.options + [quick, instructions, out, format, baselineOption] + ComparisonOptions.options
                + ObjectiveOptions.options
                + [historyOption, commitOption, branchOption] + MetricsOptions.options,
            discussion: """
                A scenario that throws, or crashes its worker process, is reported as failed (exit 1), with its reason, in every report; a crash prints one line, the runtime's message, and keeps its whole standard error (the backtrace) in <run>/failures/<scenario>.log. The others' results are still written. Objectives judge the load scenarios (those with a time series, of 1 s intervals); a breach exits 3 unless something exits 1 first. Live metrics (--metrics-listen, --metrics-remote-write, --otlp, and those the suite declares in Swift) carry each load scenario's figures under its own scenario label, with transport="suite"; micro-benchmarks have none. In worker processes, the worker serves and pushes them, and lingers for --metrics-grace before the reports are written.
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> RunCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        var run = RunCommand()
        run.selection = try ScenarioSelection.parse(parsed)
        run.isQuick = try parsed.value(of: quick)
        run.countsInstructions = try parsed.value(of: instructions)
        run.outputDirectory = try parsed.value(of: out)
        if let baseline = try parsed.value(of: baselineOption) {
            run.baseline = try ComparisonOptions.baseline(baseline, usage: parsed.usage)
        }
        run.thresholds = try ComparisonOptions.thresholds(parsed)
        run.allowedMissing = try parsed.value(of: ComparisonOptions.allowMissing)
        run.allowsDebug = try parsed.value(of: ComparisonOptions.allowDebug)
        run.history = try parsed.value(of: historyOption)
        run.commit = try parsed.value(of: commitOption)
        run.branch = try parsed.value(of: branchOption)
        if run.history == nil, let orphan = [commitOption, branchOption].first(where: parsed.contains) {
            throw UsageError(message: "'--\(orphan.name)' is recorded only in a history; add '--history <file>'", usage: parsed.usage)
        }
        run.objectives = try ObjectiveOptions.parse(
            parsed, intervalSeconds: Duration(nanoseconds: LoadConfiguration.defaultIntervalNanoseconds).seconds)
        run.formats = try parsed.value(of: format)
        // Instructions leave the load scenarios out: nothing for the suite's own exporters to watch.
        run.metrics = try MetricsOptions.parse(parsed, declared: run.countsInstructions ? SuiteLiveMetrics() : suite.liveMetrics)
        if run.countsInstructions, run.metrics.isEnabled {
            throw UsageError(message: "live metrics watch load scenarios, which '--instructions' leaves out", usage: parsed.usage)
        }
        return run
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        Console.warnIfDebug()
        let suite = context.suite
        var selected = selection.select(suite.scenarios)
        guard !selected.isEmpty else {
            Platform.writeToStandardError("error: no scenario matches \(selection.description); see '\(suite.tool) list'\n")
            return .usage
        }
        var valgrind: Valgrind?
        if countsInstructions {
            valgrind = Valgrind.locate()
            let reason =
                context.execution.canCount
                ? Valgrind.unavailability(locating: valgrind)
                : "'--instructions' counts in worker processes, and this suite runs its scenarios in its own process"
            if let reason {
                Platform.writeToStandardError("error: \(reason)\n")
                return .usage
            }
            let load = selected.filter(\.isLoad)
            if !load.isEmpty {
                Platform.writeToStandardError(
                    "note: load scenarios are not counted, left out: \(load.map(\.name).joined(separator: ", "))\n")
                selected.removeAll(where: \.isLoad)
            }
            guard !selected.isEmpty else {
                Platform.writeToStandardError(
                    "error: '--instructions' counts micro-benchmarks, and \(selection.description) selects only load scenarios\n")
                return .usage
            }
        }
        let reports = URL(fileURLWithPath: outputDirectory)
        // Resolved and checked before measuring, so a mistyped name or an unwritable directory fails
        // in a second, not after the suite.
        let baseline = try self.baseline.map { ($0, try RunArchive.loadBaseline($0, reportsDirectory: reports)) }
        if let (name, report) = baseline {
            try ComparisonOptions.checkBuilds(
                current: BuildConfiguration.current, of: "this run", baseline: report, named: name, allowingDebug: allowsDebug)
        }
        try ReportStore(directory: reports).checkWritable()
        let history = try self.history.map { path throws(HistoryError) in try RunHistory(file: URL(fileURLWithPath: path)) }

        let startedAt = Date()
        let runID = ReportStore.makeRunID(startedAt: startedAt)
        let environment = Report.Environment.current(toolVersion: suite.version, allocator: AllocationCounter.shared?.backend)
        let metrics = self.metrics.isEnabled ? SuiteMetrics(options: self.metrics, runID: runID) : nil
        let live: SuiteObserver?
        do {
            live = try metrics.flatMap { metrics throws(MetricsUnavailable) in try context.execution.start(metrics, for: selected) }
        } catch {
            Platform.writeToStandardError("error: \(error); no scenario was run\n")
            return .failure
        }
        Console().header(tool: suite.tool, scenarios: selected.count, isQuick: isQuick, environment: environment)

        // Failures are reported on standard error as they happen; the others' results go on.
        let outcomes = await context.execution.run(
            selected, isQuick: isQuick, runDirectory: reports.appendingPathComponent(runID), valgrind: valgrind, metrics: metrics,
            live: live)
        var results = outcomes.flatMap(\.results)
        for index in results.indices {
            results[index].serviceLevel = try objectives.verdict(on: results[index])
        }
        let failures = outcomes.compactMap(\.failure)

        // What the filter left out is absent on purpose; a scenario the suite no longer has is not.
        let leftOut =
            !selection.isNarrowed && !countsInstructions
            ? [] : suite.scenarios.map(\.name).filter { name in !selected.contains { $0.name == name } }
        let comparedWith = baseline.map { (name: $0.0, report: $0.1, thresholds: thresholds, accepting: Set(allowedMissing + leftOut)) }
        guard
            let report = ReportPublisher.publish(
                results, failures: failures, runID: runID, commandLine: context.commandLine, startedAt: startedAt, environment: environment,
                isQuick: isQuick, directory: outputDirectory, formats: formats, suite: suite, comparedWith: comparedWith,
                stepSummary: context.stepSummary
            )
        else {
            await live?.close()
            return .failure
        }
        await live?.close()
        if let history {
            let metadata = HistoryMetadata(commit: commit ?? environment.gitCommit, branch: branch ?? GitCheckout.branch, source: "run")
            do {
                let run = try history.append(report, metadata: metadata)
                print("History: appended run \(run.runID) (\(run.scenarioCount) scenarios) to \(history.file.path)")
                // Read back after the append, so the page's trends end at this run. A counted run
                // has no times (under Callgrind they would be the simulator's): its counts are the figure.
                if formats.contains(.html) {
                    let metric = countsInstructions ? HistoryFigures.instructionsPerOperation : HistoryFigures.nanosecondsPerOperation
                    let trends = try ScenarioTrend.trends(
                        in: history, following: metric, window: ChangePointConfiguration().window,
                        scenarios: Set(report.scenarios.map(\.name))
                    )
                    if !trends.isEmpty {
                        try RunArchive.writePage(of: report, trends: trends, into: reports.appendingPathComponent(report.runID))
                    }
                }
            } catch {
                Platform.writeToStandardError("error: \(error)\n")
                return .failure
            }
        }
        if let comparison = report.baselineComparison, !comparison.regressions.isEmpty {
            return .failure
        }
        // Known only now: which scenarios have steps by name is up to what they sent.
        if let objective = objectives.unjudged(by: results).first {
            Platform.writeToStandardError(
                "error: the objective '\(objective)' names the step '\(objective.request ?? "")', but no scenario of this run has steps or requests by name (journeys do)\n"
            )
            return .usage
        }
        return failures.isEmpty ? BenchExitCode(judging: results) : .failure
    }
}
