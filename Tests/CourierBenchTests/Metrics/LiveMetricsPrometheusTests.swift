import BenchmarkEngine
import BenchmarkMetrics
import CourierFixtureServer
import Foundation
import Testing

@testable import CourierBench

/// `load` watched by a real Prometheus: it scrapes `/metrics`, and takes remote write, classic and
/// native; its counts equal report.json's exactly, and its p99 is the report's within the buckets'
/// error. Each test starts its own Prometheus, so they share nothing.
@Suite(.timeLimit(.minutes(2)), .enabled(if: PrometheusServer.binary != nil, "no prometheus binary (apt-get install prometheus)"))
struct LiveMetricsPrometheusTests {
    /// The report of the one run in `directory`.
    private func report(in directory: URL) throws -> (runID: String, result: ScenarioResult) {
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        return (report.runID, try #require(report.scenarios.first))
    }

    @Test func aScrapedLoadRunCountsWhatItsReportCounts() async throws {
        let binary = try #require(PrometheusServer.binary)
        let server = try FixtureServer.start()
        defer { server.stop() }
        let metricsPort = try PrometheusServer.freePort()
        let prometheus = try await PrometheusServer.start(binary: binary, scraping: "127.0.0.1:\(metricsPort)")
        defer { prometheus.stop() }
        let directory = temporaryDirectory("bench-metrics-scrape")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await testSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--rate", "100", "--duration", "3s", "--interval", "500ms",
            "--metrics-listen", "127.0.0.1:\(metricsPort)", "--metrics-grace", "20s", "--out", directory.path,
        ])
        #expect(status == 0)
        let (runID, result) = try report(in: directory)
        try await prometheus.expectAgreement(
            runID: runID, result: result,
            quantile: "histogram_quantile(0.99, last_over_time(courier_bench_request_duration_seconds_bucket{run_id=\"\(runID)\"}[5m]))",
            error: LatencyBuckets.worstRatio - 1 + 0.01)
    }

    @Test func remoteWriteCountsWhatTheReportCountsClassicAndNative() async throws {
        let binary = try #require(PrometheusServer.binary)
        let server = try FixtureServer.start()
        defer { server.stop() }
        let prometheus = try await PrometheusServer.start(binary: binary, scraping: nil)
        defer { prometheus.stop() }
        for native in [false, true] {
            let directory = temporaryDirectory("bench-metrics-write")
            defer { try? FileManager.default.removeItem(at: directory) }
            let status = await testSuite.status(
                [
                    "load", "--url", server.url("/movies/1").absoluteString, "--rate", "100", "--duration", "2s", "--interval", "500ms",
                    "--metrics-remote-write", prometheus.remoteWriteURL, "--metrics-interval", "500ms", "--metrics-grace", "20s",
                    "--metrics-header", "Authorization: Bearer s3cret", "--out", directory.path,
                ] + (native ? ["--metrics-native-histograms"] : []))
            #expect(status == 0)
            let (runID, result) = try report(in: directory)
            let selector = "{run_id=\"\(runID)\"}"
            // Native buckets at schema 3 are 2^(1/8) apart: within 9 %; classic ones within 25 %.
            try await prometheus.expectAgreement(
                runID: runID, result: result,
                quantile: native
                    ? "histogram_quantile(0.99, courier_bench_request_duration_seconds\(selector))"
                    : "histogram_quantile(0.99, courier_bench_request_duration_seconds_bucket\(selector))",
                error: native ? 0.1 : LatencyBuckets.worstRatio - 1 + 0.01)
            let commandLine = try String(contentsOf: directory.appendingPathComponent("latest/report.json"), encoding: .utf8)
            #expect(!commandLine.contains("s3cret"))
        }
    }
}
