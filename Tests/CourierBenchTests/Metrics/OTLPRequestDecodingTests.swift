import BenchmarkEngine
import BenchmarkMetrics
import Foundation
import Testing

/// ``OTLPRequest``'s bytes as opentelemetry-proto's own decoder reads them: every field where the
/// OTLP schema puts it.
@Suite(.enabled("python3 lacks opentelemetry-proto (make deps)") { await OTLPReceiver.isAvailable })
struct OTLPRequestDecodingTests {
    private let first = RunLabels(runID: "r1", scenario: "load/a", transport: "urlsession", shard: "0/1")
    private let second = RunLabels(runID: "r1", scenario: "load/b", transport: "suite", shard: "1/2")

    private func snapshot() throws -> MetricsSnapshot {
        var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        histogram.record(950_000_000, count: 4)  // Prometheus' bucket 0, OTLP's -1: (2^-1/8, 1] s
        histogram.record(1_950_000_000, count: 2)  // Prometheus' 8, OTLP's 7
        let a = first.labels
        let b = second.labels
        return MetricsSnapshot(
            families: [
                MetricFamily(
                    name: "courier_bench_requests", kind: .counter, help: "Requests.",
                    series: [
                        MetricSeries(labels: a + [MetricLabel("outcome", "success")], value: .number(12)),
                        MetricSeries(labels: b + [MetricLabel("outcome", "success")], value: .number(0)),
                    ]),
                MetricFamily(
                    name: "courier_bench_requests_in_flight", kind: .gauge, help: "In flight.",
                    series: [
                        MetricSeries(labels: a, value: .number(3))
                    ]),
                MetricFamily(
                    name: "courier_bench_request_duration_seconds", kind: .histogram, help: "Latency.", unit: "seconds",
                    series: [MetricSeries(labels: a, value: .distribution(LatencyDistribution(histogram)))]),
            ], unixMilliseconds: 1_700_000_000_123)
    }

    @Test func eachRunIsAResourceAndEachFigureWhereOTLPPutsIt() async throws {
        let bytes = OTLPRequest.encode(try snapshot(), serviceName: "bench", startUnixNanoseconds: 1_700_000_000_000_000_000)
        let resources = try await OTLPReceiver.decode(bytes)
        #expect(resources.count == 2)
        let a = try #require(resources.first)
        #expect(
            a.attributes == [
                "service.name": "bench", "bench.run_id": "r1", "bench.scenario": "load/a", "bench.transport": "urlsession",
                "bench.shard": "0/1",
            ])
        let requests = try #require(a.metrics["courier_bench_requests"])
        #expect(requests.kind == "sum" && requests.monotonic && requests.temporality == 2)
        let point = try #require(requests.points.first)
        #expect(point.attributes == ["outcome": "success"] && point.value == 12)
        #expect(point.start == 1_700_000_000_000_000_000 && point.time == 1_700_000_000_123_000_000)
        let gauge = try #require(a.metrics["courier_bench_requests_in_flight"])
        #expect(gauge.kind == "gauge" && gauge.points.first?.value == 3)
        let latency = try #require(a.metrics["courier_bench_request_duration_seconds"])
        #expect(latency.kind == "exponential_histogram" && latency.unit == "s" && latency.temporality == 2)
        let histogram = try #require(latency.points.first)
        #expect(histogram.count == 6 && histogram.scale == 3 && histogram.zeroCount == 0 && histogram.offset == -1)
        #expect(histogram.bucketCounts == [4, 0, 0, 0, 0, 0, 0, 0, 2])
        #expect(abs((histogram.sum ?? 0) - (4 * 0.95 + 2 * 1.95)) < 0.01)
        // A counter at 0 still has its point and its value.
        let b = try #require(resources.last)
        #expect(b.attributes["bench.scenario"] == "load/b" && b.attributes["bench.shard"] == "1/2")
        #expect(b.metrics.keys.sorted() == ["courier_bench_requests"] && b.total("courier_bench_requests") == 0)
    }
}
