import BenchmarkEngine

/// How one scenario of a run ended: its results, or `nil` when it failed (the reason is already on
/// standard error).
struct ScenarioOutcome: Sendable {
    /// The scenario's name.
    let name: String
    /// What it measured; `nil` when it threw or crashed.
    let results: [ScenarioResult]?
}
