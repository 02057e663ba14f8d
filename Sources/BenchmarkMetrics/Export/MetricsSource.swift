/// Where an exposition's figures come from: read at each scrape or push.
public protocol MetricsSource: Sendable {
    /// The families as they are now.
    func families() -> [MetricFamily]
}
