/// How a run fared against its service-level objectives: one verdict per objective, and the run's.
public struct ServiceLevelVerdict: Codable, Sendable, Equatable {
    /// The window the objectives were judged over: `whole`, `interval`, or a rolling window's
    /// length such as `10s`.
    public var window: String
    /// Whether every objective that applies was met.
    public var passed: Bool
    /// One verdict per objective, in the order given.
    public var objectives: [ObjectiveVerdict]

    /// A verdict over `window` made of `objectives`; it passes when none of them failed.
    public init(window: String, objectives: [ObjectiveVerdict]) {
        self.window = window
        self.objectives = objectives
        passed = objectives.allSatisfy { $0.status != .failed }
    }

    /// The objectives that failed.
    public var breaches: [ObjectiveVerdict] {
        objectives.filter { $0.status == .failed }
    }
}

/// How a run fared against one objective.
public struct ObjectiveVerdict: Codable, Sendable, Equatable {
    /// Whether the objective was met.
    public enum Status: String, Codable, Sendable {
        case passed
        case failed
        /// The objective has no meaning for this run (`rate` in a closed loop); it does not fail it.
        case notApplicable
    }

    /// The objective as written, such as `p99<=50ms`.
    public var objective: String
    /// `p99`, `p99.9`, `max`, `mean`, `errors` or `rate`.
    public var metric: String
    /// `<`, `<=`, `>` or `>=`.
    public var comparison: String
    /// The bound, in ``unit``.
    public var threshold: Double
    /// `ns` for latency, `fraction` for errors and rate (0.001 is 0.1%).
    public var unit: String
    /// The verdict.
    public var status: Status
    /// The value judged: over the whole run, or the worst window's; `nil` when nothing was measured.
    @ExplicitNull public var measured: Double? = nil
    /// The worst interval (or rolling window) of the run for this objective, when there is a time
    /// series; with the `whole` window it is shown for information and does not decide.
    @ExplicitNull public var worst: WindowValue? = nil
    /// Windows judged (1 for the whole run) and how many of them broke the objective.
    public var windowsJudged: Int
    public var windowsBreached: Int
    /// Why the objective does not apply, or why nothing could be measured.
    @ExplicitNull public var note: String? = nil

    /// A verdict on `objective`.
    public init(
        objective: ServiceLevelObjective, status: Status, measured: Double?, worst: WindowValue?, windowsJudged: Int, windowsBreached: Int,
        note: String? = nil
    ) {
        self.objective = objective.expression
        metric = objective.metric.description
        comparison = objective.comparison.rawValue
        threshold = objective.threshold
        unit = objective.metric.isLatency ? "ns" : "fraction"
        self.status = status
        self.measured = measured
        self.worst = worst
        self.windowsJudged = windowsJudged
        self.windowsBreached = windowsBreached
        self.note = note
    }

    /// One window of the time series and the objective's value over it.
    public struct WindowValue: Codable, Sendable, Equatable {
        /// ``start`` in seconds, as the report stores it.
        package var startSeconds: Double
        /// ``duration`` in seconds, as the report stores it.
        package var durationSeconds: Double
        /// The objective's metric over the window.
        public var value: Double

        /// The time from the series' start to the window's start.
        public var start: Duration {
            get { Duration(seconds: startSeconds) }
            set { startSeconds = newValue.seconds }
        }

        /// The window's length.
        public var duration: Duration {
            get { Duration(seconds: durationSeconds) }
            set { durationSeconds = newValue.seconds }
        }

        /// A window with this value.
        public init(start: Duration, duration: Duration, value: Double) {
            self.init(startSeconds: start.seconds, durationSeconds: duration.seconds, value: value)
        }

        /// The same, with its durations in the units the report stores.
        package init(startSeconds: Double, durationSeconds: Double, value: Double) {
            self.startSeconds = startSeconds
            self.durationSeconds = durationSeconds
            self.value = value
        }
    }
}
