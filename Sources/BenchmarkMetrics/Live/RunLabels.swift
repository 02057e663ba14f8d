/// The labels every series of a run carries, so that runs, shards and transports side by side in
/// one Prometheus stay apart: `run_id`, `scenario`, `transport` and `shard`.
public struct RunLabels: Sendable, Equatable {
    /// The run's id, as its report directory and `report.json` name it.
    public var runID: String
    /// The scenario the requests run under, such as `load/url/urlsession`.
    public var scenario: String
    /// The transport's name.
    public var transport: String
    /// This generator's shard, `i/n` (`0/1` for a whole run).
    public var shard: String

    /// Labels with these values.
    public init(runID: String, scenario: String, transport: String, shard: String) {
        self.runID = runID
        self.scenario = scenario
        self.transport = transport
        self.shard = shard
    }

    /// The labels, in the order they are written.
    public var labels: [MetricLabel] {
        [MetricLabel("run_id", runID), MetricLabel("scenario", scenario), MetricLabel("transport", transport), MetricLabel("shard", shard)]
    }
}
