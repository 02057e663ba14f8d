import BenchmarkEngine
import Foundation

/// The hidden command a ``WorkerSupervisor`` starts: runs the named scenarios in order in this process and
/// leaves files for each in the results directory: `<index>.stderr`, what it wrote on standard error
/// while it ran (written as it runs, so a crash's message and backtrace end up there too, and copied to
/// this process's standard error once it ends); then `<index>.json` (a report of its results) or
/// `<index>.failed` (the error it threw, in one line). Not listed in the overview; not meant to be typed.
struct ScenarioWorkerCommand: BenchCommand {
    static let name = "__scenario-worker"
    static let abstract = "Runs scenarios for a parent 'run' process."
    static let synopsis = "__scenario-worker --results <dir> [--quick] [--instructions] [--run-id <id> <metrics options>] -- <name>..."
    /// The file, in the results directory, that Callgrind writes its dumps beside (`--instructions`).
    static let callgrindOutput = "callgrind.out"

    let resultsDirectory: URL
    let isQuick: Bool
    /// Counts instructions: the worker runs under Callgrind.
    var countsInstructions = false
    let names: [String]
    /// The live metrics the parent's `run` asked for, which this worker serves and pushes.
    var metrics: SuiteMetrics?

    static let results = OptionDeclaration("results", value: .directory, valueName: "<dir>", help: "Where the results go.")
    static let quick = OptionDeclaration(flag: "quick", help: "Short measurements.")
    static let instructions = OptionDeclaration(flag: "instructions", help: "Runs under Callgrind.")
    static let runID = OptionDeclaration("run-id", value: .text(), valueName: "<id>", help: "The parent's run id, for the metrics' labels.")

    static func help(in suite: BenchSuite) -> String {
        "USAGE: \(suite.tool) \(synopsis)\n\nRun by '\(suite.tool) run' itself, one worker at a time."
    }

    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ScenarioWorkerCommand {
        let separator = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let parsed = try CommandLineParser(options: [results, quick, instructions, runID] + MetricsOptions.options, usage: help(in: suite))
            .parse(arguments[..<separator])
        guard let directory = try parsed.value(of: results) else {
            throw UsageError(message: "missing '--results <dir>'", usage: help(in: suite))
        }
        let counts = try parsed.value(of: instructions)
        // As the parent did: the suite's own exporters, unless instructions leave the loads out.
        let metrics = try MetricsOptions.parse(parsed, declared: counts ? SuiteLiveMetrics() : suite.liveMetrics)
        let id = try parsed.value(of: runID)
        if metrics.isEnabled, id == nil {
            throw UsageError(message: "live metrics need '--run-id <id>' for their labels", usage: help(in: suite))
        }
        return ScenarioWorkerCommand(
            resultsDirectory: URL(fileURLWithPath: directory),
            isQuick: try parsed.value(of: quick),
            countsInstructions: counts,
            names: Array(arguments[separator...].dropFirst()),
            metrics: metrics.isEnabled ? id.map { SuiteMetrics(options: metrics, runID: $0) } : nil
        )
    }

    func run(in context: CommandContext) async throws -> BenchExitCode {
        let scenarios = try names.map { name in
            guard let scenario = context.suite.scenarios.first(where: { $0.name == name }) else {
                throw UsageError(message: "no scenario named '\(name)'", usage: Self.help(in: context.suite))
            }
            return scenario
        }
        let counter =
            try countsInstructions
            ? InstructionCounter(outputFile: resultsDirectory.appendingPathComponent(Self.callgrindOutput), isQuick: isQuick)
            : nil
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: AllocationCounter.shared?.backend)
        let live = startMetrics(for: scenarios)
        for (index, scenario) in scenarios.enumerated() {
            let captured = resultsDirectory.appendingPathComponent("\(index).stderr")
            let outcome = try await Platform.redirectingStandardError(to: captured) {
                await ScenarioExecution.measure(scenario, isQuick: isQuick, instructions: counter, observer: live?.observer(of: scenario))
            }
            if let said = FileManager.default.contents(atPath: captured.path), !said.isEmpty {
                FileHandle.standardError.write(said)
            }
            switch outcome {
            case .measured(let results):
                let report = Report(
                    runID: "worker", startedAt: "", environment: environment, commandLine: [], isQuick: isQuick, scenarios: results)
                try Platform.writeAtomically(
                    try JSONReportWriter.render(report), to: resultsDirectory.appendingPathComponent("\(index).json"))
            case .failed(let failure):
                Platform.writeToStandardError(failure.consoleLine(runDirectory: nil))
                try Platform.writeAtomically(Data(failure.reason.utf8), to: resultsDirectory.appendingPathComponent("\(index).failed"))
            }
        }
        await live?.close()
        return .success
    }

    /// Starts the live metrics, if asked for. The parent checked the address before it started
    /// this worker; should it be taken since, the scenarios still run, unwatched, rather than each
    /// fail as a worker that ended before its results.
    private func startMetrics(for scenarios: [Scenario]) -> SuiteObserver? {
        do {
            return try metrics?.start(for: scenarios)
        } catch {
            Platform.writeToStandardError("warning: \(error); the scenarios run without live metrics\n")
            return nil
        }
    }
}
