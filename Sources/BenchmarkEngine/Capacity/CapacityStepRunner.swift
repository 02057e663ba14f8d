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

/// Runs each step of a capacity search as a load run of one operation, as `bench capacity` does
/// against a URL.
public struct LoadStepRunner: CapacityStepRunner {
    /// The scenario name each step's result is reported under.
    public let name: String
    /// Where each step shows its progress, reset as it starts.
    public let progress: ProgressMeter
    /// What watches each step as it runs (live metrics); `nil` for nothing.
    public var observer: (any LoadObserver)?
    private let mix: LoadMix
    private let executors: [any TaskExecutor]
    private let checks: (@Sendable () -> [ScenarioResult.Check])?

    /// A runner of `operation`, reporting under `name` on `progress`, its workers on `executors`
    /// when given (``LoadRunner/run(in:configuration:executors:_:)``).
    public init(
        name: String, progress: ProgressMeter, executors: [any TaskExecutor] = [],
        _ operation: @escaping @Sendable () async -> RequestOutcome
    ) {
        self.init(name: name, progress: progress, executors: executors, mix: LoadMix(operation))
    }

    /// A runner of `mix`'s requests, each step counting them by name too. `checks` gives the
    /// figures of the checks on the answers counted so far (a targets file's), each step's result
    /// carrying those counted while it ran.
    public init(
        name: String, progress: ProgressMeter, executors: [any TaskExecutor] = [], mix: LoadMix,
        checks: (@Sendable () -> [ScenarioResult.Check])? = nil
    ) {
        self.name = name
        self.progress = progress
        self.executors = executors
        self.mix = mix
        self.checks = checks
    }

    /// One load run as `configuration` says.
    public func runStep(_ configuration: LoadConfiguration) async throws -> ScenarioResult {
        progress.reset()
        var context = ScenarioContext(name: name, isQuick: false, allocations: nil, progress: progress)
        context.observer = observer
        // The run ends with its last request, so what is counted between the two reads is the step's.
        let before = checks?() ?? []
        var result = try await LoadRunner.run(in: context, configuration: configuration, executors: executors, mix: mix)
        if let checks {
            result.checks = checks().map { check in
                let earlier = before.first { $0.name == check.name }
                return ScenarioResult.Check(
                    name: check.name, passes: check.passes - (earlier?.passes ?? 0), failures: check.failures - (earlier?.failures ?? 0))
            }
        }
        return result
    }

    /// The monotonic clock.
    public func now() -> UInt64 {
        Platform.monotonicNanoseconds()
    }
}
