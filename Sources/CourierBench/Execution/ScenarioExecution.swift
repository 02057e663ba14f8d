import BenchmarkEngine
import Foundation

/// Where `run` executes scenarios: in this process, or in a worker process of the same executable
/// that a crashing scenario takes down alone.
enum ScenarioExecution: Sendable {
    /// In this process: what tests and embedders of ``BenchSuite/main(arguments:)`` get. A scenario
    /// that throws fails alone; one that traps ends the process.
    case inProcess
    /// In worker processes of `executable` (this executable), one at a time, each running the
    /// scenarios still to run; when one dies, the scenario it was running is failed and a new worker
    /// takes the rest. In this process when the executable is unknown.
    case isolated(executable: URL?)

    /// Runs `scenarios` in order and returns how each ended, printing each failure as it happens.
    func run(_ scenarios: [Scenario], isQuick: Bool, suite: BenchSuite) async -> [ScenarioOutcome] {
        guard case .isolated(let executable?) = self else {
            return await Self.runHere(scenarios, isQuick: isQuick)
        }
        return await WorkerSupervisor(executable: executable, isQuick: isQuick).run(scenarios)
    }

    /// Runs `scenarios` in this process, with a progress line on a terminal.
    static func runHere(_ scenarios: [Scenario], isQuick: Bool) async -> [ScenarioOutcome] {
        await runHere(scenarios, isQuick: isQuick) { _, _ in }
    }

    /// Runs `scenarios` in this process and hands each outcome, with its index, to `report` as soon
    /// as it is known.
    static func runHere(_ scenarios: [Scenario], isQuick: Bool, reporting report: (Int, ScenarioOutcome) throws -> Void) async rethrows -> [ScenarioOutcome] {
        let console = Console()
        let progress = ProgressMeter()
        var outcomes: [ScenarioOutcome] = []
        for (index, scenario) in scenarios.enumerated() {
            progress.reset()
            let ticker = console.showProgress(of: scenario.name, progress)
            let context = ScenarioContext(name: scenario.name, isQuick: isQuick, allocations: AllocationCounter.shared, progress: progress)
            let outcome: ScenarioOutcome
            do {
                outcome = ScenarioOutcome(name: scenario.name, results: try await scenario.run(in: context))
            } catch {
                outcome = ScenarioOutcome(name: scenario.name, results: nil)
                await ticker.stop()
                Platform.writeToStandardError("error: scenario \(scenario.name) failed: \(error)\n")
            }
            await ticker.stop()
            try report(index, outcome)
            outcomes.append(outcome)
        }
        return outcomes
    }
}
