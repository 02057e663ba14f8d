import Foundation

/// A capacity search or a concurrency sweep (`bench capacity`): its settings, every step it ran,
/// and what it found.
///
/// `capacity.json` is this value encoded with sorted keys. Like ``Report`` it keeps its
/// ``schemaVersion`` while fields are only added; `Reports/README.md` documents each. Version 2
/// replaced the knee's `slopeIncrease` with Kneedle's `difference`; version 1 reports still read.
public struct CapacityReport: Codable, Sendable, Equatable {
    /// The version of this schema that `capacity.json` follows.
    public static let currentSchemaVersion = 2
    /// The versions a reader accepts.
    public static let readableSchemaVersions = 1...currentSchemaVersion

    /// The schema version the report was written with.
    public var schemaVersion: Int
    /// The run's identifier, also its directory name.
    public var runID: String
    /// When the search started, ISO 8601 in UTC.
    public var startedAt: String
    /// The machine and build of the generator.
    public var environment: Report.Environment
    /// The command line, secrets redacted.
    public var commandLine: [String]
    /// The URL searched, secrets redacted.
    public var target: String
    /// How the search was set up.
    public var settings: CapacitySettings
    /// Every step completed, in the order run.
    public var steps: [CapacityStep]
    /// What the search found, and why it stopped.
    public var result: CapacityResult
    /// `true` when the servers' certificates and names went unchecked (`--insecure`); `nil` when
    /// they were checked.
    @ExplicitNull public var insecure: Bool? = nil
    /// The TLS versions allowed (`1.0-1.3`) when not the default of 1.2 and up; `nil` for the default.
    @ExplicitNull public var tlsVersions: String? = nil
    /// What the whole search's requests, warm-ups included, did to connections, for a transport that
    /// counts them.
    @ExplicitNull public var connections: ScenarioResult.Connections? = nil
    /// Where each step's server figures were read from (`--server-metrics`), and the queries.
    @ExplicitNull public var serverMetrics: ServerQueries? = nil

    /// A report of `steps` and their `result`.
    public init(
        runID: String, startedAt: String, environment: Report.Environment, commandLine: [String], target: String,
        settings: CapacitySettings, steps: [CapacityStep], result: CapacityResult
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.runID = runID
        self.startedAt = startedAt
        self.environment = environment
        self.commandLine = commandLine
        self.target = target
        self.settings = settings
        self.steps = steps
        self.result = result
    }
}

/// The settings of a capacity search or a concurrency sweep; a sweep's rate settings are 0.
public struct CapacitySettings: Codable, Sendable, Equatable {
    /// The objectives a step must meet, as written (`p99<=50ms`).
    public var objectives: [String]
    /// The window they are judged over within each step's measured part: `whole`, `interval` or a
    /// rolling window's length.
    public var window: String
    /// The first step's rate, and the most any step asks for, requests per second.
    public var minimumRate: Double
    public var maximumRate: Double
    /// How much each step of the first phase multiplies the rate by.
    public var growthFactor: Double
    /// Bisection stops once the failing rate is within this fraction above the passing one.
    public var precision: Double
    /// ``step`` in seconds, as the report stores it.
    package var stepSeconds: Double
    /// ``warmup`` in seconds, as the report stores it.
    package var warmupSeconds: Double
    /// ``maximumTime`` in seconds, as the report stores it.
    package var maximumTimeSeconds: Double
    /// ``interval`` in seconds, as the report stores it.
    package var intervalSeconds: Double
    /// The most requests in flight at once.
    public var concurrency: Int
    /// A step in which more than this share of requests fails is an error storm, failed whatever the
    /// objectives say.
    public var errorStormShare: Double
    /// The transport the requests went through (`urlsession`, `curl`), when known.
    @ExplicitNull public var transport: String? = nil
    /// A concurrency sweep's levels, the workers of each step in order; `nil` for a rate search.
    @ExplicitNull public var levels: [Int]? = nil

    /// Each step's measured part.
    public var step: Duration {
        get { Duration(seconds: stepSeconds) }
        set { stepSeconds = newValue.seconds }
    }

    /// The warm-up before each step's measured part.
    public var warmup: Duration {
        get { Duration(seconds: warmupSeconds) }
        set { warmupSeconds = newValue.seconds }
    }

    /// No step starts after this long searching.
    public var maximumTime: Duration {
        get { Duration(seconds: maximumTimeSeconds) }
        set { maximumTimeSeconds = newValue.seconds }
    }

    /// The time series' interval.
    public var interval: Duration {
        get { Duration(seconds: intervalSeconds) }
        set { intervalSeconds = newValue.seconds }
    }

    /// Settings with these values.
    public init(
        objectives: [String], window: String, minimumRate: Double, maximumRate: Double, growthFactor: Double, precision: Double,
        step: Duration, warmup: Duration, maximumTime: Duration, interval: Duration, concurrency: Int, errorStormShare: Double,
        transport: String?
    ) {
        self.init(
            objectives: objectives, window: window, minimumRate: minimumRate, maximumRate: maximumRate,
            growthFactor: growthFactor, precision: precision, stepSeconds: step.seconds, warmupSeconds: warmup.seconds,
            maximumTimeSeconds: maximumTime.seconds, intervalSeconds: interval.seconds, concurrency: concurrency,
            errorStormShare: errorStormShare, transport: transport
        )
    }

    /// The same, with its durations in the units the report stores.
    package init(
        objectives: [String], window: String, minimumRate: Double, maximumRate: Double, growthFactor: Double, precision: Double,
        stepSeconds: Double, warmupSeconds: Double, maximumTimeSeconds: Double, intervalSeconds: Double, concurrency: Int,
        errorStormShare: Double, transport: String?
    ) {
        self.objectives = objectives
        self.window = window
        self.minimumRate = minimumRate
        self.maximumRate = maximumRate
        self.growthFactor = growthFactor
        self.precision = precision
        self.stepSeconds = stepSeconds
        self.warmupSeconds = warmupSeconds
        self.maximumTimeSeconds = maximumTimeSeconds
        self.intervalSeconds = intervalSeconds
        self.concurrency = concurrency
        self.errorStormShare = errorStormShare
        self.transport = transport
    }
}

extension CapacitySettings {
    /// The settings of `search`, whose requests go through `transport`.
    public init(_ search: CapacitySearch, transport: String?) {
        self.init(
            objectives: search.objectives.map(\.description), window: search.window.description,
            minimumRate: search.minimumRate, maximumRate: search.maximumRate, growthFactor: search.growthFactor,
            precision: search.precision,
            stepSeconds: search.step.seconds, warmupSeconds: search.warmup.seconds,
            maximumTimeSeconds: search.maximumTime.seconds, intervalSeconds: search.interval.seconds,
            concurrency: search.concurrency, errorStormShare: search.limits.errorStormShare, transport: transport
        )
    }
}

extension CapacitySettings {
    /// The settings of `sweep`, whose requests go through `transport`.
    public init(_ sweep: ConcurrencySweep, transport: String?) {
        self.init(
            objectives: sweep.objectives.map(\.description), window: sweep.window.description, minimumRate: 0, maximumRate: 0,
            growthFactor: 0, precision: 0, stepSeconds: sweep.step.seconds, warmupSeconds: sweep.warmup.seconds,
            maximumTimeSeconds: sweep.maximumTime.seconds, intervalSeconds: sweep.interval.seconds,
            concurrency: sweep.levels.max() ?? 0, errorStormShare: sweep.limits.errorStormShare, transport: transport
        )
        levels = sweep.levels
    }
}
