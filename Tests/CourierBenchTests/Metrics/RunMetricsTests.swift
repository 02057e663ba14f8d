import BenchmarkEngine
import BenchmarkMetrics
import Courier
import Foundation
import Testing

@testable import CourierBench

/// `run --metrics-listen`: a suite's load scenarios watched by a real Prometheus, each under its
/// own scenario label, in process and from a worker process; what the run refuses before it starts.
@Suite(.timeLimit(.minutes(3))) struct RunMetricsTests {
    /// Two short open-loop loads over an in-memory backend beside a micro-benchmark.
    private let suite = RunMetricsSuite.make()

    private func report(in directory: URL) throws -> Report {
        try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
    }

    private func p99(_ runID: String, _ scenario: String) -> String {
        "histogram_quantile(0.99, last_over_time(courier_bench_request_duration_seconds_bucket{run_id=\"\(runID)\",scenario=\"\(scenario)\"}[5m]))"
    }

    @Test(.enabled(if: PrometheusServer.binary != nil, "no prometheus binary (apt-get install prometheus)"))
    func eachLoadScenarioOfARunCountsWhatItsReportCounts() async throws {
        let binary = try #require(PrometheusServer.binary)
        let metricsPort = try PrometheusServer.freePort()
        let prometheus = try await PrometheusServer.start(binary: binary, scraping: "127.0.0.1:\(metricsPort)")
        defer { prometheus.stop() }
        let directory = temporaryDirectory("bench-run-metrics")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await suite.status([
            "run", "--quick", "--metrics-listen", "127.0.0.1:\(metricsPort)", "--metrics-grace", "20s", "--out", directory.path,
        ])
        #expect(status == 0)
        let report = try report(in: directory)
        for name in ["load/first", "load/second"] {
            let result = try #require(report.scenarios.first { $0.name == name })
            try await prometheus.expectAgreement(
                runID: report.runID, scenario: name, result: result, quantile: p99(report.runID, name),
                error: LatencyBuckets.worstRatio - 1 + 0.01)
        }
        let transports = try await prometheus.value(
            of: "count(last_over_time(courier_bench_requests_missed_total{transport=\"suite\"}[5m]))")
        #expect(transports == 2, "one series per load scenario, none for the micro-benchmark")
    }

    /// In a real bench executable, the worker process serves the figures it makes.
    @Test(.enabled(if: PrometheusServer.binary != nil, "no prometheus binary (apt-get install prometheus)"))
    func aWorkerServesTheFiguresOfItsLoadScenarios() async throws {
        let binary = try #require(PrometheusServer.binary)
        let metricsPort = try PrometheusServer.freePort()
        let prometheus = try await PrometheusServer.start(binary: binary, scraping: "127.0.0.1:\(metricsPort)")
        defer { prometheus.stop() }
        let directory = temporaryDirectory("probe-metrics")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await runProbe([
            "run", "--quick", "--filter", "load/ping", "--metrics-listen", "127.0.0.1:\(metricsPort)", "--metrics-grace", "20s",
            "--out", directory.path,
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("Serving metrics at http://127.0.0.1:\(metricsPort)/metrics\n"))
        #expect(run.errors.contains("metrics: a scrape read the final figures\n"))
        let report = try report(in: directory)
        let result = try #require(report.scenarios.first)
        try await prometheus.expectAgreement(
            runID: report.runID, scenario: "load/ping", result: result, quantile: p99(report.runID, "load/ping"),
            error: LatencyBuckets.worstRatio - 1 + 0.01)
    }

    /// A port already taken fails the run before any scenario runs, in process and with workers.
    @Test func aPortTakenExits1BeforeAnyScenario() async throws {
        let taken = try MetricsListener.start(try #require(ListenAddress("127.0.0.1:0")), serving: LoadMetrics(labels: labels))
        defer { taken.stop() }
        let directory = temporaryDirectory("bench-run-taken")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["run", "--quick", "--metrics-listen", "127.0.0.1:\(taken.port)", "--out", directory.path]
        #expect(await suite.status(arguments) == 1)
        let probe = try await runProbe(arguments)
        #expect(probe.status == 1)
        #expect(probe.errors.contains("error: cannot serve metrics on 127.0.0.1:\(taken.port): bind: "))
        #expect(probe.errors.contains("; no scenario was run\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("latest").path))
    }

    private var labels: RunLabels { RunLabels(runID: "r", scenario: "s", transport: "t", shard: "0/1") }

    @Test func liveMetricsWithInstructionsOrPushOptionsAloneAreUsageErrors() async {
        #expect(
            suite.usageMessage(["run", "--instructions", "--metrics-listen", "9464"])
                == "live metrics watch load scenarios, which '--instructions' leaves out")
        #expect(await suite.status(["run", "--metrics-header", "Authorization: Bearer s3cret"]) == 64)
        #expect(await suite.status(["run", "--metrics-grace", "1s"]) == 64)
        let declaring = RunMetricsSuite.make(
            liveMetrics: SuiteLiveMetrics(exporters: [SuiteLiveMetrics.otlp("http://127.0.0.1:9/v1/metrics")]))
        #expect(
            declaring.usageMessage(["run", "--metrics-header", "Authorization: Bearer s3cret"])
                == "'--metrics-header' applies to '--metrics-remote-write' and '--otlp'; the suite's own exporters take their header fields in Swift"
        )
        #expect(await declaring.status(["run", "--metrics-header", "Authorization: Bearer s3cret"]) == 64)
        #expect(declaring.usageMessage(["run", "--metrics-interval", "2s"]) == nil)
    }

    /// A worker is handed the parent's options as arguments that parse to the same.
    @Test func theWorkersArgumentsParseToTheParentsOptions() throws {
        let command = try #require(
            try suite.command(
                [
                    "run", "--metrics-listen", "0.0.0.0:9464", "--metrics-remote-write", "http://p:9090/api/v1/write", "--otlp",
                    "http://c:4318/v1/metrics",
                    "--metrics-header", "Authorization: Bearer t", "--metrics-native-histograms", "--metrics-interval", "750ms",
                    "--metrics-grace", "0s",
                ], as: RunCommand.self))
        let metrics = SuiteMetrics(options: command.metrics, runID: "20260101-000000")
        let arguments = ["--results", "/tmp/x"] + metrics.workerArguments + ["--", "load/first"]
        let worker = try ScenarioWorkerCommand.parse(arguments[...], in: suite)
        #expect(worker.metrics?.options == command.metrics && worker.metrics?.runID == "20260101-000000")
        let listenOnly = SuiteMetrics(options: MetricsOptions(listen: ListenAddress("9464")), runID: "r")
        #expect(listenOnly.workerArguments == ["--run-id", "r", "--metrics-listen", "127.0.0.1:9464", "--metrics-grace", "30000ms"])
        #expect(SuiteMetrics(options: MetricsOptions(), runID: "r").workerArguments == ["--run-id", "r"])
        #expect(throws: UsageError.self) {
            try ScenarioWorkerCommand.parse(["--results", "/tmp/x", "--metrics-listen", "9464"][...], in: suite)
        }
    }
}
