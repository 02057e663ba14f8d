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
    static let synopsis = "__scenario-worker --results <dir> [--quick] [--instructions] -- <name>..."
    /// The file, in the results directory, that Callgrind writes its dumps beside (`--instructions`).
    static let callgrindOutput = "callgrind.out"

    let resultsDirectory: URL
    let isQuick: Bool
    /// Counts instructions: the worker runs under Callgrind.
    var countsInstructions = false
    let names: [String]

    static let results = OptionDeclaration("results", value: .directory, valueName: "<dir>", help: "Where the results go.")
    static let quick = OptionDeclaration(flag: "quick", help: "Short measurements.")
    static let instructions = OptionDeclaration(flag: "instructions", help: "Runs under Callgrind.")

    static func help(in suite: BenchSuite) -> String {
        "USAGE: \(suite.tool) \(synopsis)\n\nRun by '\(suite.tool) run' itself, one worker at a time."
    }

    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ScenarioWorkerCommand {
        let separator = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let parsed = try CommandLineParser(options: [results, quick, instructions], usage: help(in: suite)).parse(arguments[..<separator])
        guard let directory = try parsed.value(of: results) else {
            throw UsageError(message: "missing '--results <dir>'", usage: help(in: suite))
        }
        return ScenarioWorkerCommand(
            resultsDirectory: URL(fileURLWithPath: directory),
            isQuick: try parsed.value(of: quick),
            countsInstructions: try parsed.value(of: instructions),
            names: Array(arguments[separator...].dropFirst())
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
        for (index, scenario) in scenarios.enumerated() {
            let captured = resultsDirectory.appendingPathComponent("\(index).stderr")
            let outcome = try await Platform.redirectingStandardError(to: captured) {
                await ScenarioExecution.measure(scenario, isQuick: isQuick, instructions: counter)
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
        return .success
    }
}
