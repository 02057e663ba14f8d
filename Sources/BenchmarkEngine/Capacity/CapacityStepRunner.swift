/// What a capacity search runs its steps on: a real open loop against a server, or, in tests, a
/// model of one.
///
/// ```swift
/// struct Model: CapacityStepRunner {
///     let clock: ModelClock
///     func runStep(_ configuration: LoadConfiguration) async throws -> ScenarioResult { … }
///     func now() -> UInt64 { clock.now }
/// }
/// ```
public protocol CapacityStepRunner: Sendable {
    /// Runs an open loop as `configuration` says — its rate, its duration (warm-up included), its
    /// concurrency and interval — and returns the result with its time series.
    func runStep(_ configuration: LoadConfiguration) async throws -> ScenarioResult

    /// Monotonic nanoseconds now, the clock the search's time limit is kept by.
    func now() -> UInt64
}
