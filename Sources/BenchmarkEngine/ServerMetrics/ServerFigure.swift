/// One of the service's own figures over a capacity step's measured window, as its monitoring
/// (a Prometheus) reported it: the server's CPU, a queue's depth, the database's time.
public struct ServerFigure: Codable, Sendable, Equatable {
    /// The name the query was given (`--query cpu=…`).
    public var name: String
    /// The figure; `nil` when it could not be read.
    @ExplicitNull public var value: Double? = nil
    /// Why there is no figure: the monitoring was unreachable, slow, refused, or answered with
    /// something other than one number. A figure that could not be read never fails a step.
    @ExplicitNull public var unavailable: String? = nil

    /// A figure read.
    public init(name: String, value: Double) {
        self.name = name
        self.value = value
    }

    /// A figure that could not be read, and why.
    public init(name: String, unavailable reason: String) {
        self.name = name
        unavailable = reason
    }
}

/// The monitoring a capacity search read the server's figures from, as its report records it.
public struct ServerQueries: Codable, Sendable, Equatable {
    /// One named query.
    public struct Query: Codable, Sendable, Equatable {
        /// The name figures and objectives go by (`cpu`).
        public var name: String
        /// The query as given.
        public var promql: String

        /// `name`=`promql`.
        public init(name: String, promql: String) {
            self.name = name
            self.promql = promql
        }
    }

    /// The API's base URL, secrets redacted.
    public var url: String
    /// The queries, in the order given.
    public var queries: [Query]

    /// The queries `queries` sent to `url` (already redacted).
    public init(url: String, queries: [Query]) {
        self.url = url
        self.queries = queries
    }
}

/// Where a capacity search reads the service's figures for each step's measured window.
public protocol ServerFigureSource: Sendable {
    /// The figures over the window from `start` to `end` (Unix seconds), in the order the queries
    /// were given. Returns within a bounded time whatever the monitoring does, and never throws:
    /// a figure that cannot be read says why.
    func figures(from start: Double, to end: Double) async -> [ServerFigure]
}

/// What a capacity search reads from the service's monitoring after each step, and the objectives
/// its figures must meet.
public struct ServerWatch: Sendable {
    /// Where the figures come from.
    public var source: any ServerFigureSource
    /// Objectives on the figures, judged with the step's own.
    public var objectives: [ServerObjective]

    /// A watch reading `source`, judging `objectives`.
    public init(source: any ServerFigureSource, objectives: [ServerObjective] = []) {
        self.source = source
        self.objectives = objectives
    }

    /// `step` with the figures of its measured window and judged against the objectives too. The
    /// window is the step's time series' start plus its warm-up, for its measured seconds; a step
    /// without a time series has no window, and its figures say so.
    func watch(_ step: CapacityStep) async -> CapacityStep {
        var step = step
        guard let series = step.timeSeries else {
            step.server = []
            return step
        }
        let start = Double(series.startUnixMicroseconds) / 1e6 + step.warmupSeconds
        step.server = await source.figures(from: start, to: start + step.measuredSeconds)
        step.judge(serverObjectives: objectives)
        return step
    }
}

extension CapacityStep {
    /// Judges the server's figures against `objectives`: each one broken is a reason, and fails a
    /// step that had passed. An objective whose figure could not be read is not judged (the figure
    /// says why): the monitoring's failure is reported, never taken for the server's.
    mutating func judge(serverObjectives objectives: [ServerObjective]) {
        for objective in objectives {
            guard let value = server?.first(where: { $0.name == objective.name })?.value, !objective.holds(value) else { continue }
            reasons.append("\(objective) broken: server \(objective.name) was \(objective.format(value))")
            if status == .passed { status = .failed }
        }
    }
}
