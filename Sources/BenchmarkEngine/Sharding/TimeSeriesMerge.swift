/// The time series of a run's shards merged into one, interval by interval.
///
/// Each shard's intervals are placed on the merged series' grid by their wall-clock start: the
/// merged series starts with the earliest shard, and a shard's interval goes into the merged
/// interval whose start is nearest its own. Shards given one start time (`--start-at`) share one
/// grid, so the alignment is exact to the clocks' agreement; ``misalignmentSeconds`` says how far
/// off it was. In each merged interval the outcomes are added, the histograms merged, the requests
/// in flight added (the shards' requests were in flight at once) and the generator CPU share is the
/// busiest shard's, the one most likely to have held the run back.
struct TimeSeriesMerge {
    /// The merged series.
    let merged: TimeSeries
    /// The largest distance between a shard's interval start and the merged interval it went into.
    let misalignmentSeconds: Double

    /// Merges `series` (each with the report it came from), or is `nil` when there are none.
    init?(_ series: [(source: String, series: TimeSeries)]) throws(ShardMergeError) {
        guard let first = series.first else { return nil }
        let length = first.series.intervalSeconds
        let start = series.map(\.series.startUnixMicroseconds).min() ?? first.series.startUnixMicroseconds
        var intervals: [Int: TimeSeries.Interval] = [:]
        var misalignment = 0.0
        for (source, shard) in series {
            guard shard.intervalSeconds == length, length > 0 else {
                throw .differs(
                    setting: "interval", source: source, value: "\(shard.intervalSeconds) s", reference: first.source,
                    referenceValue: "\(length) s")
            }
            let offset = Double(shard.startUnixMicroseconds - start) / 1e6
            for interval in shard.intervals {
                let position = (offset + interval.startSeconds) / length
                let index = Int(position.rounded())
                misalignment = max(misalignment, abs(position - Double(index)) * length)
                do {
                    intervals[index] =
                        try intervals[index].map { try Self.add(interval, to: $0) } ?? Self.placed(interval, at: Double(index) * length)
                } catch {
                    throw .unreadableHistogram(source: source, reason: "\(error)")
                }
            }
        }
        let last = intervals.keys.max() ?? -1
        let grid = (0...max(0, last)).compactMap { intervals[$0] }
        merged = TimeSeries(startUnixMicroseconds: start, intervalSeconds: length, intervals: grid)
        misalignmentSeconds = misalignment
    }

    /// `interval` as the first of its merged interval, starting at `startSeconds`.
    private static func placed(_ interval: TimeSeries.Interval, at startSeconds: Double) -> TimeSeries.Interval {
        var placed = interval
        placed.startSeconds = startSeconds
        return placed
    }

    /// `sum` with `interval` added.
    private static func add(_ interval: TimeSeries.Interval, to sum: TimeSeries.Interval) throws(HistogramError) -> TimeSeries.Interval {
        var outcomes = sum.outcomes
        outcomes.add(interval.outcomes)
        var uncorrected: ScenarioResult.Latency?
        if let mine = sum.uncorrectedLatency, let theirs = interval.uncorrectedLatency {
            uncorrected = try merge(mine, theirs)
        }
        var merged = TimeSeries.Interval(
            startSeconds: sum.startSeconds, durationSeconds: max(sum.durationSeconds, interval.durationSeconds), outcomes: outcomes,
            latency: try merge(sum.latency, interval.latency), uncorrectedLatency: uncorrected
        )
        merged.meanInFlight = sum.meanInFlight.flatMap { mine in interval.meanInFlight.map { mine + $0 } }
        merged.generatorCPU = sum.generatorCPU.flatMap { mine in interval.generatorCPU.map { max(mine, $0) } }
        return merged
    }

    private static func merge(_ a: ScenarioResult.Latency, _ b: ScenarioResult.Latency) throws(HistogramError) -> ScenarioResult.Latency {
        var histogram = try Histogram(encoded: a.histogram)
        try histogram.merge(Histogram(encoded: b.histogram))
        return ScenarioResult.Latency(histogram)
    }
}
