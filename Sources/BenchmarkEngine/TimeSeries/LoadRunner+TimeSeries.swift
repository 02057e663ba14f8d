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
        let count = max(intervals, (encoder.encoded.keys.max() ?? -1) + 1)
        let claimed = schedule.claimed
        let cpus = Double(Platform.cpuCount)
        var intervals: [TimeSeries.Interval] = []
        intervals.reserveCapacity(count)
        var firstSlot = 0
        for index in 0..<count {
            let (begin, overflow) = UInt64(index).multipliedReportingOverflow(by: length)
            let end = overflow ? UInt64.max : begin.addingSaturated(length)
            let nextSlot = min(schedule.firstSlot(notBefore: end), scheduled)
            let figures = encoder.encoded[index] ?? IntervalEncoder.Encoded(latency: encoder.empty, uncorrected: encoder.empty)
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
            let nanoseconds = covered > begin ? min(length, covered - begin) : length
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
}
