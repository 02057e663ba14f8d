import BenchmarkEngine
import Foundation

/// `history list | show | export | import | check | report`: the run history in an SQLite file
/// (`RunHistory`, in BenchmarkEngine), `Reports/history.sqlite` unless `--history` names another.
public enum HistoryCommand: BenchCommand, Equatable {
    /// Lists every run, oldest first.
    case list(history: String)
    /// Prints one scenario's series: a line per run with its main figures and any named ones.
    case show(scenario: String, figures: [String], history: String)
    /// Writes the whole history (of the scenarios `selection` selects: every one by default) in each
    /// format, to standard output or `output`.
    case export(formats: [HistoryExportFormat], output: String?, history: String, selection: ScenarioSelection = ScenarioSelection())
    /// Appends existing reports and saved baselines to the history, skipping runs already in it.
    case `import`(sources: [String], commit: String?, branch: String?, reportsDirectory: String, history: String)
    /// Looks for change points in every selected scenario's series of `metric` and fails when the
    /// newest runs open a regression (BenchmarkEngine's `SeriesCheck`). Refuses to judge a newest
    /// run of a debug build after release runs unless `allowsDebug`.
    case check(
        metric: String, window: Int, history: String, selection: ScenarioSelection = ScenarioSelection(), allowsDebug: Bool = false)
    /// Writes a page of every selected scenario's trend of `metric`, with its change points and the
    /// verdict `check` gives, to `output`.
    case report(metric: String, window: Int, output: String, history: String, selection: ScenarioSelection = ScenarioSelection())

    public static let name = "history"
    public static let abstract = "Lists, shows, exports, seeds, checks or charts the history of runs."
    public static let synopsis =
        "history list\nhistory show <scenario>\nhistory export [--format csv,json] [--out <path>]\nhistory import <report.json | run dir | baseline>...\nhistory check [--metric <figure>] [--window <runs>]\nhistory report [--metric <figure>] [--window <runs>] [--out <file.html>]"

    /// Where `report` writes its page unless `--out` names another file.
    static let defaultPagePath = "Reports/history.html"

    /// The figures `show` prints when the scenario has them.
    static let shownFigures = [
        (HistoryFigures.nanosecondsPerOperation, "ns/op"), (HistoryFigures.operationsPerSecond, "ops/s"),
        (HistoryFigures.mallocsPerOperation, "mallocs/op"), (HistoryFigures.bytesAllocatedPerOperation, "bytes/op"),
        (HistoryFigures.instructionsPerOperation, "instr/op"), (HistoryFigures.estimatedCyclesPerOperation, "cycles/op"),
        (HistoryFigures.speedup, "speedup"), (HistoryFigures.latencyP99, "p99 ns"),
    ]

