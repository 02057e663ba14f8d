/// A snapshot as Prometheus remote write 1.0 sends it: a `WriteRequest` (prometheus/prompb's
/// `remote.proto` and `types.proto`) in protobuf, then Snappy-compressed.
///
/// Every series carries `__name__` and the series' labels, sorted by name as the receiver expects.
/// A counter is sent as `<name>_total`; a histogram either as the classic series (`_bucket` with
/// `le`, `_count`, `_sum`) or, with native histograms, as one sample of the `Histogram` message in
/// exponential buckets of schema 3 (``ExponentialBuckets``).
public enum RemoteWriteRequest {
    /// The header fields every request carries.
    public static let headers = [
        ("Content-Type", "application/x-protobuf"), ("Content-Encoding", "snappy"), ("X-Prometheus-Remote-Write-Version", "0.1.0"),
    ]

    /// `snapshot`'s `WriteRequest`, not yet compressed.
    public static func encode(_ snapshot: MetricsSnapshot, nativeHistograms: Bool) -> [UInt8] {
        var request = ProtobufWriter()
        let time = snapshot.unixMilliseconds
        for family in snapshot.families {
            for series in family.series {
                switch series.value {
                case .number(let value):
                    let name = family.kind == .counter ? family.name + "_total" : family.name
                    request.message(1) { sample(&$0, name: name, labels: series.labels, value: value, time: time) }
                case .distribution(let distribution) where nativeHistograms:
                    request.message(1) { native(&$0, name: family.name, labels: series.labels, distribution, time: time) }
                case .distribution(let distribution):
                    let counts = LatencyBuckets.cumulativeCounts(of: distribution)
                    for (bound, count) in zip(LatencyBuckets.bounds, counts) {
                        let labels = series.labels + [MetricLabel("le", OpenMetricsText.number(bound))]
                        request.message(1) { sample(&$0, name: family.name + "_bucket", labels: labels, value: Double(count), time: time) }
                    }
                    let infinite = series.labels + [MetricLabel("le", "+Inf")]
                    let total = Double(distribution.count)
                    request.message(1) { sample(&$0, name: family.name + "_bucket", labels: infinite, value: total, time: time) }
                    request.message(1) { sample(&$0, name: family.name + "_count", labels: series.labels, value: total, time: time) }
                    request.message(1) {
                        sample(&$0, name: family.name + "_sum", labels: series.labels, value: distribution.sumSeconds, time: time)
                    }
                }
            }
        }
        return request.bytes
    }

    /// `snapshot`'s request body: encoded, then compressed.
    public static func body(_ snapshot: MetricsSnapshot, nativeHistograms: Bool) -> [UInt8] {
        Snappy.compress(encode(snapshot, nativeHistograms: nativeHistograms))
    }

    /// `TimeSeries.labels` (field 1): `__name__` and `labels`, sorted by name.
    private static func labels(_ writer: inout ProtobufWriter, name: String, _ labels: [MetricLabel]) {
        for label in ([MetricLabel("__name__", name)] + labels).sorted(by: { $0.name < $1.name }) {
            writer.message(1) {
                $0.string(1, label.name)
                $0.string(2, label.value)
            }
        }
    }

    private static func sample(_ writer: inout ProtobufWriter, name: String, labels: [MetricLabel], value: Double, time: Int64) {
        Self.labels(&writer, name: name, labels)
        writer.message(2) {
            $0.double(1, value)
            $0.int(2, time)
        }
    }

    /// A native histogram: `TimeSeries.histograms` (field 4), integer counts, positive buckets only.
    private static func native(
        _ writer: inout ProtobufWriter, name: String, labels: [MetricLabel], _ distribution: LatencyDistribution, time: Int64
    ) {
        Self.labels(&writer, name: name, labels)
        let buckets = ExponentialBuckets(distribution)
        let (spans, deltas) = buckets.spans
        writer.message(4) {
            $0.uint(1, distribution.count)
            $0.double(3, distribution.sumSeconds)
            $0.sint(4, Int64(buckets.schema))
            $0.uint(6, buckets.zeroCount)
            for span in spans {
                $0.message(11) {
                    $0.sint(1, Int64(span.offset))
                    $0.uint(2, UInt64(span.length))
                }
            }
            $0.packedSint(12, deltas)
            $0.int(15, time)
        }
    }
}
