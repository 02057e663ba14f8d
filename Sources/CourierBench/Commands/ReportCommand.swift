import BenchmarkEngine
import Foundation

/// `report`: the HTML page of runs already made, from their `report.json`; given several, one page
/// that overlays them (before and after, transport A and B) with a legend.
public struct ReportCommand: BenchCommand, Equatable {
    public static let name = "report"
    public static let abstract = "Renders report.html from runs' report.json, several overlaid."
    public static let synopsis = "report <run>... [--label <name>]... [--out <file>]"

    /// The most runs one page overlays: past it, colours and markers repeat and a chart stops reading.
    public static let maximumRuns = 8

    /// Run directories or `report.json` files, in the order their series are drawn.
    public var runs: [String]
    /// The legend's name for each run, in order; a run without one is named by its run identifier.
    public var labels: [String] = []
    /// The page's path; `nil` for the default: beside the report for one run, `report.html` in the
    /// working directory for several.
    public var output: String?

    /// A page of `runs`.
    public init(runs: [String]) {
        self.runs = runs
    }

    static let label = OptionDeclaration(
        repeating: "label",
        value: OptionValue { text, option throws(InvalidValue) in
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw .expected("a name", not: text, for: option) }
            return text
        },
        valueName: "<name>", help: "The legend's name for the next run, in order (default: its run id)."
    )
    static let out = OptionDeclaration(
        "out",
        value: OptionValue(completion: .file) { output, option throws(InvalidValue) in
            guard !output.hasSuffix("/") else { throw .expected("a file path", not: output, for: option) }
            return output
        },
        valueName: "<file>", help: "Where to write the page.",
        defaultDescription: "report.html beside the report for one run; ./report.html for several"
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview:
                "Renders the HTML report of runs from their report.json: one run's page, or several runs overlaid on the same axes (latency spectra, times per operation) with a legend; or a capacity search's page from its capacity.json.",
            usage: [synopsis],
            arguments: [
                .init(
                    "<run>",
                    help: "A run directory or report.json; up to \(maximumRuns). Or one capacity search's directory or capacity.json.")
            ],
            options: [label, out],
            discussion: "The page is self-contained (inline CSS and SVG, no script, no outside request): open it in any browser, from disk."
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ReportCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool, positionals: maximumRuns).parse(arguments)
        guard !parsed.positionals.isEmpty else {
            throw UsageError(message: "missing <run> (a run directory or report.json)", usage: parsed.usage)
        }
        var command = ReportCommand(runs: parsed.positionals)
        command.labels = try parsed.value(of: label)
        guard command.labels.count <= command.runs.count else {
            throw UsageError(
                message: "\(command.labels.count) values of '--label' for \(command.runs.count) runs (at most one per run)",
                usage: parsed.usage)
        }
        command.output = try parsed.value(of: out)
        return command
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        // Every report is read before anything is written, so a bad one leaves no page behind.
        let page: String
        let directory: URL
        if let capacity = try RunArchive.loadCapacity(URL(fileURLWithPath: runs[0])) {
            guard runs.count == 1 else {
                throw UsageError(
                    message: "'\(runs[0])' is a capacity search, whose page shows it alone (give it as the only <run>)",
                    usage: Self.help(in: context.suite))
            }
            page = HTMLReportWriter.render(capacity.report)
            directory = capacity.directory
        } else {
            let loaded = try runs.map { try RunArchive.loadRun(URL(fileURLWithPath: $0)) }
            page = HTMLReportWriter.render(
                runs: loaded.enumerated().map { index, run in
                    LabeledReport(label: index < labels.count ? labels[index] : run.report.runID, report: run.report)
                })
            directory = loaded.count == 1 ? loaded[0].directory : URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        }
        let destination = output.map(URL.init(fileURLWithPath:)) ?? directory.appendingPathComponent(ReportFormat.html.fileName)
        do {
            try Platform.writeAtomically(Data(page.utf8), to: destination)
        } catch {
            throw ReportError.cannotWrite(path: destination.path, reason: (error as? PlatformError)?.reason ?? "\(error)")
        }
        print("Report: \(destination.path)")
        return .success
    }
}
