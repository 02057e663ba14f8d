extension LoadRunner {
    /// The run's `intervals` intervals of `intervalNanoseconds`, `covering` that many nanoseconds,
    /// from what the encoder closed and the sampler saw: each with its slots (below `scheduled`) that
    /// were never claimed counted as missed, and checked to reconcile on its own.
    static func assembleTimeSeries(
        _ encoder: IntervalEncoder,
        sampler: GeneratorSampler,
        schedule: LoadSchedule,
        scheduled: Int,
        intervals: Int,
        covering covered: UInt64,
        intervalNanoseconds length: UInt64
    ) throws(UnreconciledOutcomes) -> [TimeSeries.Interval] {
        // Nothing is ever recorded past the run's intervals; counted all the same should it be.
        let count = max(intervals, (encoder.run.encoded.keys.max() ?? -1) + 1)
        let claimed = schedule.claimed
        let cpus = Double(Platform.cpuCount)
        var intervals: [TimeSeries.Interval] = []
        intervals.reserveCapacity(count)
        var firstSlot = 0
        for index in 0..<count {
            let (begin, nanoseconds) = span(of: index, length: length, covering: covered)
            let end = begin.addingSaturated(length)
            let nextSlot = min(schedule.firstSlot(notBefore: end), scheduled)
            let figures = encoder.run.encoded[index] ?? IntervalEncoder.Encoded(latency: encoder.empty, uncorrected: encoder.empty)
            var missed = figures.missed
            if schedule.isOpenLoop {
                // The slots of this interval that no worker claimed before the run ended.
                missed += max(0, nextSlot - max(firstSlot, claimed))
            }
            let outcomes = ScenarioResult.Outcomes(
                scheduled: schedule.isOpenLoop ? nextSlot - firstSlot : figures.sent + missed,
                sent: figures.sent, missed: missed, succeeded: figures.succeeded, errors: figures.errors
            )
            guard outcomes.reconciles else { throw UnreconciledOutcomes(outcomes: outcomes, interval: index) }
            var interval = TimeSeries.Interval(
                startSeconds: Double(begin) / 1e9, durationSeconds: Double(nanoseconds) / 1e9, outcomes: outcomes,
                latency: figures.latency, uncorrectedLatency: schedule.isOpenLoop ? figures.uncorrected : nil
            )
            if let sampled = sampler.intervals[index], sampled.time > 0 {
                interval.meanInFlight = sampled.inFlightTime / sampled.time
                interval.generatorCPU = sampled.cpu / (sampled.time * cpus)
            }
            intervals.append(interval)
            firstSlot = nextSlot
        }
        return intervals
    }

    /// Each name's total and time series, `names` in the order of their positions: the same
    /// intervals as the run's (`intervals` of them, `covering` that many nanoseconds), and more should
    /// a name have counted in a later one (a journey's step that a session sent after the run's last
    /// interval), each checked to reconcile.
    static func assembleNamedSeries(
        _ encoder: IntervalEncoder,
        names: [String],
        isOpenLoop: Bool,
        intervals: Int,
        covering covered: UInt64,
        intervalNanoseconds length: UInt64
    ) throws(UnreconciledOutcomes) -> [NamedFigures] {
        var figures: [NamedFigures] = []
        figures.reserveCapacity(names.count)
        for (position, name) in names.enumerated() {
            let series = encoder.names.indices.contains(position) ? encoder.names[position] : nil
            let count = max(intervals, (series?.encoded.keys.max() ?? -1) + 1)
            var named: [TimeSeries.Interval] = []
            named.reserveCapacity(count)
            for index in 0..<count {
                let (begin, nanoseconds) = span(of: index, length: length, covering: covered)
                let interval = series?.encoded[index] ?? IntervalEncoder.Encoded(latency: encoder.empty, uncorrected: encoder.empty)
                // A name's requests are chosen as they start, so a slot missed has no name.
                let outcomes = ScenarioResult.Outcomes(sent: interval.sent, succeeded: interval.succeeded, errors: interval.errors)
                guard outcomes.reconciles else {
                    throw UnreconciledOutcomes(outcomes: outcomes, interval: index, comparedWith: "their own parts in \(name)")
                }
                named.append(
                    TimeSeries.Interval(
                        startSeconds: Double(begin) / 1e9, durationSeconds: Double(nanoseconds) / 1e9, outcomes: outcomes,
                        latency: interval.latency, uncorrectedLatency: isOpenLoop ? interval.uncorrected : nil))
            }
            figures.append(NamedFigures(name: name, total: series?.total ?? SparseLoadTally(template: encoder.template), intervals: named))
        }
        return figures
    }

    /// Where interval `index` of `length` nanoseconds begins, and how long it lasted: its whole
    /// length, but for the last of a run that ended `covering` nanoseconds, which lasted until then.
    private static func span(of index: Int, length: UInt64, covering covered: UInt64) -> (begin: UInt64, nanoseconds: UInt64) {
        let (product, overflow) = UInt64(index).multipliedReportingOverflow(by: length)
        let begin = overflow ? UInt64.max : product
        return (begin, covered > begin ? min(length, covered - begin) : length)
    }
}

/// One name of a mix, or one step of a journey, over a run: its whole figures and its intervals.
struct NamedFigures: Sendable {
    var name: String
    /// Sparse, as a name's figures are kept while the run goes on; made dense one name at a time.
    var total: SparseLoadTally
    var intervals: [TimeSeries.Interval]
}
