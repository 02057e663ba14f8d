/// One named measurement the bench can run: a micro-benchmark or a load run. It may produce more than
/// one result — ours and a baseline measured beside it, say.
public struct Scenario: Sendable {
    /// The unique name, `group/what`, used by `--filter` and in reports.
    public let name: String
    /// One line for `bench list`.
    public let summary: String
    /// Whether the default suite runs it; `--filter` can select the others.
    public let isDefault: Bool
    /// Thresholds of its own for comparing this scenario's results with a baseline: each metric
    /// named replaces the comparison's (the command line's, or the defaults), the others stay.
    public let thresholds: ThresholdOverrides?
    /// Whether it runs a load (concurrent requests) rather than micro-benchmarks: `--instructions`
    /// leaves it out, since what concurrent requests execute depends on their timing.
    public let isLoad: Bool
    let body: @Sendable (ScenarioContext) async throws -> [ScenarioResult]

    /// A scenario whose `body` measures and returns its results; a load scenario says so with `isLoad`.
    public init(
        _ name: String,
        summary: String,
        isDefault: Bool = true,
        thresholds: ThresholdOverrides? = nil,
        isLoad: Bool = false,
        body: @escaping @Sendable (ScenarioContext) async throws -> [ScenarioResult]
    ) {
        self.name = name
        self.summary = summary
        self.isDefault = isDefault
        self.thresholds = thresholds
        self.isLoad = isLoad
        self.body = body
    }

    /// The part of the name before the first `/`.
    public var group: String {
        String(name.prefix { $0 != "/" })
    }

    /// Runs the scenario in `context`.
    public func run(in context: ScenarioContext) async throws -> [ScenarioResult] {
        try await body(context)
    }
}

/// What a scenario is given to run with: how long to measure, how to count allocations, where to
/// report progress.
public struct ScenarioContext: Sendable {
    /// The scenario's name, for its result.
    public let name: String
    /// Short (`--quick`, for CI) or full measurement.
    public let isQuick: Bool
    /// The allocator's counters, or `nil` when jemalloc is not linked.
    public let allocations: AllocationCounter?
    /// Where runners report operations as they complete.
    public let progress: ProgressMeter
    /// The micro-benchmark settings: ``MicroConfiguration/quick`` or ``MicroConfiguration/standard``
    /// as `isQuick` says, unless the context was made with others.
    public let micro: MicroConfiguration
    /// Counts instructions instead of timing, when the process runs under Callgrind (`--instructions`).
    public let instructions: InstructionCounter?
    /// What watches a load run's intervals as they close (live metrics); `nil` for none.
    public var observer: (any LoadObserver)?

    /// A context for the scenario called `name`; `micro` replaces the settings `isQuick` implies
    /// (tests that check what a scenario reports, not how fast it is, take a few short samples).
    public init(
        name: String, isQuick: Bool, allocations: AllocationCounter?, progress: ProgressMeter, micro: MicroConfiguration? = nil,
        instructions: InstructionCounter? = nil
    ) {
        self.name = name
        self.isQuick = isQuick
        self.allocations = allocations
        self.progress = progress
        self.micro = micro ?? (isQuick ? .quick : .standard)
        self.instructions = instructions
    }
}
