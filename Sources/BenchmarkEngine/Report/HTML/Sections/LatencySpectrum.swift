/// The latency of one load scenario by percentile, read off its HDR histogram at enough points to
/// draw it on the nines axis, with the summary figures the report holds for its table.
struct LatencySpectrum: Sendable {
    /// Latency (nanoseconds) at each percentile, in increasing order of percentile.
    let points: [(percentile: Double, nanoseconds: Double)]

    /// The spectrum of `latency`: read from its histogram at ``NinesScale/samplingPercentiles``; from
    /// the summary's six figures when the histogram does not decode; empty when nothing was recorded.
    init(_ latency: ScenarioResult.Latency) {
        guard latency.summary.count > 0 else {
            points = []
            return
        }
        if let histogram = try? Histogram(encoded: latency.histogram), histogram.totalCount > 0 {
            let percentiles = NinesScale.samplingPercentiles()
            points = zip(percentiles, histogram.values(atPercentiles: percentiles)).map { ($0, Double($1)) }
        } else {
            points = Self.summaryPoints(latency.summary).map { ($0.percentile, Double($0.value)) }
        }
    }

    /// The figures of a summary at the nines axis's ticks, `max` at 100.
    static func summaryPoints(_ summary: LatencySummary) -> [(percentile: Double, value: UInt64)] {
        [(50, summary.p50), (90, summary.p90), (99, summary.p99), (99.9, summary.p999), (99.99, summary.p9999), (100, summary.max)]
    }
}
