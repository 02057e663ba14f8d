import BenchmarkEngine
import Foundation

extension BenchApp {
    /// `bench run`: every selected scenario, the summary, the reports, and the comparison with a
    /// baseline when one is named.
    static func run(_ options: BenchCommand.RunOptions, arguments: [String]) async -> Int32 {
        let selected = select(options.filter)
        guard !selected.isEmpty else {
            Platform.writeToStandardError("error: no scenario matches '\(options.filter ?? "")'; see 'bench list'\n")
            return ExitCode.usage
        }
        let reports = URL(fileURLWithPath: options.outputDirectory)
        // Resolved before measuring, so a mistyped name fails in a second, not after the suite.
        let baseline: (name: String, report: Report)?
        do {
            baseline = try options.baseline.map { ($0, try loadBaseline($0, reportsDirectory: reports)) }
        } catch {
            return fail(error)
        }

        let startedAt = Date()
        let counter = AllocationCounter.shared
        let environment = Report.Environment.current(toolVersion: version, allocator: counter?.backend)
        let console = Console()
        console.header(scenarios: selected.count, isQuick: options.isQuick, environment: environment)

        var results: [ScenarioResult] = []
        var failed = false
        let progress = ProgressMeter()
        for scenario in selected {
            progress.reset()
            let ticker = console.showProgress(of: scenario.name, progress)
            do {
                let context = ScenarioContext(name: scenario.name, isQuick: options.isQuick, allocations: counter, progress: progress)
                results += try await scenario.run(in: context)
            } catch {
                failed = true
                Platform.writeToStandardError("error: scenario \(scenario.name) failed: \(error)\n")
            }
            await ticker.stop()
        }

        let comparedWith = baseline.map { (name: $0.name, report: $0.report, thresholds: options.thresholds) }
        guard let report = publish(
            results, commandLine: ["bench"] + arguments, startedAt: startedAt, environment: environment,
            isQuick: options.isQuick, directory: options.outputDirectory, formats: options.formats, comparedWith: comparedWith
        ) else {
            return ExitCode.failure
        }
        if let comparison = report.baselineComparison, !comparison.regressions.isEmpty {
            return ExitCode.failure
        }
        return failed ? ExitCode.failure : ExitCode.success
    }

    /// Makes the report of a run (`bench run` or `bench load`), compared with a baseline when one is
    /// given, prints its summary and writes its files. The stored command line has its secrets
    /// redacted. Returns the report, or `nil` (with the reason on standard error) when it could not be
    /// written.
    static func publish(
        _ results: [ScenarioResult],
        commandLine: [String],
        startedAt: Date,
        environment: Report.Environment,
        isQuick: Bool,
        directory: String,
        formats: [ReportFormat],
        comparedWith baseline: (name: String, report: Report, thresholds: Thresholds)? = nil
    ) -> Report? {
        var report = Report(
            runID: ReportStore.makeRunID(startedAt: startedAt),
            startedAt: ISO8601DateFormatter().string(from: startedAt),
            environment: environment,
            commandLine: CommandLineRedaction.redact(commandLine),
            isQuick: isQuick,
            scenarios: results
        )
        if let baseline {
            report.baselineComparison = RunComparison(
                baselineName: baseline.name, baseline: baseline.report, current: report,
                thresholds: baseline.thresholds, overrides: thresholds(for:)
            )
        }
        print(SummaryTable(report).markdown())
        do {
            let written = try ReportStore(directory: URL(fileURLWithPath: directory)).write(report, formats: formats)
            if let comparison = report.baselineComparison {
                try write(comparison, into: written)
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
