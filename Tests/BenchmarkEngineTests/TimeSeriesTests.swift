import Synchronization
import Testing

@testable import BenchmarkEngine

private func context(_ name: String, progress: ProgressMeter = ProgressMeter()) -> ScenarioContext {
    ScenarioContext(name: name, isQuick: true, allocations: nil, progress: progress)
}

/// The time series of every load run: each request in one interval, each interval reconciled, and
/// the intervals adding up to the whole run exactly.
@Suite struct TimeSeriesTests {
    /// Decodes every interval's histograms and merges them: the result must be the whole run's.
    private func expectIntervalsAddUp(_ result: ScenarioResult) throws {
        let series = try #require(result.timeSeries)
        let outcomes = try #require(result.outcomes)
        let whole = try Histogram(encoded: try #require(result.latency).histogram)
        var merged = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        var uncorrected = merged
        var sum = ScenarioResult.Outcomes(scheduled: 0, sent: 0, missed: 0, succeeded: 0, errors: [:])
        for interval in series.intervals {
            #expect(interval.outcomes.reconciles, "\(interval.outcomes)")
            try merged.merge(Histogram(encoded: interval.latency.histogram))
            if let histogram = interval.uncorrectedLatency?.histogram { try uncorrected.merge(Histogram(encoded: histogram)) }
            #expect(interval.latency.summary.count == UInt64(interval.outcomes.sent))
            sum.scheduled += interval.outcomes.scheduled
            sum.sent += interval.outcomes.sent
            sum.missed += interval.outcomes.missed
            sum.succeeded += interval.outcomes.succeeded
            sum.errors.merge(interval.outcomes.errors, uniquingKeysWith: +)
        }
        #expect(merged == whole)
        #expect(LatencySummary(merged) == result.latency?.summary)
        if let whole = result.uncorrectedLatency { #expect(uncorrected == (try Histogram(encoded: whole.histogram))) }
        #expect(sum == outcomes)
    }

    @Test func aClosedLoopsIntervalsAddUpToTheWholeRun() async throws {
        let calls = Atomic<Int>(0)
        var configuration = LoadConfiguration(concurrency: 3, duration: .milliseconds(450))
        configuration.intervalNanoseconds = 100_000_000
        let result = try await LoadRunner.run(in: context("closed"), configuration: configuration) {
            let call = calls.wrappingAdd(1, ordering: .relaxed).oldValue
            try? await Task.sleep(for: .microseconds(200))
            return call % 7 == 0 ? .failure("badStatus(503)") : .success
        }
        let series = try #require(result.timeSeries)
        #expect(series.intervals.count == 5)
        #expect(series.intervalSeconds == 0.1)
        #expect(abs(series.intervals.last!.durationSeconds - 0.05) < 1e-9, "the last interval ends with the duration")
        #expect(series.intervals.allSatisfy { $0.uncorrectedLatency == nil && $0.outcomes.missed == 0 })
        try expectIntervalsAddUp(result)
    }

    /// 200/s for 1 s in 100 ms intervals: 20 slots due in each, whatever the machine does.
    @Test func anOpenLoopSchedulesEachIntervalsShareOfTheRate() async throws {
        var configuration = LoadConfiguration(concurrency: 4, rate: 200, duration: .seconds(1))
        configuration.intervalNanoseconds = 100_000_000
        let result = try await LoadRunner.run(in: context("open"), configuration: configuration) { .success }
        let series = try #require(result.timeSeries)
        #expect(series.intervals.map(\.outcomes.scheduled) == Array(repeating: 20, count: 10))
        #expect(series.intervals.allSatisfy { $0.uncorrectedLatency != nil })
        #expect(series.startUnixMicroseconds > 1_700_000_000_000_000)
        try expectIntervalsAddUp(result)
    }

    /// A ramp from 0 to 400/s over 1 s: each 250 ms interval is due the area under its stretch of
    /// the line, 12.5, 37.5, 62.5 and 87.5 requests, rounded by where the slots fall.
    @Test func aRampsIntervalsFollowTheRate() async throws {
        var configuration = LoadConfiguration(concurrency: 8, stages: [LoadStage(duration: .seconds(1), targetRate: 400)])
        configuration.intervalNanoseconds = 250_000_000
        let result = try await LoadRunner.run(in: context("ramp"), configuration: configuration) { .success }
        let scheduled = try #require(result.timeSeries).intervals.map(\.outcomes.scheduled)
        #expect(scheduled == [13, 37, 63, 87])
        #expect(result.outcomes?.scheduled == 200)
        #expect(result.stages?.count == 1)
        try expectIntervalsAddUp(result)
    }

    /// Two workers whose requests take 50 ms cannot send 1000/s: the slots they never claimed are
    /// missed in the intervals they were due in, the late ones first.
    @Test func missedSlotsCountInTheIntervalTheyWereDueIn() async throws {
        var configuration = LoadConfiguration(concurrency: 2, rate: 1_000, duration: .milliseconds(400), requestTimeout: .seconds(1))
        configuration.intervalNanoseconds = 100_000_000
        let result = try await LoadRunner.run(in: context("overloaded"), configuration: configuration) {
            try? await Task.sleep(for: .milliseconds(50))
            return .success
        }
        let intervals = try #require(result.timeSeries).intervals
        #expect(intervals.map(\.outcomes.scheduled) == [100, 100, 100, 100])
        #expect(intervals.last!.outcomes.missed > 0)
        #expect(intervals.first!.outcomes.sent > 0)
        if (result.outcomes?.sent ?? 0) > 2 {
            // The third slot, due at 2 ms, can only be taken once a first request has ended.
            #expect((result.generator?.lateStarts ?? 0) > 0, "slots taken after they were due")
        }
        try expectIntervalsAddUp(result)
    }

    /// One worker stuck in a request for longer than eight intervals: the intervals behind it close
    /// anyway, so memory does not grow with the run, and what it hands in late is folded in.
    @Test func aStuckWorkersLateFiguresAreFoldedIntoClosedIntervals() async throws {
        let calls = Atomic<Int>(0)
        // A long timeout, because the hard stop counts from the call until a worker has run: when the
        // whole test suite holds the few pool threads for seconds, the workers start late, and the
        // run must not end before the stuck request is seen.
        var configuration = LoadConfiguration(concurrency: 2, duration: .milliseconds(600), requestTimeout: .seconds(30))
        configuration.intervalNanoseconds = 20_000_000
        let progress = ProgressMeter()
        let result = try await LoadRunner.run(in: context("stuck", progress: progress), configuration: configuration) {
            if calls.wrappingAdd(1, ordering: .relaxed).oldValue == 3 {
                try? await Task.sleep(for: .milliseconds(400))
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
            return .success
        }
        let series = try #require(result.timeSeries)
        #expect(series.intervals.count == 30)
        #expect(result.latency?.summary.max ?? 0 >= 400_000_000)
        #expect(progress.latestInterval != nil, "intervals closed while the run went on")
        try expectIntervalsAddUp(result)
    }

    /// A run whose caller is cancelled ends at once: requests in flight count as cancelled, the
    /// schedule ends with the run (the slots due by then not claimed are missed), and the intervals
    /// still add up.
    @Test func cancellingTheCallerEndsTheRunAtOnce() async throws {
        var configuration = LoadConfiguration(concurrency: 2, rate: 100, duration: .seconds(30), requestTimeout: .seconds(30))
        configuration.intervalNanoseconds = 100_000_000
        let calls = Counter()
        let run = Task {
            try await LoadRunner.run(in: context("cancelled"), configuration: configuration) {
                _ = calls.next()
                await Task.detached { try? await Task.sleep(for: .seconds(120)) }.value
                return .success
            }
        }
        // Both workers in a request, however long a busy machine takes to start them.
        while calls.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        // Then slots come due with both workers busy: on a quiet machine the two above start within
        // one 10 ms slot, and a cancellation at once would find no slot missed yet.
        try await Task.sleep(for: .milliseconds(50))
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        run.cancel()
        let result = try await run.value
        // "At once" is well before the 120 s the requests in flight would take: a loaded two-core
        // machine running the suite in parallel took 6.8 s to get here, so the bound leaves room.
        #expect(clock.now - cancelledAt < .seconds(60))
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.errors[RequestOutcome.cancelledClass] == 2)
        #expect(outcomes.scheduled > 2 && outcomes.scheduled < 3_000, "\(outcomes.scheduled) slots were due before the cancellation")
        #expect(outcomes.missed == outcomes.scheduled - 2)
        try expectIntervalsAddUp(result)
    }

    @Test func theGeneratorsOwnLoadIsMeasured() async throws {
        var configuration = LoadConfiguration(concurrency: 4, rate: 400, duration: .milliseconds(500))
        configuration.intervalNanoseconds = 100_000_000
        let result = try await LoadRunner.run(in: context("generator"), configuration: configuration) {
            try? await Task.sleep(for: .milliseconds(5))
            return .success
        }
        let generator = try #require(result.generator)
        // Little's law says about 400/s × 5 ms = 2 in flight; how close the samples come depends on
        // how promptly a busy machine runs the sampler, so only the bounds are asserted.
        #expect(generator.meanInFlight > 0 && generator.meanInFlight <= 4)
        #expect(generator.peakInFlight >= 1 && generator.peakInFlight <= 4)
        #expect(generator.cpuSeconds > 0)
        #expect(generator.wakeLateness != nil)
        let intervals = try #require(result.timeSeries).intervals
        #expect(intervals.contains { ($0.meanInFlight ?? 0) > 0 && $0.generatorCPU != nil })
    }

    @Test(arguments: [
        // rate, request limit, elapsed, duration (ms), covered (ms)
        (Double?.none, Int?.none, UInt64(450), UInt64(450), UInt64(450)),
        (nil, nil, 2_000, 1_000, 1_000),  // the hard stop came after the duration: the slots end with it
        (nil, 10, 120, 10_000, 120),  // a request limit ended a closed loop early
        (100, nil, 995, 1_000, 1_000),  // an open loop's last request ended before the duration did
        (100, 10, 95, 1_000, 95),  // a request limit cut the schedule short
    ])
    func aRunCoversItsScheduleOrUpToItsEnd(rate: Double?, limit: Int?, elapsed: UInt64, duration: UInt64, covered: UInt64) {
        let configuration = LoadConfiguration(
            concurrency: 1, rate: rate, maximumRequests: limit, duration: Duration(nanoseconds: duration * 1_000_000))
        #expect(LoadSchedule(configuration: configuration).covered(untilElapsed: elapsed * 1_000_000) == covered * 1_000_000)
    }

    @Test(arguments: [(UInt64(450), UInt64(100), 5), (1_000, 100, 10), (1, 100, 1), (0, 100, 1)])
    func intervalsCoverTheirStretch(covered: UInt64, interval: UInt64, count: Int) {
        #expect(LoadRunner.intervalCount(covering: covered * 1_000_000, intervalNanoseconds: interval * 1_000_000) == count)
    }
}
