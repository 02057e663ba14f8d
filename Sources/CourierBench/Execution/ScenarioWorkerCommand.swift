import BenchmarkEngine
import Foundation

/// The hidden command a ``WorkerSupervisor`` starts: runs the named scenarios in order in this process and
/// leaves `<index>.json` or `<index>.failed` for each in the results directory as soon as it ends.
/// Not listed in the overview; not meant to be typed.
struct ScenarioWorkerCommand: BenchCommand {
    static let name = "__scenario-worker"
    static let abstract = "Runs scenarios for a parent 'run' process."
    static let synopsis = "__scenario-worker --results <dir> [--quick] -- <name>..."

    let resultsDirectory: URL
    let isQuick: Bool
    let names: [String]

    static func help(in suite: BenchSuite) -> String {
        "USAGE: \(suite.tool) \(synopsis)\n\nRun by '\(suite.tool) run' itself, one worker at a time."
    }

    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ScenarioWorkerCommand {
        let separator = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let parsed = try ArgumentParser(options: [.value("results"), .flag("quick")], usage: help(in: suite)).parse(arguments[..<separator])
        guard let directory = parsed["results"] else {
            throw UsageError(message: "missing '--results <dir>'", usage: help(in: suite))
        }
        return ScenarioWorkerCommand(
            resultsDirectory: URL(fileURLWithPath: directory),
            isQuick: parsed["quick"] != nil,
            names: Array(arguments[separator...].dropFirst())
        )
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let scenarios = try names.map { name in
            guard let scenario = context.suite.scenarios.first(where: { $0.name == name }) else {
                throw UsageError(message: "no scenario named '\(name)'", usage: Self.help(in: context.suite))
            }
            return scenario
        }
        let environment = Report.Environment.current(toolVersion: context.suite.version, allocator: AllocationCounter.shared?.backend)
        _ = try await ScenarioExecution.runHere(scenarios, isQuick: isQuick) { index, outcome in
            guard let results = outcome.results else {
                try Platform.writeAtomically(Data(), to: resultsDirectory.appendingPathComponent("\(index).failed"))
                return
            }
            let report = Report(runID: "worker", startedAt: "", environment: environment, commandLine: [], isQuick: isQuick, scenarios: results)
            try Platform.writeAtomically(try JSONReportWriter.render(report), to: resultsDirectory.appendingPathComponent("\(index).json"))
        }
        return .success
    }
}
