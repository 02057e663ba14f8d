import BenchmarkEngine
import BenchmarkMetrics
import CourierFixtureServer
import Foundation
import Testing

@testable import CourierBench

/// One gauge, `probe_cpu_ratio`, at a fixed value: the service a real Prometheus scrapes.
private struct ServiceGauge: MetricsSource {
    let value: Double

    func families() -> [MetricFamily] {
        [
            MetricFamily(
                name: "probe_cpu_ratio", kind: .gauge, help: "The service's CPU.", series: [MetricSeries(labels: [], value: .number(value))]
            )
        ]
    }
}

/// `capacity --server-metrics`: each step's server figures from a Prometheus HTTP API, a real one
/// and hostile fakes, which never hang or fail the search but say what went wrong.
@Suite(.timeLimit(.minutes(3))) struct ServerMetricsTests {
    /// The figures a Prometheus API at `base` gives for `queries` over ten seconds.
    private func figures(from base: URL, _ queries: [ServerQueries.Query] = [.init(name: "cpu", promql: "up")]) async -> [ServerFigure] {
        await PrometheusFigures(options: ServerMetricsOptions(url: base, queries: queries)).figures(from: 1000, to: 1010)
    }

    /// The figures of a fake API whose `/api/v1/query_range` and `/api/v1/query` answer with `route`,
    /// a range query's and a windowed one's.
    private func figures(answering route: FixtureRoute) async throws -> ServerFigure {
        let fake = try FixtureServer.start(FixtureServer.Configuration(routes: ["/api/v1/query_range": route, "/api/v1/query": route]))
        defer { fake.stop() }
        let windowed = try #require(await figures(from: fake.url("/"), [.init(name: "cpu", promql: "max_over_time(up[$window])")]).first)
        let ranged = try #require(await figures(from: fake.url("/")).first)
        #expect(windowed == ranged)
        return ranged
    }

    private static func matrix(_ series: String) -> String {
        #"{"status":"success","data":{"resultType":"matrix","result":[\#(series)]}}"#
    }

    @Test func theMeanOfTheOneSeriesIsTheFigure() async throws {
        let answer = Self.matrix(#"{"metric":{},"values":[[1000,"1"],[1005,"2"],[1010,"3"]]}"#)
        #expect(try await figures(answering: .json(answer)) == ServerFigure(name: "cpu", value: 2))
        let instant = #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1010,"0.25"]}]}}"#
        #expect(try await figures(answering: .json(instant)) == ServerFigure(name: "cpu", value: 0.25))
    }

    @Test(arguments: [
        (
            FixtureRoute.json(#"{"status":"error","errorType":"bad_data","error":"1:5: parse error"}"#, status: 400),
            "HTTP 400, Prometheus said: bad_data: 1:5: parse error"
        ),
        (.json("<html>proxy error</html>", status: 502), "HTTP 502, not a Prometheus API answer (24 bytes)"),
        (.json("{\"status\":\"success\"}"), "HTTP 200, Prometheus said: success"),
        (.json(matrix("")), "no data over the step's window"),
        (
            .json(matrix(#"{"metric":{"a":"1"},"values":[[1,"1"]]},{"metric":{"a":"2"},"values":[[1,"2"]]}"#)),
            "2 series; aggregate them in the query (sum, max, avg)"
        ),
        (.json(matrix(#"{"metric":{},"values":[[1000,"NaN"]]}"#)), "a point that is not a number: NaN"),
        (.json(#"{"status":"success","data":{"resultType":"scalar","result":[{"metric":{}}]}}"#), "not a series of points (scalar)"),
    ])
    func aLyingOrRefusingAPIIsReported(route: FixtureRoute, reason: String) async throws {
        let figure = try await figures(answering: route)
        #expect(figure.value == nil)
        #expect(figure.unavailable?.hasPrefix(reason) == true, "\(figure.unavailable ?? "nil")")
    }

    /// Down, silent, garbled or flooding: each within the query timeout (bounded loosely: the machine
    /// is shared), the URL's secrets redacted.
    @Test func aDeadSlowOrGarbledAPIIsReportedWithinTheTimeout() async throws {
        let refusing = try RefusingEndpoint()
        var stalling = FixtureServer.Configuration()
        stalling.acceptance = .stall
        let stalled = try FixtureServer.start(stalling)
        defer { stalled.stop() }
        let garbled = try FixtureServer.start(
            .init(routes: ["/api/v1/query_range": FixtureRoute.json("{}").with(fault: .garbageStatusLine)]))
        defer { garbled.stop() }
        let flooding = try FixtureServer.start(.init(routes: ["/api/v1/query_range": .huge(bytes: 4 << 20)]))
        defer { flooding.stop() }
        let clock = ContinuousClock()
        for base in [refusing.url, stalled.url("/"), garbled.url("/"), flooding.url("/")] {
            var components = try #require(URLComponents(url: base, resolvingAgainstBaseURL: false))
            components.user = "admin"
            components.password = "s3cret"
            let started = clock.now
            let url = try #require(components.url)
            let figure = try #require(await figures(from: url).first)
            #expect(clock.now - started < .seconds(PrometheusFigures.timeout * 6))
            let reason = try #require(figure.unavailable)
            #expect(figure.value == nil && !reason.contains("s3cret") && !reason.contains("admin"), "\(reason)")
            #expect(reason.contains("REDACTED") || reason.hasPrefix("HTTP"), "\(reason)")
        }
    }

    /// A query naming `$window` is evaluated at the window's end with its length; any other is read
    /// as a range over it. A `+` survives the query string.
    @Test func theQueryURLCarriesTheWindow() throws {
        let options = ServerMetricsOptions(
            url: try #require(URL(string: "http://127.0.0.1:9090/prom/")),
            queries: [.init(name: "cpu", promql: "sum(rate(a[$window])) + 1"), .init(name: "up", promql: "up + 1")])
        let figures = PrometheusFigures(options: options)
        let windowed = try #require(figures.url(of: options.queries[0], from: 1000, to: 1012.5))
        #expect(windowed == "http://127.0.0.1:9090/prom/api/v1/query?query=sum(rate(a%5B12500ms%5D))%20%2B%201&time=1012.500")
        let ranged = try #require(figures.url(of: options.queries[1], from: 1000, to: 1120))
        #expect(ranged == "http://127.0.0.1:9090/prom/api/v1/query_range?query=up%20%2B%201&start=1000.000&end=1120.000&step=2.000")
    }

    @Test(arguments: [
        (["--query", "cpu=up"], "'--query' reads from a Prometheus; add '--server-metrics <url>'"),
        (
            ["--slo", "server:cpu<=80%"],
            "the objective 'server:cpu<=80%' judges a server's figure; add '--server-metrics <url>' and '--query cpu=<promql>'"
        ),
        (["--server-metrics", "http://127.0.0.1:9090"], "'--server-metrics' needs at least one '--query <name>=<promql>'"),
        (
            ["--server-metrics", "ftp://p", "--query", "cpu=up"],
            "invalid URL 'ftp://p' in '--server-metrics' (expected http://host[:port]/path)"
        ),
        (["--server-metrics", "http://p:9090", "--query", "cpu=up", "--query", "cpu=down"], "two '--query' are named 'cpu'"),
        (
            ["--server-metrics", "http://p:9090", "--query", "cpu=up", "--slo", "server:queue<5"],
            "the objective 'server:queue<5' names the query 'queue', but no '--query' is named so"
        ),
        (
            ["--query", "c p u=up"],
            "invalid query 'c p u=up' for '--query' (expected <name>=<promql>, the name of letters, digits, '_' and '-', such as cpu=sum(rate(process_cpu_seconds_total[$window])))"
        ),
        (
            ["--slo", "server:cpu<=lots"],
            "invalid objective 'server:cpu<=lots' for '--slo': expected a number, or a percentage such as 80%\n  server:cpu<=lots\n              ^^^^"
        ),
    ])
    func badServerOptionsAreUsageErrors(arguments: [String], message: String) async {
        let line = ["capacity", "--url", "http://127.0.0.1:9/x", "--slo", "p99<=1s"] + arguments
        #expect(testSuite.usageMessage(line) == message)
        #expect(await testSuite.status(line) == 64)
    }

    @Test func loadTakesNoServerObjective() {
        #expect(
            testSuite.usageMessage(["load", "--url", "http://127.0.0.1:9/x", "--slo", "server:cpu<=80%"])
                == "the objective 'server:cpu<=80%' judges a server's figure, which only 'capacity --server-metrics' reads")
        #expect(testSuite.usageMessage(["capacity", "--url", "http://127.0.0.1:9/x", "--slo", "server:p99<=1s"]) != nil)
    }

    /// A real Prometheus scraping the service's gauge: every step carries its value, windowed and
    /// ranged, in every file;
    /// an objective on it passes at 50% and fails every step at 10%.
    @Test(.enabled(if: PrometheusServer.binary != nil, "no prometheus binary (apt-get install prometheus)"))
    func aRealPrometheusGivesEachStepTheServersFigure() async throws {
        let binary = try #require(PrometheusServer.binary)
        let service = try FixtureServer.start(.init(routes: FixtureServer.standardRoutes))
        defer { service.stop() }
        let gauge = try MetricsListener.start(try #require(ListenAddress("127.0.0.1:0")), serving: ServiceGauge(value: 0.5))
        defer { gauge.stop() }
        let prometheus = try await PrometheusServer.start(binary: binary, scraping: "127.0.0.1:\(gauge.port)")
        defer { prometheus.stop() }
        let scraped = await poll(within: .seconds(30)) { (try? await prometheus.value(of: "probe_cpu_ratio")) == 0.5 }
        try #require(scraped, "Prometheus never scraped the gauge")
        for (objective, status) in [("server:cpu<=80%", Int32(0)), ("server:cpu<=10%", 3)] {
            let directory = temporaryDirectory("bench-server-metrics")
            defer { try? FileManager.default.removeItem(at: directory) }
            let code = await testSuite.status([
                "capacity", "--url", service.url("/movies/1").absoluteString, "--slo", "p99<=2s", "--slo", objective,
                "--min-rate", "20", "--max-rate", "40", "--step", "2s", "--warmup", "0s", "--interval", "500ms",
                "--server-metrics", "http://127.0.0.1:\(prometheus.port)", "--query", "cpu=avg_over_time(probe_cpu_ratio[$window]) + 0",
                "--query", "raw=probe_cpu_ratio",
                "--out", directory.path,
            ])
            #expect(code == status, "\(objective)")
            let run = directory.appendingPathComponent("latest")
            let report = try JSONDecoder().decode(CapacityReport.self, from: Data(contentsOf: run.appendingPathComponent("capacity.json")))
            #expect(!report.steps.isEmpty)
            let figures = [ServerFigure(name: "cpu", value: 0.5), ServerFigure(name: "raw", value: 0.5)]
            #expect(report.steps.allSatisfy { $0.server == figures }, "\(report.steps.map(\.server))")
            #expect(report.serverMetrics?.queries.map(\.name) == ["cpu", "raw"] && report.settings.objectives.contains(objective))
            let csv = try String(contentsOf: run.appendingPathComponent("capacity.csv"), encoding: .utf8)
            #expect(csv.contains(",server_cpu,server_raw,status,") && csv.contains(",0.500,0.500,"))
            let summary = try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
            #expect(summary.contains("| step | offered | cpu | raw |"))
            if status == 3 {
                #expect(report.steps.allSatisfy { $0.reasons.contains("server:cpu<=10% broken: server cpu was 50.0%") })
                #expect(report.result.stopReason == .failedAtMinimumRate)
            } else {
                #expect(report.result.stopReason == .maximumRateSustained)
                #expect(summary.contains("The server at the highest load that passed (40.0/s): cpu 0.5, raw 0.5."))
            }
        }
    }
}