    static let history = OptionDeclaration(
        "history", value: .file, default: RunHistory.defaultPath, valueName: "<file>", help: "The history database."
    )
    static let figure = OptionDeclaration(
        repeating: "figure", value: .text(), valueName: "<name>",
        help: "Another figure for 'show' to print, by its name in 'export' (counts.instructionsPerOperation, latency.summary.p50, …)."
    )
    static let format = OptionDeclaration(
        "format",
        value: OptionValue<[HistoryExportFormat]>.list(of: "format", expected: "csv or json"),
        default: [.csv], valueName: "<formats>", help: "Comma-separated: csv, json."
    )
    static let out = OptionDeclaration(
        "out", value: .file, valueName: "<path>",
        help:
            "The file to export to; with several formats, a directory that gets history.csv and history.json (default: standard output). For 'report', the page (default: \(defaultPagePath))."
    )
    static let commit = OptionDeclaration(
        "commit", value: .text(), valueName: "<sha>", help: "The commit of the imported runs.", defaultDescription: "the report's"
    )
    static let branch = OptionDeclaration(
        "branch", value: .text(), valueName: "<name>", help: "The branch of the imported runs.", defaultDescription: "none"
    )
    static let reports = OptionDeclaration(
        "reports", value: .directory, default: "Reports", valueName: "<dir>", help: "Where saved baselines live."
    )
    static let metric = OptionDeclaration(
        "metric", value: .text(), default: HistoryFigures.nanosecondsPerOperation, valueName: "<figure>",
        help: "The figure 'check' and 'report' follow, by its name in 'export'."
    )
    static let window = OptionDeclaration(
        "window",
        value: OptionValue { text, _ throws(InvalidValue) in
            let minimum = 2 * ChangePointConfiguration().minimumSegment
            guard let value = Int(text), value >= minimum else {
                throw InvalidValue("'--window' needs a whole number of runs, at least \(minimum) (got '\(text)')")
            }
            return value
        },
        default: ChangePointConfiguration().window, valueName: "<runs>",
        help: "The runs one change-point search looks at, at least \(2 * ChangePointConfiguration().minimumSegment)."
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        let search = ChangePointConfiguration()
        return CommandDeclaration(
            overview:
                "The history of runs, an SQLite database: 'run --history <file>' appends each run to it, with its commit, branch, machine, toolchain and build, and every figure of each scenario.",
            usage: [
                "history list [--history <file>]",
                "history show <scenario> [--figure <name>]... [--history <file>]",
                "history export [--format <formats>] [--out <path>] [--filter <pattern>]... [--skip <pattern>]... [--history <file>]",
                "history import <report.json | run dir | baseline>... [--commit <sha>] [--branch <name>] [--reports <dir>] [--history <file>]",
                "history check [--metric <figure>] [--window <runs>] [--filter <pattern>]... [--skip <pattern>]... [--allow-debug] [--history <file>]",
                "history report [--metric <figure>] [--window <runs>] [--out <file.html>] [--filter <pattern>]... [--skip <pattern>]... [--history <file>]",
            ],
            options: [history, figure, format, out, commit, branch, reports, metric, window] + ScenarioSelection.options + [
                ComparisonOptions.allowDebug
            ],
            subcommands: ["list", "show", "export", "import", "check", "report"],
            discussion: """
                'import' takes run directories, report.json files and names of baselines saved in <reports>/baselines/; a run already in the history is skipped. Every source is read before anything is written, and each run is appended whole or not at all. A file that is not a history, or one a newer bench wrote, is refused (exit 65); a missing one, 66.

                'check' finds the change points in each scenario's series of the figure (E-Divisive means with a t-test, p <= \(search.pValue), at least \(search.minimumMagnitude * 100)%) and exits 1 when the newest runs open a regression: a change the bad way within the newest half window, or a newest run judged different and worse than the window before it; 0 otherwise. 'report' writes a self-contained HTML page of the same: each scenario's series run by run, each change point marked at the first run after it with its size, direction and commit, and the verdict.
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> HistoryCommand {
        let usage = help(in: suite)
        let rest = arguments.dropFirst()
        func parse(_ options: [any CommandLineOption], positionals: Int = 0) throws(UsageError) -> ParsedCommandLine {
            try CommandLineParser(options: [history] + options, positionals: positionals, usage: usage).parse(rest)
        }
        switch arguments.first {
        case "list":
            return .list(history: try parse([]).value(of: history))
        case "show":
            let parsed = try parse([figure], positionals: 1)
            guard let scenario = parsed.positionals.first else { throw UsageError(message: "missing <scenario>", usage: usage) }
            return .show(scenario: scenario, figures: try parsed.value(of: figure), history: try parsed.value(of: history))
        case "export":
            let parsed = try parse([format, out] + ScenarioSelection.options)
            let formats = try parsed.value(of: format)
            if formats.count > 1, !parsed.contains(out) {
                throw UsageError(message: "several formats need '--out <dir>'", usage: usage)
            }
            return .export(
                formats: formats, output: try parsed.value(of: out), history: try parsed.value(of: history),
                selection: try ScenarioSelection.parse(parsed))
        case "import":
            let parsed = try parse([commit, branch, reports], positionals: Int.max)
            guard !parsed.positionals.isEmpty else {
                throw UsageError(message: "missing <report.json | run dir | baseline> to import", usage: usage)
            }
            return .import(
                sources: parsed.positionals, commit: try parsed.value(of: commit), branch: try parsed.value(of: branch),
                reportsDirectory: try parsed.value(of: reports), history: try parsed.value(of: history)
            )
        case "check":
            let parsed = try parse([metric, window, ComparisonOptions.allowDebug] + ScenarioSelection.options)
            return .check(
                metric: try parsed.value(of: metric), window: try parsed.value(of: window), history: try parsed.value(of: history),
                selection: try ScenarioSelection.parse(parsed), allowsDebug: try parsed.value(of: ComparisonOptions.allowDebug))
        case "report":
            let parsed = try parse([metric, window, out] + ScenarioSelection.options)
            return .report(
                metric: try parsed.value(of: metric), window: try parsed.value(of: window),
                output: try parsed.value(of: out) ?? defaultPagePath,
                history: try parsed.value(of: history), selection: try ScenarioSelection.parse(parsed)
            )
        case let other?:
            throw UsageError(
                message: "unknown history command '\(other)' (expected list, show, export, import, check or report)", usage: usage)
        case nil:
            throw UsageError(message: "missing history command (list, show, export, import, check or report)", usage: usage)
        }
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        switch self {
        case .list(let path):
            try Self.list(path)
        case .show(let scenario, let figures, let path):
            try Self.show(scenario, adding: figures, from: path)
        case .export(let formats, let output, let path, let selection):
            try Self.export(path, as: formats, to: output, selecting: selection)
        case .import(let sources, let commit, let branch, let reportsDirectory, let path):
            try Self.importRuns(sources, commit: commit, branch: branch, reportsDirectory: reportsDirectory, into: path)
        case .check(let metric, let window, let path, let selection, let allowsDebug):
            return try Self.check(path, following: metric, window: window, selecting: selection, allowingDebug: allowsDebug)
        case .report(let metric, let window, let output, let path, let selection):
            try Self.writePage(of: path, following: metric, window: window, to: output, selecting: selection)
        }
        return .success
    }

    private static func list(_ path: String) throws {
        let runs = try RunHistory(file: URL(fileURLWithPath: path), create: false).runs()
        if runs.isEmpty { print("No runs in \(path).") }
        for run in runs {
            print(
                "\(run.runID)  \(run.startedAt)  \(short(run.commit))  \(run.branch ?? "-")  \(run.scenarioCount) scenarios\(run.isQuick ? " (quick)" : "")  \(run.machineSummary)  \(run.source)"
            )
        }
    }

    private static func show(_ scenario: String, adding figures: [String], from path: String) throws {
        let history = try RunHistory(file: URL(fileURLWithPath: path), create: false)
        let points = try history.series(of: scenario)
        guard !points.isEmpty else {
            let names = try history.scenarioNames()
            let some = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", … (\(names.count) in all)" : "")
            throw MissingInput("no scenario '\(scenario)' in \(path)" + (names.isEmpty ? "" : " (it has: \(some))"))
        }
        print(table(of: points, adding: figures))
    }

    private static func export(
        _ path: String, as formats: [HistoryExportFormat], to output: String?, selecting selection: ScenarioSelection
    )
        throws
    {
        let history = try RunHistory(file: URL(fileURLWithPath: path), create: false)
        var rendered: [(format: HistoryExportFormat, data: Data)] = []
        for format in formats { rendered.append((format, try history.export(as: format, scenarios: selection.selects))) }
        guard let output else {
            for file in rendered { FileHandle.standardOutput.write(file.data) }
            return
        }
        for file in rendered {
            var destination = URL(fileURLWithPath: output)
            if formats.count > 1 {
                try Platform.makeDirectories(destination)
                destination = destination.appendingPathComponent(file.format.fileName)
            }
            try Platform.writeAtomically(file.data, to: destination)
            print("Wrote \(destination.path)")
        }
    }

    private static func importRuns(_ sources: [String], commit: String?, branch: String?, reportsDirectory: String, into path: String)
        throws
    {
        var reports: [(report: Report, data: Data?, source: String)] = []
        for source in sources { reports.append(try load(source, reportsDirectory: URL(fileURLWithPath: reportsDirectory))) }
        let history = try RunHistory(file: URL(fileURLWithPath: path))
        for entry in reports {
            guard try !history.contains(runID: entry.report.runID) else {
                print("Skipped run \(entry.report.runID) from \(entry.source): in the history already")
                continue
            }
            let metadata = HistoryMetadata(commit: commit, branch: branch, source: entry.source)
            let run = try history.append(entry.report, metadata: metadata, reportJSON: entry.data)
            print("Imported run \(run.runID) (\(run.scenarioCount) scenarios, commit \(short(run.commit))) from \(entry.source)")
        }
    }

    /// A report to import, its file's bytes, and where it came from: a run directory or report
    /// file when `source` is a path that exists, a saved baseline otherwise.
    private static func load(_ source: String, reportsDirectory: URL) throws -> (report: Report, data: Data?, source: String) {
        if FileManager.default.fileExists(atPath: source) {
            let (report, directory) = try RunArchive.loadRun(URL(fileURLWithPath: source))
            let file = source.hasSuffix(".json") ? URL(fileURLWithPath: source) : directory.appendingPathComponent("report.json")
            return (report, FileManager.default.contents(atPath: file.path), "import \(source)")
        }
        guard BaselineStore.isValidName(source) else {
            throw MissingInput("no report, run directory or baseline '\(source)'")
        }
        let store = BaselineStore(directory: reportsDirectory.appendingPathComponent("baselines"))
        let report = try store.load(source)
        return (
            report, FileManager.default.contents(atPath: store.directory.appendingPathComponent("\(source).json").path),
            "baseline \(source)"
        )
    }

    /// The series as a table: a line per run, a column per figure any run has.
    private static func table(of points: [HistoryPoint], adding extra: [String]) -> String {
        let columns = (shownFigures + extra.map { ($0, $0) }).filter { figure in points.contains { $0[figure: figure.0] != nil } }
        let header = ["run", "started", "commit", "branch"] + columns.map { $0.1 }
        let rows = points.map { point in
            [point.run.runID, point.run.startedAt, short(point.run.commit), point.run.branch ?? "-"]
                + columns.map { figure in point[figure: figure.0].map(format) ?? "-" }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(format: abs(value) >= 100 ? "%.1f" : "%.3f", value)
    }

    /// A commit's first 12 characters, or `-`.
    static func short(_ commit: String?) -> String {
        commit.map { String($0.prefix(12)) } ?? "-"
    }
}
