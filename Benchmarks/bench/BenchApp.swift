import BenchmarkEngine
import Foundation

/// The bench's entry point: parses the command line, runs what it asks, and turns every outcome
/// into an exit code.
enum BenchApp {
    static let version = "0.1.0"

    /// Exit codes, as `bench --help` documents them.
    enum ExitCode {
        static let success: Int32 = 0
        static let failure: Int32 = 1
        static let usage: Int32 = 64
    }

    /// Every scenario, in the order the default suite runs them.
    static var scenarios: [Scenario] {
        RequestBuildingScenarios.all + DecodingScenarios.all + LoadScenarios.all + EngineScenarios.all
    }

    /// Runs the command `arguments` (without the program name) and returns the process's exit code.
    static func main(arguments: [String]) async -> Int32 {
        let command: BenchCommand
        do {
            command = try BenchCommand.parse(arguments)
        } catch {
            Platform.writeToStandardError("\(error)\n")
            return ExitCode.usage
        }
        switch command {
        case .help(let text):
            print(text)
            return ExitCode.success
        case .list(let filter):
            for scenario in select(filter) {
                let name = scenario.name.padding(toLength: 32, withPad: " ", startingAt: 0)
                print("\(name) \(scenario.summary)\(scenario.isDefault ? "" : " (not in the default suite)")")
            }
            return ExitCode.success
        case .run(let options):
            return await run(options, arguments: arguments)
        case .load(let options):
            return await LoadCommand.run(options, arguments: arguments)
        case .serve(let port, let seconds):
            return await ServeCommand.run(port: port, seconds: seconds)
        case .fixtures(let directory):
            return FixturesCommand.run(directory: directory)
        }
    }

    /// The scenarios whose names contain `filter`, ignoring case, or the default suite.
    static func select(_ filter: String?) -> [Scenario] {
        guard let filter else { return scenarios.filter(\.isDefault) }
        return scenarios.filter { $0.name.localizedCaseInsensitiveContains(filter) }
    }

    private static func run(_ options: BenchCommand.RunOptions, arguments: [String]) async -> Int32 {
        let selected = select(options.filter)
        guard !selected.isEmpty else {
            Platform.writeToStandardError("error: no scenario matches '\(options.filter ?? "")'; see 'bench list'\n")
            return ExitCode.usage
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

        let published = publish(
            results, commandLine: ["bench"] + arguments, startedAt: startedAt, environment: environment, isQuick: options.isQuick,
            directory: options.outputDirectory, formats: options.formats
        )
        guard published else { return ExitCode.failure }
        return failed ? ExitCode.failure : ExitCode.success
    }

    /// Prints the summary table and writes the reports of a run; false (with the reason on standard
    /// error) when they could not be written. The stored command line has its secrets redacted.
    static func publish(
        _ results: [ScenarioResult],
        commandLine: [String],
        startedAt: Date,
        environment: Report.Environment,
        isQuick: Bool,
        directory: String,
        formats: [ReportFormat]
    ) -> Bool {
        let report = Report(
            runID: ReportStore.makeRunID(startedAt: startedAt),
            startedAt: ISO8601DateFormatter().string(from: startedAt),
            environment: environment,
            commandLine: Redaction.commandLine(commandLine),
            isQuick: isQuick,
            scenarios: results
        )
        print(SummaryTable(report).markdown())
        do {
            let written = try ReportStore(directory: URL(fileURLWithPath: directory)).write(report, formats: formats)
            print("Reports: \(written.path)")
            return true
        } catch {
            Platform.writeToStandardError("error: \(error)\n")
            return false
        }
    }
}
