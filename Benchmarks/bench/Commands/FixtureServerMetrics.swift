import BenchmarkMetrics
import CourierFixtureServer

/// What `bench serve --metrics-listen` serves: the fixture server's requests by route, so that a
/// Prometheus watching a load run can set the requests the server saw beside those the generator sent.
struct FixtureServerMetrics: MetricsSource {
    let server: FixtureServer

    func families() -> [MetricFamily] {
        let port = MetricLabel("port", String(server.port))
        return [
            MetricFamily(
                name: "courier_fixture_requests", kind: .counter, help: "Requests the fixture server read, by route.",
                series: server.paths.map { path in
                    MetricSeries(labels: [port, MetricLabel("path", path)], value: .number(Double(server.requestCount(path))))
                })
        ]
    }
}
