import BenchmarkEngine
import Foundation

/// How one scenario of a run ended: its results, or why it produced none.
enum ScenarioOutcome: Sendable {
    /// It ran to the end and measured these.
    case measured([ScenarioResult])
    /// It threw, or its process died under it.
    case failed(ScenarioFailure)

    /// What it measured; none when it failed.
    var results: [ScenarioResult] {
        guard case .measured(let results) = self else { return [] }
        return results
    }

    /// Why it failed; `nil` when it did not.
    var failure: ScenarioFailure? {
        guard case .failed(let failure) = self else { return nil }
        return failure
    }
}

extension ScenarioFailure {
    /// The one line a run prints when the scenario fails: its name, why, and the file that holds
    /// its standard error (its backtrace), kept under `runDirectory`, when there is one.
    func consoleLine(runDirectory: URL?) -> String {
        let line = "error: scenario \(name) failed: \(reason)"
        guard let runDirectory, let log else { return line + "\n" }
        return line + "; its standard error and backtrace: \(runDirectory.appendingPathComponent(log).path)\n"
    }
}
