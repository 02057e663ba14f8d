import BenchmarkEngine
import CourierSystem
import Synchronization

/// A command's live metrics while its load runs: the figures (``LoadMetrics``), the `/metrics`
/// listener when asked for, and a pusher per exporter. Started before the first request; closed
/// after the report is written, when it serves and pushes the final figures for a grace period.
///
/// A command whose runs are labelled apart (`run`'s load scenarios, one after another) takes the
/// figures of each from ``metrics(for:)``; the listener and the pushers serve them all, each
/// series under its own labels, so that each scenario's counters are its report's.
public final class LiveExport: Sendable {
    /// The figures of the runs labelled as at the start; hand it to the scenario's context as its
    /// observer.
    public let metrics: LoadMetrics
    /// The `/metrics` listener, when listening.
    public let listener: MetricsListener?
    private let board: MetricsBoard
    private let pushers: [MetricsPusher]

    /// Starts listening on `listen` (when given) and pushing to `exporters` every `interval`;
    /// throws when the address cannot be bound, before any request is sent.
    public static func start(
        labels: RunLabels, listen: ListenAddress?, exporters: [any MetricsExporter], interval: Duration
    ) throws(SocketError) -> LiveExport {
        let metrics = LoadMetrics(labels: labels)
        let board = MetricsBoard(metrics)
        let listener = try listen.map { address throws(SocketError) in try MetricsListener.start(address, serving: board) }
        let pushers = exporters.map { MetricsPusher(exporter: $0, source: board, interval: interval) }
        for pusher in pushers { pusher.start() }
        return LiveExport(metrics: metrics, listener: listener, board: board, pushers: pushers)
    }

    private init(metrics: LoadMetrics, listener: MetricsListener?, board: MetricsBoard, pushers: [MetricsPusher]) {
        self.metrics = metrics
        self.listener = listener
        self.board = board
        self.pushers = pushers
    }

    /// The figures of the runs labelled `labels`, served and pushed from now on beside the
    /// others': the same object for the same labels, ``metrics`` for those it started with.
    public func metrics(for labels: RunLabels) -> LoadMetrics {
        board.metrics(for: labels)
    }

    /// What became of the final figures: whether a scrape read them, and each pusher's tally.
    public struct Closing: Sendable, Equatable {
        /// Whether a scrape read the final figures within the grace period; `nil` without a listener.
        public var finalScraped: Bool?
        /// Each exporter's tally.
        public var pushes: [MetricsPusher.Tally]

        /// One line each, as the command prints them.
        public var lines: [String] {
            var lines: [String] = []
            if let finalScraped {
                lines.append(
                    finalScraped ? "metrics: a scrape read the final figures" : "metrics: no scrape read the final figures in time")
            }
            return lines + pushes.map { "metrics: \($0)" }
        }
    }

    /// Once the figures are final (every run over): pushes them and serves
    /// them until a scrape has read them, each for at most `grace`, then stops listening.
    public func close(grace: Duration) async -> Closing {
        let deadline = ContinuousClock.now + grace
        var tallies: [MetricsPusher.Tally] = []
        for pusher in pushers { tallies.append(await pusher.finish(within: max(.zero, deadline - ContinuousClock.now))) }
        let scraped = await listener?.linger(upTo: max(.zero, deadline - ContinuousClock.now))
        return Closing(finalScraped: scraped, pushes: tallies)
    }
}

/// Every run's figures under its labels, as one source: a family's series are those of each run in
/// the order the runs began.
private final class MetricsBoard: MetricsSource {
    private let runs: Mutex<[LoadMetrics]>

    init(_ first: LoadMetrics) {
        runs = Mutex([first])
    }

    func metrics(for labels: RunLabels) -> LoadMetrics {
        runs.withLock { runs in
            if let run = runs.first(where: { $0.labels == labels }) { return run }
            let metrics = LoadMetrics(labels: labels)
            runs.append(metrics)
            return metrics
        }
    }

    func families() -> [MetricFamily] {
        var merged: [MetricFamily] = []
        for metrics in runs.withLock({ $0 }) {
            for family in metrics.families() {
                if let index = merged.firstIndex(where: { $0.name == family.name }) {
                    merged[index].series += family.series
                } else {
                    merged.append(family)
                }
            }
        }
        return merged
    }
}
