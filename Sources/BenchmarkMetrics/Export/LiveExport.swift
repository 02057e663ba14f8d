import BenchmarkEngine
import CourierSystem

/// A command's live metrics while its load runs: the figures (``LoadMetrics``), the `/metrics`
/// listener when asked for, and a pusher per exporter. Started before the first request; closed
/// after the report is written, when it serves and pushes the final figures for a grace period.
public final class LiveExport: Sendable {
    /// The figures the runner feeds; hand it to the scenario's context as its observer.
    public let metrics: LoadMetrics
    /// The `/metrics` listener, when listening.
    public let listener: MetricsListener?
    private let pushers: [MetricsPusher]

    /// Starts listening on `listen` (when given) and pushing to `exporters` every `interval`;
    /// throws when the address cannot be bound, before any request is sent.
    public static func start(
        labels: RunLabels, listen: ListenAddress?, exporters: [any MetricsExporter], interval: Duration
    ) throws(SocketError) -> LiveExport {
        let metrics = LoadMetrics(labels: labels)
        let listener = try listen.map { address throws(SocketError) in try MetricsListener.start(address, serving: metrics) }
        let pushers = exporters.map { MetricsPusher(exporter: $0, source: metrics, interval: interval) }
        for pusher in pushers { pusher.start() }
        return LiveExport(metrics: metrics, listener: listener, pushers: pushers)
    }

    private init(metrics: LoadMetrics, listener: MetricsListener?, pushers: [MetricsPusher]) {
        self.metrics = metrics
        self.listener = listener
        self.pushers = pushers
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
