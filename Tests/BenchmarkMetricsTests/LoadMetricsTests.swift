import BenchmarkEngine
import Testing

@testable import BenchmarkMetrics

@Suite struct LoadMetricsTests {
    private let labels = RunLabels(runID: "r1", scenario: "load/url/urlsession", transport: "urlsession", shard: "0/1")

    private func histogram(_ nanoseconds: UInt64, count: UInt64) throws -> Histogram {
        var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        histogram.record(nanoseconds, count: count)
        return histogram
    }

    private func value(_ families: [MetricFamily], _ name: String, _ labels: [MetricLabel] = []) -> Double? {
        let series = families.first { $0.name == name }?.series.first { series in labels.allSatisfy(series.labels.contains) }
        guard case .number(let value) = series?.value else { return nil }
        return value
    }

    @Test func intervalsAddUpUntilTheResultReplacesThem() throws {
        let metrics = LoadMetrics(labels: labels)
        var configuration = LoadConfiguration(concurrency: 2, rate: 10, duration: .seconds(2), requestTimeout: .seconds(1))
        configuration.interval = .milliseconds(500)
        metrics.loadStarted(configuration)
        let figures = IntervalFigures(
            index: 0, sent: 5, succeeded: 4, missed: 0, errors: ["timeout": 1], latency: try histogram(1_000_000, count: 5))
        metrics.recorded(figures, name: nil)
        metrics.recorded(figures, name: "search")
        metrics.sampledInFlight(3)
        var families = metrics.families()
        #expect(value(families, "courier_bench_requests", [MetricLabel("outcome", "success")]) == 4)
        #expect(value(families, "courier_bench_requests", [MetricLabel("outcome", "timeout")]) == 1)
        #expect(
            value(families, "courier_bench_named_requests", [MetricLabel("request", "search"), MetricLabel("outcome", "success")]) == 4)
        #expect(value(families, "courier_bench_requests_in_flight") == 3)
        #expect(value(families, "courier_bench_achieved_requests_per_second") == 10)
        #expect(value(families, "courier_bench_target_requests_per_second") == 10)
        #expect(families.allSatisfy { $0.series.allSatisfy { $0.labels.prefix(4).elementsEqual(labels.labels) } })

        var result = ScenarioResult(name: "x", kind: .load, operations: 12, warmupOperations: 0, durationSeconds: 2)
        result.outcomes = ScenarioResult.Outcomes(scheduled: 13, sent: 12, missed: 1, succeeded: 10, errors: ["timeout": 2])
        result.latency = ScenarioResult.Latency(try histogram(2_000_000, count: 12))
        metrics.loadFinished(result)
        families = metrics.families()
        #expect(value(families, "courier_bench_requests", [MetricLabel("outcome", "success")]) == 10)
        #expect(value(families, "courier_bench_requests_missed") == 1)
        #expect(value(families, "courier_bench_requests_in_flight") == 0)
        guard
            case .distribution(let latency) = families.first(where: { $0.name == "courier_bench_request_duration_seconds" })?.series.first?
                .value
        else {
            Issue.record("no latency")
            return
        }
        #expect(latency.count == 12)
        // A second run (a capacity step) adds to the first: counters only grow.
        metrics.loadFinished(result)
        #expect(value(metrics.families(), "courier_bench_requests", [MetricLabel("outcome", "success")]) == 20)
    }

    @Test func theTargetRateFollowsTheStagesAndTheShard() {
        var configuration = LoadConfiguration(
            concurrency: 2, startRate: 100,
            stages: [LoadStage(duration: .seconds(10), targetRate: 300), LoadStage(duration: .seconds(10), targetRate: 300)],
            requestTimeout: .seconds(1))
        configuration.shard = Shard(index: 0, count: 2) ?? .whole
        #expect(LoadMetrics.targetRate(of: configuration, elapsed: 5_000_000_000) == 100)
        #expect(LoadMetrics.targetRate(of: configuration, elapsed: 15_000_000_000) == 150)
        #expect(LoadMetrics.targetRate(of: configuration, elapsed: 25_000_000_000) == 150)
        let closed = LoadConfiguration(concurrency: 2, rate: nil, duration: .seconds(1), requestTimeout: .seconds(1))
        #expect(LoadMetrics.targetRate(of: closed, elapsed: 0) == nil)
    }
}
