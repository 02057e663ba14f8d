import BenchmarkEngine
import Foundation

/// `merge`: the reports of a load run's shards made into the one report a single generator would
/// have written, exactly (BenchmarkEngine's `ShardMerge`), in every report format.
public struct MergeCommand: BenchCommand, Equatable {
    public static let name = "merge"
    public static let abstract = "Merges the reports of a load run's shards into one, exactly."
    public static let synopsis = "merge <report>... --out <dir> [--allow-partial] [--slo <objective>]..."

    /// The shards' reports: `report.json` files, run directories, or `--out` directories of `load`
    /// (their latest run).
    public var reports: [String]
    /// Where the merged run's reports go.
    public var outputDirectory: String
    /// Whether a run some of whose shards are missing is merged from the others.
    public var allowsPartial = false
    /// The objectives the merged run is judged by: the whole run's, which no shard's report can judge.
    var objectives = ObjectiveOptions()

    /// A merge of `reports` into `outputDirectory`.
    public init(reports: [String], outputDirectory: String) {
        self.reports = reports
        self.outputDirectory = outputDirectory
    }

    static let out = OptionDeclaration("out", value: .directory, valueName: "<dir>", help: "Directory for the merged run's reports.")
    static let allowPartial = OptionDeclaration(
        flag: "allow-partial",
        help:
            "Merges the shards given when some are missing (or named but left no report); the report names the missing ones and says the run is incomplete."
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview:
                "Merges the reports of the shards of one load run ('load --shard i/n') into one report, exactly: the latency histograms are added, not their percentiles averaged, and the counts and error classes summed.",
            usage: ["merge <report>... --out <dir> [--allow-partial] [--slo <objective>]... [--slo-window <w>]"],
            arguments: [
                .init(
                    "<report>",
                    help: "A shard's report.json, its run directory, or the --out directory of its 'load' (its latest run). One per shard.")
            ],
            options: [out, allowPartial] + ObjectiveOptions.options,
            discussion: """
                Refuses, with the reason on one line, reports that are not shards of one run (another URL, method, header, rate, stages, concurrency, duration, transport, run label, start time, shard count or bench version: exit 65), the same shard twice (65), a shard whose counts do not reconcile (65), and a run with a shard missing without --allow-partial (66). A merged run that breaks an objective exits 3.
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> MergeCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool, positionals: 1000).parse(arguments)
        guard !parsed.positionals.isEmpty else {
            throw UsageError(message: "missing <report>: name each shard's report", usage: parsed.usage)
        }
        guard let out = try parsed.value(of: out) else { throw UsageError(message: "missing '--out <dir>'", usage: parsed.usage) }
        var command = MergeCommand(reports: parsed.positionals, outputDirectory: out)
        command.allowsPartial = try parsed.value(of: allowPartial)
        // The shards' interval is known only once their reports are read: the shortest `load` takes.
        command.objectives = try ObjectiveOptions.parse(parsed, intervalSeconds: 0.1)
        return command
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        var inputs: [ShardMerge.Input] = []
        for path in reports {
            do {
                inputs.append(ShardMerge.Input(source: path, report: try RunArchive.loadRun(URL(fileURLWithPath: path)).report))
            } catch let missing as MissingInput where allowsPartial {
                // A shard that died mid-run leaves its directory without a report: with
                // --allow-partial it is one of the missing shards, which the merge names.
                Platform.writeToStandardError("warning: \(missing); merging the others\n")
            } catch let missing as MissingInput {
                throw MissingInput("\(missing) (a shard that did not finish? --allow-partial merges the others)")
            }
        }
        guard !inputs.isEmpty else { throw MissingInput("none of the \(reports.count) reports given is there") }
        let merge = try ShardMerge(inputs, allowingPartial: allowsPartial)
        let shards = merge.shards
        if !shards.isComplete {
            Platform.writeToStandardError(
                "warning: shard\(shards.missing.count == 1 ? "" : "s") \(shards.missing.map(String.init).joined(separator: ", ")) of \(shards.count) missing; the merged run is incomplete\n"
            )
        }
        var result = merge.result
        result.serviceLevel = try objectives.verdict(on: result)
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: AllocationCounter.shared?.backend)
        let published = ReportPublisher.publish(
            [result], commandLine: context.commandLine, startedAt: Date(timeIntervalSince1970: merge.plan.scheduleStartedAt),
            environment: environment, isQuick: false, directory: outputDirectory, formats: ReportFormat.defaults, suite: context.suite,
            load: merge.plan, shards: shards
        )
        guard published != nil else { return .failure }
        let label = merge.plan.runLabel.map { " of run '\($0)'" } ?? ""
        let start =
            if let late = merge.plan.lateStartSeconds, let startAt = merge.plan.startAt {
                String(format: "all on the schedule from %@, the last ready %.1f ms after it", startAt, late * 1000)
            } else {
                String(format: "launched without a shared start time, %.1f ms apart", shards.startSpreadSeconds * 1000)
            }
        print("Merged \(shards.members.count) of \(shards.count) shards\(label), \(start).")
        return BenchExitCode(judging: [result])
    }
}
