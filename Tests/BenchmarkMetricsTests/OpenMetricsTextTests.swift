import BenchmarkEngine
import Testing

@testable import BenchmarkMetrics

@Suite struct OpenMetricsTextTests {
    @Test func writesTypeHelpUnitSuffixesAndEOF() throws {
        var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        histogram.record(1_900_000, count: 4)
        let run = [MetricLabel("run_id", "r\"1\\\n")]
        let text = OpenMetricsText.render([
            MetricFamily(
                name: "x_requests", kind: .counter, help: "Requests\nsent.",
                series: [MetricSeries(labels: run + [MetricLabel("outcome", "success")], value: .number(12))]),
            MetricFamily(name: "x_empty", kind: .gauge, help: "Left out.", series: []),
            MetricFamily(name: "x_rate", kind: .gauge, help: "Rate.", series: [MetricSeries(labels: [], value: .number(2.5))]),
            MetricFamily(
                name: "x_duration_seconds", kind: .histogram, help: "Latency.", unit: "seconds",
                series: [MetricSeries(labels: run, value: .distribution(LatencyDistribution(histogram)))]),
        ])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(3) == [
                "# TYPE x_requests counter", "# HELP x_requests Requests\\nsent.",
                #"x_requests_total{run_id="r\"1\\\n",outcome="success"} 12"#,
            ])
        #expect(!text.contains("x_empty"))
        #expect(lines.contains("x_rate 2.5"))
        #expect(lines.contains("# UNIT x_duration_seconds seconds"))
        #expect(lines.contains(#"x_duration_seconds_bucket{run_id="r\"1\\\n",le="0.00175"} 0"#))
        #expect(lines.contains(#"x_duration_seconds_bucket{run_id="r\"1\\\n",le="0.002"} 4"#))
        #expect(lines.contains(#"x_duration_seconds_bucket{run_id="r\"1\\\n",le="+Inf"} 4"#))
        #expect(lines.contains(#"x_duration_seconds_count{run_id="r\"1\\\n"} 4"#))
        #expect(lines.filter { $0.hasPrefix("x_duration_seconds_bucket") }.count == LatencyBuckets.bounds.count + 1)
        #expect(lines.last == "# EOF")
    }

    @Test(arguments: [(0.0, "0"), (1200, "1200"), (0.25, "0.25"), (Double.nan, "NaN"), (Double.infinity, "+Inf"), (-3, "-3")])
    func numbersAreWrittenShortestFirst(value: Double, text: String) {
        #expect(OpenMetricsText.number(value) == text)
    }
}
