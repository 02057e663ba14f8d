import Testing

@testable import BenchmarkEngine

/// Judging a run's intervals against objectives, over the whole run, per interval and rolling.
@Suite struct ServiceLevelVerdictTests {
    private let template = try! Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)

    /// Ten 1-s intervals of 100 requests each at `latencies[i]` ms, `failed[i]` of them failed, and
    /// `missed[i]` slots missed.
    private func intervals(latencies: [UInt64], failed: [Int]? = nil, missed: [Int]? = nil) -> [TimeSeries.Interval] {
        latencies.enumerated().map { index, milliseconds in
            var histogram = template
            histogram.record(milliseconds * 1_000_000, count: 100)
            let errors = failed?[index] ?? 0
            let skipped = missed?[index] ?? 0
            let latency = ScenarioResult.Latency(summary: LatencySummary(histogram), histogram: histogram.encoded())
            return TimeSeries.Interval(
                startSeconds: Double(index), durationSeconds: 1,
                outcomes: .init(
                    scheduled: 100 + skipped, sent: 100, missed: skipped, succeeded: 100 - errors,
                    errors: errors > 0 ? ["timeout": errors] : [:]),
                latency: latency, uncorrectedLatency: latency
            )
        }
    }

    private func objectives(_ texts: String...) throws -> [ServiceLevelObjective] {
        try texts.map { try ServiceLevelObjective(parsing: $0) }
    }

    @Test func aNamedObjectiveJudgesItsRequestAloneAndKeepsItsPlace() throws {
        var slow = template
        slow.record(90_000_000, count: 10)
        var fast = template
        fast.record(1_000_000, count: 90)
        var result = ScenarioResult(name: "load/mix", kind: .load, operations: 1_000, warmupOperations: 0, duration: .seconds(10))
        result.timeSeries = TimeSeries(
            startUnixMicroseconds: 0, interval: .seconds(1), intervals: intervals(latencies: Array(repeating: 5, count: 10)))
        result.requests = [
            .init(
                name: "list", weight: 0.9, share: 0.9, outcomes: .init(sent: 90, succeeded: 90, errors: [:]), operationsPerSecond: 9,
                latency: .init(fast)),
            .init(
                name: "search", weight: 0.1, share: 0.1, outcomes: .init(sent: 10, succeeded: 9, errors: ["timeout": 1]),
                operationsPerSecond: 1, latency: .init(slow)),
        ]
        let verdict = try ServiceLevelVerdict(
            judging: result, isOpenLoop: true,
            against: objectives("search:p99<=80ms", "p99<=50ms", "list:p99<=80ms", "search:errors<=5%", "list:rate>=99%", "write:p99<=1s"),
            over: .interval)
        #expect(
            verdict.objectives.map(\.objective) == [
                "search:p99<=80ms", "p99<=50ms", "list:p99<=80ms", "search:errors<=5%", "list:rate>=99%", "write:p99<=1s",
            ])
        #expect(verdict.objectives.map(\.status) == [.failed, .passed, .passed, .failed, .notApplicable, .failed])
        #expect(verdict.objectives[0].measured.map { $0 >= 89_000_000 } == true)
        #expect(verdict.objectives[1].windowsJudged == 10, "the run's own objective is judged interval by interval")
        #expect(verdict.objectives[0].windowsJudged == 1, "a request without a time series is judged over the whole run")
        #expect(verdict.objectives[3].measured == 0.1)
        #expect(verdict.objectives[5].note == "the run sent no request named 'write'")
        #expect(!verdict.passed)
    }

    /// A name with a time series is judged window by window like the run: one slow interval of
    /// `search` fails it interval by interval and passes it over the whole run.
    @Test func aNamedObjectiveIsJudgedOverItsOwnIntervals() throws {
        var result = ScenarioResult(name: "load/mix", kind: .load, operations: 100, warmupOperations: 0, duration: .seconds(10))
        let run = intervals(latencies: Array(repeating: 5, count: 10))
        result.timeSeries = TimeSeries(startUnixMicroseconds: 0, interval: .seconds(1), intervals: run)
        var search = ScenarioResult.NamedRequest(
            name: "search", weight: 1, share: 1, outcomes: .init(sent: 100, succeeded: 100, errors: [:]), operationsPerSecond: 10)
        search.timeSeries = TimeSeries(
            startUnixMicroseconds: 0, interval: .seconds(1), intervals: intervals(latencies: [5, 5, 5, 90, 5, 5, 5, 5, 5, 5]))
        result.requests = [search]
        let byInterval = try ServiceLevelVerdict(
            judging: result, isOpenLoop: true, against: objectives("search:p50<=50ms"), over: .interval)
        #expect(byInterval.objectives[0].status == .failed)
        #expect(byInterval.objectives[0].windowsJudged == 10 && byInterval.objectives[0].windowsBreached == 1)
        #expect(byInterval.objectives[0].worst?.startSeconds == 3)
        let whole = try ServiceLevelVerdict(judging: result, isOpenLoop: true, against: objectives("search:p50<=50ms"), over: .whole)
        #expect(whole.objectives[0].status == .passed)
        #expect(whole.objectives[0].worst?.startSeconds == 3, "the worst interval is reported beside the whole run's verdict")
    }

    @Test func theWholeRunPassesWhereOneIntervalDoesNot() throws {
        let run = intervals(latencies: [5, 5, 5, 5, 80, 5, 5, 5, 5, 5])
        let whole = try ServiceLevelVerdict(judging: run, isOpenLoop: true, against: objectives("p90<=50ms", "max<=100ms"), over: .whole)
        #expect(whole.passed)
        #expect(whole.window == "whole")
        let p90 = whole.objectives[0]
        #expect(p90.status == .passed)
        #expect(p90.measured.map { $0 < 6_000_000 } == true)
        #expect(p90.worst?.startSeconds == 4, "the worst interval is shown even though it does not decide")
        #expect(p90.windowsJudged == 1)
        let perInterval = try ServiceLevelVerdict(judging: run, isOpenLoop: true, against: objectives("p90<=50ms"), over: .interval)
        #expect(!perInterval.passed)
        #expect(perInterval.objectives[0].windowsJudged == 10)
        #expect(perInterval.objectives[0].windowsBreached == 1)
        #expect(perInterval.objectives[0].measured.map { $0 >= 80_000_000 } == true)
        #expect(perInterval.breaches.map(\.objective) == ["p90<=50ms"])
    }

    /// A rolling window of 3 s: one bad second in three is a third of the requests, over p90's
    /// 10%, in each of the three windows that hold it.
    @Test func aRollingWindowJudgesEachRunOfIntervals() throws {
        let run = intervals(latencies: [5, 5, 5, 5, 80, 5, 5, 5, 5, 5])
        let rolling = try ServiceLevelVerdict(
            judging: run, isOpenLoop: true, against: objectives("p90<=50ms", "p50<=50ms"), over: .rolling(.seconds(3)))
        #expect(rolling.window == "3s")
        #expect(rolling.objectives[0].windowsJudged == 8)
        #expect(rolling.objectives[0].windowsBreached == 3)
        #expect(rolling.objectives[0].worst?.durationSeconds == 3)
        #expect(rolling.objectives[1].status == .passed, "the median of any three seconds is fast")
        let longer = try ServiceLevelVerdict(judging: run, isOpenLoop: true, against: objectives("p90<=50ms"), over: .rolling(.seconds(60)))
        #expect(longer.objectives[0].windowsJudged == 1, "a window longer than the run is the run")
    }

    @Test func errorsAreAShareOfRequestsSentAndRateOfTheSchedule() throws {
        let run = intervals(
            latencies: Array(repeating: 5, count: 10), failed: [0, 0, 0, 0, 0, 0, 0, 0, 0, 2], missed: [0, 0, 0, 0, 0, 0, 0, 0, 0, 25])
        let verdict = try ServiceLevelVerdict(
            judging: run, isOpenLoop: true, against: objectives("errors<=0.1%", "rate>=99%", "rate>=97%"), over: .whole)
        #expect(verdict.objectives[0].status == .failed)
        #expect(verdict.objectives[0].measured == 0.002)
        #expect(verdict.objectives[1].status == .failed)
        #expect(verdict.objectives[1].measured == 1_000.0 / 1_025)
        #expect(verdict.objectives[2].status == .passed)
        #expect(verdict.objectives[1].worst?.value == 0.8)
    }

    @Test func rateDoesNotApplyToAClosedLoop() throws {
        let verdict = try ServiceLevelVerdict(
            judging: intervals(latencies: [5]), isOpenLoop: false, against: objectives("rate>=99%", "p99<=10ms"), over: .whole)
        #expect(verdict.objectives[0].status == .notApplicable)
        #expect(verdict.objectives[0].note?.contains("closed loop") == true)
        #expect(verdict.passed)
    }

    /// Nothing sent cannot meet a latency objective; intervals where nothing was due are skipped.
    @Test func emptyWindowsAreNotJudged() throws {
        let verdict = try ServiceLevelVerdict(
            judging: [TimeSeries.Interval](), isOpenLoop: true, against: objectives("p99<=10ms", "rate>=90%"), over: .whole)
        #expect(verdict.objectives[0].status == .failed)
        #expect(verdict.objectives[0].note == "no request was sent")
        #expect(verdict.objectives[1].status == .notApplicable)
        #expect(!verdict.passed)
        var run = intervals(latencies: [5, 5])
        run.insert(
            TimeSeries.Interval(
                startSeconds: 0, durationSeconds: 1, outcomes: .init(sent: 0, succeeded: 0, errors: [:]),
                latency: run[0].latency, uncorrectedLatency: nil), at: 0)
        run[0].latency = ScenarioResult.Latency(summary: LatencySummary(template), histogram: template.encoded())
        let perInterval = try ServiceLevelVerdict(judging: run, isOpenLoop: true, against: objectives("p99<=10ms"), over: .interval)
        #expect(perInterval.objectives[0].windowsJudged == 2)
        #expect(perInterval.passed)
    }

    @Test func theVerdictIsInEveryFormat() async throws {
        var result = try await SampleRuns.openLoop()
        let series = try #require(result.timeSeries)
        result.serviceLevel = try ServiceLevelVerdict(
            judging: series.intervals, isOpenLoop: true, against: objectives("p99<=10s", "errors<=1%"), over: .interval)
        let report = SampleRuns.report([result])
        let json = String(decoding: try JSONReportWriter.render(report), as: UTF8.self)
        #expect(json.contains(#""objective" : "errors<=1%""#))
        #expect(try JSONReportWriter.read(JSONReportWriter.render(report)) == report)
        let csv = CSVReportWriter.render(report).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(csv[1][try #require(csv[0].firstIndex(of: "slo_passed"))] == "false")
        #expect(csv[1][try #require(csv[0].firstIndex(of: "slo_breaches"))] == "errors<=1%")
        let summary = SummaryTable(report).markdown()
        #expect(summary.contains("Service-level objectives of load/sample/open, judged over each interval: **FAILED**"))
        #expect(summary.contains("| errors<=1%"))
    }

    /// Subtracting what was merged gives back the histogram, extremes included.
    @Test func aHistogramSubtractsWhatWasMergedIn() throws {
        var a = template
        var b = template
        a.record(1_000, count: 3)
        b.record(9_000_000, count: 2)
        var sum = a
        try sum.merge(b)
        try sum.subtract(b)
        #expect(sum == a)
        #expect(sum.max == a.max)
        try sum.subtract(a)
        #expect(sum.totalCount == 0)
        #expect(sum.max == 0)
    }
}
