/// A snapshot as OpenTelemetry's OTLP/HTTP sends it: an `ExportMetricsServiceRequest`
/// (opentelemetry-proto's `collector/metrics/v1` and `metrics/v1`) in protobuf, uncompressed.
///
/// Each run (each set of ``RunLabels``) is a `ResourceMetrics` of its own whose resource names it:
/// `service.name`, then `run_id`, `scenario`, `transport` and `shard` under `bench.`; its series
/// keep their other labels (`outcome`, `request`) as the data points' attributes. Counters are
/// cumulative monotonic Sums, gauges Gauges, and the latency an ExponentialHistogram of cumulative
/// temporality at scale 3 (``ExponentialBuckets``): bucket bounds 2^(1/8) ≈ 1.09 apart, so a
/// quantile read from them is within 9 % of the true value at worst, at any latency.
public enum OTLPRequest {
    /// The header fields every request carries.
    public static let headers = [("Content-Type", "application/x-protobuf")]

    /// The names of the labels that go to the resource rather than the data points.
    static let runLabelNames: Set<String> = ["run_id", "scenario", "transport", "shard"]

    /// `AggregationTemporality.AGGREGATION_TEMPORALITY_CUMULATIVE`: every figure counts from the start.
    private static let cumulative: UInt64 = 2

    /// `snapshot`'s request: the resource says `serviceName`, and cumulative figures count from
    /// `startUnixNanoseconds`.
    public static func encode(_ snapshot: MetricsSnapshot, serviceName: String, startUnixNanoseconds: UInt64) -> [UInt8] {
        let time = UInt64(clamping: snapshot.unixMilliseconds) &* 1_000_000
        let times = (start: min(startUnixNanoseconds, time), now: time)
        var request = ProtobufWriter()
        for run in runs(of: snapshot) {
            request.message(1) { resourceMetrics in
                resourceMetrics.message(1) { resource in
                    attribute(&resource, 1, "service.name", serviceName)
                    for label in run.labels { attribute(&resource, 1, "bench." + label.name, label.value) }
                }
                resourceMetrics.message(2) { scope in
                    scope.message(1) { $0.string(1, "courier-bench") }
                    for family in run.families { scope.message(2) { metric(&$0, family, times: times) } }
                }
            }
        }
        return request.bytes
    }

    /// The snapshot's families split by run: each run's labels, in the order they first appear,
    /// and its families with only its series, less the run's labels.
    static func runs(of snapshot: MetricsSnapshot) -> [(labels: [MetricLabel], families: [MetricFamily])] {
        var runs: [(labels: [MetricLabel], families: [MetricFamily])] = []
        for family in snapshot.families {
            for series in family.series {
                let own = series.labels.filter { runLabelNames.contains($0.name) }
                let rest = MetricSeries(labels: series.labels.filter { !runLabelNames.contains($0.name) }, value: series.value)
                let index = runs.firstIndex { $0.labels == own } ?? runs.endIndex
                if index == runs.endIndex { runs.append((own, [])) }
                if let last = runs[index].families.last, last.name == family.name {
                    runs[index].families[runs[index].families.count - 1].series.append(rest)
                } else {
                    var copy = family
                    copy.series = [rest]
                    runs[index].families.append(copy)
                }
            }
        }
        return runs
    }

    /// A `Metric`: its name, description and unit (UCUM's `s` for seconds), and its data.
    private static func metric(_ writer: inout ProtobufWriter, _ family: MetricFamily, times: (start: UInt64, now: UInt64)) {
        writer.string(1, family.name)
        writer.string(2, family.help)
        writer.string(3, family.unit == "seconds" ? "s" : family.unit ?? "")
        switch family.kind {
        case .counter:
            writer.message(7) { sum in
                for series in family.series { sum.message(1) { number(&$0, series, times: times) } }
                sum.uint(2, cumulative)
                sum.uint(3, 1)
            }
        case .gauge:
            writer.message(5) { gauge in
                for series in family.series { gauge.message(1) { number(&$0, series, times: times) } }
            }
        case .histogram:
            writer.message(10) { histogram in
                for series in family.series {
                    guard case .distribution(let distribution) = series.value else { continue }
                    histogram.message(1) { exponential(&$0, series.labels, distribution, times: times) }
                }
                histogram.uint(2, cumulative)
            }
        }
    }

    /// A `NumberDataPoint` with a double value; a gauge's start time is left out, as OTLP asks.
    private static func number(_ writer: inout ProtobufWriter, _ series: MetricSeries, times: (start: UInt64, now: UInt64)) {
        guard case .number(let value) = series.value else { return }
        for label in series.labels { attribute(&writer, 7, label.name, label.value) }
        writer.fixed64(2, times.start)
        writer.fixed64(3, times.now)
        // `as_double` is in a oneof: written even when 0, so that the point has a value.
        writer.fixed64(4, value.bitPattern)
    }

    /// An `ExponentialHistogramDataPoint` at ``ExponentialBuckets``' schema as OTLP's scale, its
    /// positive buckets dense from the lowest with values. OTLP's bucket `i` covers
    /// `(base^i, base^(i+1)]`, Prometheus' `(base^(i-1), base^i]`: the offset is one less.
    private static func exponential(
        _ writer: inout ProtobufWriter, _ labels: [MetricLabel], _ distribution: LatencyDistribution,
        times: (start: UInt64, now: UInt64)
    ) {
        let buckets = ExponentialBuckets(distribution)
        let dense = buckets.dense
        for label in labels { attribute(&writer, 1, label.name, label.value) }
        writer.fixed64(2, times.start)
        writer.fixed64(3, times.now)
        writer.fixed64(4, distribution.count)
        writer.fixed64(5, distribution.sumSeconds.bitPattern)
        writer.sint(6, Int64(buckets.schema))
        writer.fixed64(7, buckets.zeroCount)
        if !dense.counts.isEmpty {
            writer.message(8) {
                $0.sint(1, Int64(dense.first - 1))
                $0.packedUint(2, dense.counts)
            }
        }
    }

    /// A `KeyValue` with a string value, as field `field`.
    private static func attribute(_ writer: inout ProtobufWriter, _ field: Int, _ key: String, _ value: String) {
        writer.message(field) {
            $0.string(1, key)
            // The AnyValue is present even for an empty string, so the attribute keeps its type.
            $0.message(2) { $0.string(1, value) }
        }
    }
}
