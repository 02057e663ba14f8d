import BenchmarkEngine
import Foundation

/// Turns a run's results into its report, its summary on the console and its files.
enum ReportPublisher {
    /// Makes the report of a run (`run`, `load` or `merge`), with the scenarios that failed,
    /// compared with a baseline when one is given (accepting the absence or failure of the
    /// scenarios it names), with a load run's plan and a merged run's shards when given, prints its
    /// summary and writes its files into the directory of run `runID` (by default the one
    /// `startedAt` makes), the comparison's table appended to `stepSummary` when given. The stored
    /// command line has its secrets redacted.
    /// Returns the report, or `nil` (with the reason on standard error) when it could not be
    /// written.
    static func publish(
        _ results: [ScenarioResult],
        failures: [ScenarioFailure] = [],
        runID: String? = nil,
        commandLine: [String],
        startedAt: Date,
        environment: Report.Environment,
        isQuick: Bool,
        directory: String,
        formats: [ReportFormat],
        suite: BenchSuite,
        comparedWith baseline: (name: String, report: Report, thresholds: BenchmarkEngine.Thresholds, accepting: Set<String>)? = nil,
        load: LoadPlan? = nil,
        shards: ShardSet? = nil,
        stepSummary: URL? = nil
    ) -> Report? {
        var report = Report(
            runID: runID ?? ReportStore.makeRunID(startedAt: startedAt),
            startedAt: ISO8601DateFormatter().string(from: startedAt),
            environment: environment,
            commandLine: CommandLineRedaction.redact(commandLine),
            isQuick: isQuick,
            scenarios: results,
            failedScenarios: failures
        )
        report.load = load
        report.shards = shards
        if let baseline {
            report.baselineComparison = RunComparison(
                baselineName: baseline.name, baseline: baseline.report, current: report,
                thresholds: baseline.thresholds, accepting: baseline.accepting, overrides: suite.thresholds(for:)
            )
        }
        print(SummaryTable(report).markdown())
        do {
            let written = try ReportStore(directory: URL(fileURLWithPath: directory)).write(report, formats: formats)
            if let comparison = report.baselineComparison {
                try RunArchive.write(comparison, of: report, into: written, stepSummary: stepSummary)
                print(comparison.markdown())
            }
            print("Reports: \(written.path)")
            return report
        } catch {
            Platform.writeToStandardError("error: \(error)\n")
            return nil
        }
    }
}
