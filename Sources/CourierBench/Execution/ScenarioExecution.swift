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

    /// Runs `scenarios` in order and returns how each ended, printing each failure as it happens in
    /// one line; the standard error of a worker that died (its backtrace) is kept in a file under
    /// `runDirectory`, which that line names. With `valgrind`, each worker runs under Callgrind and
    /// counts instructions; the caller has checked that ``canCount`` holds.
    ///
    /// With `metrics`, the load scenarios' figures are served and pushed as they run: by `live`
    /// here, by each worker in a worker process.
    func run(
        _ scenarios: [Scenario], isQuick: Bool, runDirectory: URL, valgrind: Valgrind? = nil, metrics: SuiteMetrics? = nil,
        live: SuiteObserver? = nil
    ) async -> [ScenarioOutcome] {
        guard case .isolated(let executable?) = self else {
            return await Self.runHere(scenarios, isQuick: isQuick, live: live)
        }
        var supervisor = WorkerSupervisor(executable: executable, isQuick: isQuick, runDirectory: runDirectory, valgrind: valgrind)
        supervisor.metrics = metrics
        return await supervisor.run(scenarios)
    }

    /// Starts `metrics` where the figures are made: here, or, checking only that the address can
    /// be bound, in the workers.
    func start(_ metrics: SuiteMetrics, for scenarios: [Scenario]) throws(MetricsUnavailable) -> SuiteObserver? {
        guard case .isolated(_?) = self else { return try metrics.start(for: scenarios) }
        try metrics.checkAddress()
        return nil
    }

    /// Whether scenarios run in worker processes, which is where instructions can be counted.
    var canCount: Bool {
        if case .isolated(_?) = self { return true }
        return false
    }

    /// Runs `scenarios` in this process, printing each failure as it happens.
    static func runHere(_ scenarios: [Scenario], isQuick: Bool, live: SuiteObserver? = nil) async -> [ScenarioOutcome] {
        var outcomes: [ScenarioOutcome] = []
        for scenario in scenarios {
            let outcome = await measure(scenario, isQuick: isQuick, observer: live?.observer(of: scenario))
            if let failure = outcome.failure {
                Platform.writeToStandardError(failure.consoleLine(runDirectory: nil))
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// Runs one scenario in this process, with a progress line on a terminal, and returns how it
    /// ended; a scenario that throws has failed. With `instructions`, its micro-benchmarks are counted;
    /// with `observer`, a load scenario's figures go to it as they are made.
    static func measure(
        _ scenario: Scenario, isQuick: Bool, instructions: InstructionCounter? = nil, observer: (any LoadObserver)? = nil
    ) async -> ScenarioOutcome {
        let progress = ProgressMeter()
        let ticker = Console().showProgress(of: scenario.name, progress)
        var context = ScenarioContext(
            name: scenario.name, isQuick: isQuick, allocations: AllocationCounter.shared, progress: progress, instructions: instructions
        )
        context.observer = observer
        let outcome: ScenarioOutcome
        do {
            outcome = .measured(try await scenario.run(in: context))
        } catch {
            outcome = .failed(ScenarioFailure(name: scenario.name, cause: .threw, reason: "\(error)"))
        }
        await ticker.stop()
        return outcome
    }
}
