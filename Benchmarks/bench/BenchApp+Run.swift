import BenchmarkEngine
import Foundation

extension BenchApp {
    /// `bench run`: every selected scenario, the summary, the reports, and the comparison with a
    /// baseline when one is named.
    /// `arguments` are stored in the report with their secrets redacted.
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

        var report = Report(
            runID: ReportStore.makeRunID(startedAt: startedAt),
            startedAt: ISO8601DateFormatter().string(from: startedAt),
            environment: environment,
            commandLine: Redaction.commandLine(["bench"] + arguments),
            isQuick: options.isQuick,
            scenarios: results
        )
        if let baseline {
            report.baselineComparison = RunComparison(
                baselineName: baseline.name, baseline: baseline.report, current: report,
                thresholds: options.thresholds, overrides: thresholds(for:)
            )
        }
        print(SummaryTable(report).markdown())
        do {
            let directory = try ReportStore(directory: reports).write(report, formats: options.formats)
            if let comparison = report.baselineComparison {
                try write(comparison, into: directory)
                print(comparison.markdown())
            }
            print("Reports: \(directory.path)")
        } catch {
            return fail(error)
        }
        if let comparison = report.baselineComparison, !comparison.regressions.isEmpty {
            return ExitCode.failure
        }
        return failed ? ExitCode.failure : ExitCode.success
    }
}
