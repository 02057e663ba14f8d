import BenchmarkMetrics
import Testing

/// ``OTLPRequest``'s bytes for the smallest request, checked against its encoding worked out by
/// hand from opentelemetry-proto's field numbers (the decoding tests in CourierBenchTests read
/// whole requests back with the Python package).
@Suite struct OTLPRequestTests {
    @Test func aGaugeWithoutLabelsEncodesAsTheSchemaSays() {
        let snapshot = MetricsSnapshot(
            families: [MetricFamily(name: "g", kind: .gauge, help: "", series: [MetricSeries(labels: [], value: .number(1))])],
            unixMilliseconds: 1)
        let bytes = OTLPRequest.encode(snapshot, serviceName: "s", startUnixNanoseconds: 0)
        let one: [UInt8] = [0, 0, 0, 0, 0, 0, 0xF0, 0x3F]  // 1.0, little-endian
        let time: [UInt8] = [0x40, 0x42, 0x0F, 0, 0, 0, 0, 0]  // 1 ms = 1 000 000 ns
        // NumberDataPoint: start (2, fixed64), time (3), as_double (4).
        let point: [UInt8] = [0x11] + [UInt8](repeating: 0, count: 8) + [0x19] + time + [0x21] + one
        // Metric: name (1) "g", gauge (5) { data_points (1) }.
        let metric: [UInt8] = [0x0A, 1, 0x67, 0x2A, UInt8(point.count + 2), 0x0A, UInt8(point.count)] + point
        // ScopeMetrics: scope (1) { name (1) "courier-bench" }, metrics (2).
        let scope: [UInt8] = [0x0A, 15, 0x0A, 13] + Array("courier-bench".utf8) + [0x12, UInt8(metric.count)] + metric
        // Resource: attributes (1) { key (1) "service.name", value (2) { string_value (1) "s" } }.
        let attribute: [UInt8] = [0x0A, 12] + Array("service.name".utf8) + [0x12, 3, 0x0A, 1, 0x73]
        let resource: [UInt8] = [0x0A, UInt8(attribute.count)] + attribute
        // ResourceMetrics: resource (1), scope_metrics (2); the request's resource_metrics (1).
        let resourceMetrics: [UInt8] = [0x0A, UInt8(resource.count)] + resource + [0x12, UInt8(scope.count)] + scope
        #expect(bytes == [0x0A, UInt8(resourceMetrics.count)] + resourceMetrics)
    }

    @Test func anEmptySnapshotIsAnEmptyRequest() {
        #expect(OTLPRequest.encode(MetricsSnapshot(families: [], unixMilliseconds: 5), serviceName: "s", startUnixNanoseconds: 0).isEmpty)
    }
}
