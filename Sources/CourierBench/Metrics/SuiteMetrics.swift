import BenchmarkEngine
import BenchmarkMetrics

/// `run`'s live metrics: each load scenario's figures under its own `scenario` label, served and
/// pushed by one export for the whole run, so that each scenario's counters equal its entry in
/// report.json. Micro-benchmarks send no requests and have none.
///
/// Where the scenarios run in worker processes, the worker serves and pushes them
/// (``workerArguments``), since the figures are made there; this process only checks, before any
/// scenario runs, that the address can be bound.
struct SuiteMetrics: Sendable {
    let options: MetricsOptions
    let runID: String

    /// What a suite's load scenario's transport label says: the scenario picks its own backend.
    static let transport = "suite"

    /// The labels of `scenario`'s series.
    func labels(of scenario: Scenario) -> RunLabels {
        RunLabels(runID: runID, scenario: scenario.name, transport: Self.transport, shard: "0/1")
    }

    /// Starts the export in this process, labelled first for the first load scenario, and prints
    /// where it is served; throws when the listener cannot bind.
    func start(for scenarios: [Scenario]) throws(MetricsUnavailable) -> SuiteObserver? {
        guard let first = scenarios.first(where: \.isLoad) ?? scenarios.first else { return nil }
        return try options.start(labels: labels(of: first)).map { SuiteObserver(export: $0, metrics: self) }
    }

    /// Throws when the listener's address cannot be bound now: what a parent checks before its
    /// workers bind it, so that a port already taken exits before any scenario runs.
    func checkAddress() throws(MetricsUnavailable) {
        guard let listen = options.listen else { return }
        do {
            try MetricsListener.start(listen, serving: LoadMetrics(labels: RunLabels(runID: runID, scenario: "", transport: "", shard: "")))
                .stop()
        } catch {
            throw MetricsUnavailable(address: listen.description, reason: "\(error)")
        }
    }

    /// The worker's options that start the same export there.
    var workerArguments: [String] {
        ["--run-id", runID] + options.arguments
    }
}

/// A started export and what it labels each scenario's figures with.
struct SuiteObserver: Sendable {
    let export: LiveExport
    let metrics: SuiteMetrics

    /// What `scenario`'s load reports its figures to; `nil` for a micro-benchmark.
    func observer(of scenario: Scenario) -> (any LoadObserver)? {
        scenario.isLoad ? export.metrics(for: metrics.labels(of: scenario)) : nil
    }

    /// Serves and pushes the final figures for the grace period, and prints what became of them.
    func close() async {
        await MetricsOptions.close(export, graceSeconds: metrics.options.graceSeconds)
    }
}
