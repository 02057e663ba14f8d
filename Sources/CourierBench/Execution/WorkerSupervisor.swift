import BenchmarkEngine
import Foundation

/// Runs scenarios in worker processes of this executable (the hidden `__scenario-worker` command),
/// so that a scenario that traps fails alone: one worker at a time when timing, since two would
/// share the cores their times depend on; under Callgrind one per processor, each taking the next
/// scenario, since a count is the same however many run beside it.
///
/// A worker runs the names it is given in order and leaves files per scenario in a directory of the
/// run's own (``ScenarioWorkerCommand``): what it said on standard error, then its results or the
/// error it threw. When a worker ends before all its files are there, the first scenario without
/// results is the one that killed it: it is failed with the runtime's own message (``CrashLog``),
/// its whole standard error is kept under the run directory, and a new worker takes the scenarios
/// after it.
struct WorkerSupervisor {
    let executable: URL
    let isQuick: Bool
    /// Where the run's reports will be written, and a crashed scenario's standard error now.
    let runDirectory: URL
    /// Runs each worker under Callgrind, counting instructions, when set.
    var valgrind: Valgrind? = nil
    /// The live metrics each worker serves and pushes, when asked for.
    var metrics: SuiteMetrics? = nil

    /// How many workers count at once under Callgrind.
    var countingWorkers = ProcessInfo.processInfo.activeProcessorCount

    /// Runs `scenarios` and returns how each ended, in their order.
    func run(_ scenarios: [Scenario]) async -> [ScenarioOutcome] {
        let workers = valgrind == nil ? 1 : min(countingWorkers, scenarios.count)
        guard workers > 1 else { return await runInTurn(scenarios) }
        let measure: @Sendable (Int) async -> (Int, [ScenarioOutcome]) = { index in (index, await runInTurn([scenarios[index]])) }
        return await withTaskGroup(of: (Int, [ScenarioOutcome]).self) { group in
            for index in 0..<workers {
                group.addTask { await measure(index) }
            }
            var next = workers
            var byIndex: [Int: [ScenarioOutcome]] = [:]
            for await (index, outcomes) in group {
                byIndex[index] = outcomes
                if next < scenarios.count {
                    group.addTask { [next] in await measure(next) }
                    next += 1
                }
            }
            return scenarios.indices.flatMap { byIndex[$0] ?? [] }
        }
    }

    /// Runs `scenarios` in order in one worker, and in a new one after each that dies.
    private func runInTurn(_ scenarios: [Scenario]) async -> [ScenarioOutcome] {
        var outcomes: [ScenarioOutcome] = []
        var pending = scenarios[...]
        while !pending.isEmpty {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let ending: String
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                ending = try await runWorker(pending.map(\.name), resultsIn: directory)
            } catch {
                if valgrind != nil {
                    // Counting needs the worker under Callgrind: timing here instead would report no counts as if measured.
                    let reason = "cannot start a worker under valgrind (\(error))"
                    Platform.writeToStandardError("error: \(reason)\n")
                    return outcomes + pending.map { .failed(ScenarioFailure(name: $0.name, cause: .threw, reason: reason)) }
                }
                // A sandbox that forbids spawning, say: measuring in this process beats not measuring.
                let unwatched = metrics == nil ? "" : ", without live metrics"
                Platform.writeToStandardError(
                    "warning: cannot start a worker process (\(error)); running the scenarios left in this process\(unwatched)\n")
                return outcomes + (await ScenarioExecution.runHere(Array(pending), isQuick: isQuick))
            }
            let batch = pending
            pending = []
            for (index, name) in zip(0..., batch.map(\.name)) {
                let file = { (suffix: String) in directory.appendingPathComponent("\(index).\(suffix)") }
                if let data = FileManager.default.contents(atPath: file("json").path) {
                    outcomes.append(Self.read(data, of: name))
                } else if let reason = FileManager.default.contents(atPath: file("failed").path) {
                    outcomes.append(.failed(ScenarioFailure(name: name, cause: .threw, reason: String(decoding: reason, as: UTF8.self))))
                } else {
                    // Under Valgrind, what it said of the worker's end (a signal, its own error) follows the worker's words.
                    let said = [file("stderr"), directory.appendingPathComponent(Valgrind.logFile)].compactMap {
                        FileManager.default.contents(atPath: $0.path)
                    }
                    let crash = CrashLog(name: name, ending: ending, standardError: said.reduce(Data(), +))
                    let failure = crash.keep(in: runDirectory)
                    Platform.writeToStandardError(failure.consoleLine(runDirectory: runDirectory))
                    outcomes.append(.failed(failure))
                    pending = batch.dropFirst(index + 1)
                    break
                }
            }
        }
        return outcomes
    }

    /// The results a worker wrote for `name`, or a failure (said on standard error) when unreadable.
    private static func read(_ data: Data, of name: String) -> ScenarioOutcome {
        do {
            return .measured(try JSONReportWriter.read(data).scenarios)
        } catch {
            let failure = ScenarioFailure(name: name, cause: .crashed, reason: "its worker's results are unreadable (\(error))")
            Platform.writeToStandardError(failure.consoleLine(runDirectory: nil))
            return .failed(failure)
        }
    }

    /// Runs one worker on `names` and returns how it ended, in words ("crashed with SIGILL").
    private func runWorker(_ names: [String], resultsIn directory: URL) async throws -> String {
        let process = Process()
        let worker =
            [ScenarioWorkerCommand.name, "--results", directory.path] + (isQuick ? ["--quick"] : []) + (metrics?.workerArguments ?? [])
        if let valgrind {
            process.executableURL = valgrind.executable
            process.arguments =
                valgrind.arguments(running: executable, outputFile: directory.appendingPathComponent(ScenarioWorkerCommand.callgrindOutput))
                + worker + ["--instructions", "--"] + names
            process.environment = Valgrind.environment()
        } else {
            process.executableURL = executable
            process.arguments = worker + ["--"] + names
        }
        let (reason, status): (Process.TerminationReason, Int32) = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(returning: (finished.terminationReason, finished.terminationStatus))
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        switch reason {
        case .uncaughtSignal: return "crashed with \(Self.signalName(status))"
        case .exit: return "exited with status \(status)"
        @unknown default: return "ended (status \(status))"
        }
    }

    private static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM",
        ]
        return names[number] ?? "signal \(number)"
    }
}
