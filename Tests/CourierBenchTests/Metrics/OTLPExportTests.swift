import BenchmarkEngine
import BenchmarkMetrics
import Courier
import CourierFixtureServer
import Foundation
import Testing

@testable import CourierBench

/// `--otlp` and a suite's own OTLP exporter watched by a real OTLP receiver (opentelemetry-proto's
/// decoder): its final cumulative counts equal report.json's exactly, its exponential histogram's
/// p99 is the report's within a bucket (2^(1/8), 9 %), and the resource names the run. Each test
/// starts its own receivers, so they share nothing.
@Suite(.timeLimit(.minutes(2)), .enabled("python3 lacks opentelemetry-proto (make deps)") { await OTLPReceiver.isAvailable })
struct OTLPExportTests {
    /// A bucket's ratio at scale 3, and HdrHistogram's three digits.
    private static let bucketError = pow(2, 1.0 / 8) - 1 + 0.01

    @Test func aLoadRunPushedOverOTLPCountsWhatItsReportCounts() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let receiver = try await OTLPReceiver.start()
        defer { receiver.stop() }
        let directory = temporaryDirectory("bench-otlp-load")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await runProbe([
            "load", "--url", server.url("/movies/1").absoluteString, "--rate", "100", "--duration", "2s", "--interval", "500ms",
            "--otlp", receiver.url + "?access_token=s3cret", "--metrics-header", "Authorization: Bearer s3cret",
            "--metrics-interval", "500ms", "--metrics-grace", "20s", "--out", directory.path,
        ])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        let result = try #require(report.scenarios.first)
        let state = try await receiver.state()
        #expect(state.undecodable == 0 && state.requests >= 2)
        #expect(state.paths == ["/v1/metrics?access_token=s3cret"] && state.contentTypes == ["application/x-protobuf"])
        #expect(state.headerNames.contains("authorization"))
        let resource = try #require(state.resource(runID: report.runID))
        #expect(resource.attributes["service.name"] == "bench")
        #expect(resource.attributes["bench.scenario"] == result.name)
        #expect(resource.attributes["bench.transport"] == "urlsession" && resource.attributes["bench.shard"] == "0/1")
        try expectAgreement(resource, result: result)
        #expect(run.errors.contains("metrics: otlp: "))
        #expect(!run.errors.contains("the final figures were not pushed"))
        let reportText = try String(contentsOf: directory.appendingPathComponent("latest/report.json"), encoding: .utf8)
        for text in [run.output, run.errors, reportText] { #expect(!text.contains("s3cret")) }
    }

    /// `run`: each load scenario a resource of its own, pushed by `--otlp` and, beside it, by the
    /// exporter the suite declares in Swift; the micro-benchmark has none.
    @Test func aSuitesLoadScenariosGoToTheCommandLinesAndItsOwnExporter() async throws {
        let declared = try await OTLPReceiver.start()
        defer { declared.stop() }
        let given = try await OTLPReceiver.start()
        defer { given.stop() }
        let suite = RunMetricsSuite.make(liveMetrics: SuiteLiveMetrics(exporters: [SuiteLiveMetrics.otlp(declared.url)]))
        let directory = temporaryDirectory("bench-otlp-run")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await suite.status(["run", "--quick", "--otlp", given.url, "--metrics-grace", "20s", "--out", directory.path])
        #expect(status == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        for receiver in [declared, given] {
            let state = try await receiver.state()
            #expect(state.resources.count == 2, "one resource per load scenario, none for the micro-benchmark")
            for name in ["load/first", "load/second"] {
                let result = try #require(report.scenarios.first { $0.name == name })
                let resource = try #require(state.resource(runID: report.runID, scenario: name))
                #expect(resource.attributes["bench.transport"] == "suite")
                try expectAgreement(resource, result: result)
            }
        }
    }

    /// In a real bench executable, the worker process pushes to the exporter its suite declares,
    /// with only `--metrics-interval` and `--metrics-grace` on the command line.
    @Test func aWorkerPushesToTheExporterItsSuiteDeclares() async throws {
        let receiver = try await OTLPReceiver.start()
        defer { receiver.stop() }
        let directory = temporaryDirectory("probe-otlp")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await runProbe(
            [
                "run", "--quick", "--filter", "load/ping", "--metrics-interval", "500ms", "--metrics-grace", "20s", "--out",
                directory.path,
            ], adding: ["BENCH_PROBE_OTLP": receiver.url])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("metrics: otlp: "))
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        let resource = try #require(try await receiver.state().resource(runID: report.runID, scenario: "load/ping"))
        try expectAgreement(resource, result: try #require(report.scenarios.first))
    }

    /// The receiver's last figures for `result`'s run: counters as cumulative monotonic sums equal
    /// to its outcomes, the latency an exponential histogram of its count whose p99 is within a bucket.
    private func expectAgreement(_ resource: OTLPReceiver.Resource, result: ScenarioResult) throws {
        let outcomes = try #require(result.outcomes)
        let requests = try #require(resource.metrics["courier_bench_requests"])
        #expect(requests.kind == "sum" && requests.monotonic && requests.temporality == 2)
        #expect(resource.total("courier_bench_requests") == Double(outcomes.sent))
        #expect(resource.total("courier_bench_requests", matching: ["outcome": "success"]) == Double(outcomes.succeeded))
        #expect(resource.total("courier_bench_requests_missed") == Double(outcomes.missed))
        #expect(resource.metrics["courier_bench_requests_in_flight"]?.kind == "gauge")
        let latency = try #require(resource.metrics["courier_bench_request_duration_seconds"])
        #expect(latency.kind == "exponential_histogram" && latency.temporality == 2 && latency.unit == "s")
        let point = try #require(latency.points.first)
        let reported = try #require(result.latency)
        #expect(point.count == (try Histogram(encoded: reported.histogram)).totalCount && point.scale == 3)
        #expect(point.start > 0 && point.start <= point.time)
        let p99 = try #require(point.quantile(0.99))
        let expected = Double(reported.summary.p99) / 1e9
        #expect(abs(p99 - expected) / expected <= Self.bucketError, "OTLP p99 \(p99) s, report \(expected) s")
    }
}
