import Foundation
import Synchronization
import Testing

@testable import BenchmarkEngine

private func context(_ name: String) -> ScenarioContext {
    ScenarioContext(name: name, isQuick: true, allocations: nil, progress: ProgressMeter())
}

/// A mix of `names` chosen in turn by a counter (the i-th request is `pattern[i % count]`), each
/// request sent by `send`.
private func mix(
    _ names: [String], weights: [Double], pattern: [Int], send: @escaping @Sendable (Int) async -> RequestOutcome
) -> LoadMix {
    let counter = Atomic<Int>(0)
    return LoadMix(
        names: names, weights: weights,
        choose: { pattern[counter.wrappingAdd(1, ordering: .relaxed).oldValue % pattern.count] }, send: send)
}

@Suite struct LoadMixTests {
    @Test func aMixCountsEachNameAndTheNamesAddUpToTheRun() async throws {
        // 7 : 2 : 1, chosen in a fixed pattern so the counts are exact.
        let pattern = [0, 0, 1, 0, 0, 2, 0, 1, 0, 0]
        let loadMix = mix(["list", "detail", "write"], weights: [70, 20, 10], pattern: pattern) { index in
            index == 2 ? .failure("badStatus(500)") : .success
        }
        let configuration = LoadConfiguration(concurrency: 4, maximumRequests: 1_000, duration: .seconds(60), warmupRequests: 20)
        let result = try await LoadRunner.run(in: context("mix"), configuration: configuration, mix: loadMix)
        let requests = try #require(result.requests)
        #expect(requests.map(\.name) == ["list", "detail", "write"])
        #expect(requests.map(\.weight) == [0.7, 0.2, 0.1])
        // The warm-up's 20 picks are two whole turns of the pattern, so the measured 1,000 are 100 turns.
        #expect(requests.map(\.outcomes.sent) == [700, 200, 100])
        #expect(requests.map(\.share) == [0.7, 0.2, 0.1])
        #expect(requests[2].outcomes.errors == ["badStatus(500)": 100])
        #expect(requests[0].outcomes.succeeded == 700)
        #expect(requests.map { $0.latency?.summary.count } == [700, 200, 100])
        #expect(requests.allSatisfy { $0.uncorrectedLatency == nil }, "a closed loop has one latency")
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.sent == requests.reduce(0) { $0 + $1.outcomes.sent })
        #expect(outcomes.errors == ["badStatus(500)": 100])
    }

    @Test func eachNameHasItsOwnLatency() async throws {
        // Not a speed claim: a 20 ms sleep is at least 20 ms however loaded the machine is, and an
        // immediate answer is never that slow at the median.
        let loadMix = mix(["fast", "slow"], weights: [1, 1], pattern: [0, 1]) { index in
            if index == 1 { try? await Task.sleep(for: .milliseconds(20)) }
            return .success
        }
        let configuration = LoadConfiguration(concurrency: 2, maximumRequests: 40, duration: .seconds(60))
        let result = try await LoadRunner.run(in: context("latency"), configuration: configuration, mix: loadMix)
        let requests = try #require(result.requests)
        let slow = try #require(requests[1].latency?.summary)
        #expect(slow.min >= 20_000_000)
        #expect(try #require(requests[0].latency?.summary).p50 < slow.min)
    }

    @Test func anOpenLoopMixHasUncorrectedLatencyByNameAndMissedSlotsUnderNoName() async throws {
        let loadMix = mix(["a", "b"], weights: [3, 1], pattern: [0, 0, 0, 1]) { _ in .success }
        let configuration = LoadConfiguration(concurrency: 2, rate: 2_000, maximumRequests: 400, duration: .seconds(30))
        let result = try await LoadRunner.run(in: context("open"), configuration: configuration, mix: loadMix)
        let requests = try #require(result.requests)
        let outcomes = try #require(result.outcomes)
        #expect(requests.reduce(0) { $0 + $1.outcomes.sent } == outcomes.sent)
        #expect(requests.allSatisfy { $0.uncorrectedLatency?.summary.count == UInt64($0.outcomes.sent) })
        #expect(requests.allSatisfy { $0.outcomes.scheduled == $0.outcomes.sent })
    }

    /// The first request chosen never returns: it holds the one worker until the hard stop, where it
    /// is counted as a timeout of its own name. (Chosen first, because a worker starved by a loaded
    /// machine may not start a second request before the duration is over.)
    @Test func aRequestInFlightAtTheHardStopIsATimeoutOfItsName() async throws {
        let loadMix = mix(["quick", "stuck"], weights: [1, 1], pattern: [1, 0]) { index in
            if index == 1 {
                // Detached: cancelling the caller would not reach it.
                await Task.detached { try? await Task.sleep(for: .seconds(120)) }.value
            }
            return .success
        }
        let configuration = LoadConfiguration(concurrency: 1, maximumRequests: 5, duration: .seconds(1), requestTimeout: .milliseconds(100))
        let started = ContinuousClock.now
        let result = try await LoadRunner.run(in: context("stuck"), configuration: configuration, mix: loadMix)
        // Far from both: the whole suite on two shared cores once took 22.6 s to get here.
        #expect(ContinuousClock.now - started < .seconds(60), "the hard stop is at 2.1 s; a hang would take 120 s")
        let requests = try #require(result.requests)
        #expect(requests[0].outcomes == .init(sent: 0, succeeded: 0, errors: [:]))
        #expect(requests[1].outcomes == .init(sent: 1, succeeded: 0, errors: [RequestOutcome.timeoutClass: 1]))
        #expect(result.outcomes?.sent == 1)
    }

    @Test func aSingleRequestHasNoBreakdown() async throws {
        let configuration = LoadConfiguration(concurrency: 2, maximumRequests: 50, duration: .seconds(60))
        let result = try await LoadRunner.run(in: context("single"), configuration: configuration) { .success }
        #expect(result.requests == nil)
    }

    @Test func weightsAreScaledToShares() {
        let loadMix = LoadMix(names: ["a", "b"], weights: [3, 1], choose: { 0 }, send: { _ in .success })
        #expect(loadMix.weights == [0.75, 0.25])
    }

    @Test func namesThatDoNotAddUpToTheRunAreRefused() throws {
        let (loadMix, named) = try oneName(sentIn: [1])
        let total = ScenarioResult.Outcomes(sent: 2, succeeded: 2, errors: [:])
        #expect {
            try ScenarioResult.namedRequests(loadMix, named, total: total, of: series(sentIn: [2]), seconds: 1, isOpenLoop: false)
        } throws: { error in
            "\(error)" == "scheduled 1, sent 1, missed 0, succeeded 1, failed 0 do not match the whole run's "
                + "scheduled 2, sent 2, missed 0, succeeded 2, failed 0"
        }
    }

    @Test func namesThatAddUpToTheRunButNotToAnIntervalAreRefused() throws {
        let (loadMix, named) = try oneName(sentIn: [1, 0])
        let total = ScenarioResult.Outcomes(sent: 1, succeeded: 1, errors: [:])
        #expect {
            try ScenarioResult.namedRequests(loadMix, named, total: total, of: series(sentIn: [0, 1]), seconds: 1, isOpenLoop: false)
        } throws: { error in
            "\(error)" == "interval 0: scheduled 1, sent 1, missed 0, succeeded 1, failed 0 do not match the run's "
                + "scheduled 0, sent 0, missed 0, succeeded 0, failed 0"
        }
    }

    /// Each name's series is on the run's intervals, adds up to the name's figures, and the names
    /// add up to the run in every interval.
    @Test func eachNameHasATimeSeriesThatAddsUpInEveryInterval() async throws {
        let loadMix = mix(["a", "b", "c"], weights: [2, 1, 1], pattern: [0, 1, 0, 2]) { index in
            index == 2 ? .failure("badStatus(500)") : .success
        }
        var configuration = LoadConfiguration(concurrency: 2, rate: 1_000, maximumRequests: 400, duration: .seconds(30))
        configuration.interval = .milliseconds(50)
        let result = try await LoadRunner.run(in: context("series"), configuration: configuration, mix: loadMix)
        let run = try #require(result.timeSeries)
        let requests = try #require(result.requests)
        #expect(run.intervals.count > 1)
        for request in requests {
            let series = try #require(request.timeSeries)
            #expect(series.startUnixMicroseconds == run.startUnixMicroseconds)
            #expect(series.interval == run.interval)
            #expect(series.intervals.count == run.intervals.count)
            #expect(series.intervals.map(\.startSeconds) == run.intervals.map(\.startSeconds))
            var sum = ScenarioResult.Outcomes(sent: 0, succeeded: 0, errors: [:])
            var latencies: UInt64 = 0
            for interval in series.intervals {
                sum.add(interval.outcomes)
                latencies += interval.latency.summary.count
                #expect(interval.uncorrectedLatency?.summary.count == UInt64(interval.outcomes.sent), "an open loop has both")
            }
            #expect(sum == request.outcomes)
            #expect(latencies == UInt64(request.outcomes.sent))
        }
        for (index, interval) in run.intervals.enumerated() {
            let sent = requests.reduce(0) { $0 + ($1.timeSeries?.intervals[index].outcomes.sent ?? 0) }
            #expect(sent == interval.outcomes.sent)
        }
        #expect(requests[2].timeSeries?.intervals.reduce(0) { $0 + $1.outcomes.failed } == requests[2].outcomes.sent)
    }

    /// A mix of one name, `a`, with `sentIn[i]` successes in interval `i`.
    private func oneName(sentIn counts: [Int]) throws -> (LoadMix, [NamedFigures]) {
        var tally = SparseLoadTally(
            template: try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 1_000_000, significantDigits: 2))
        for _ in 0..<counts.reduce(0, +) { tally.record(.success, intended: 0, started: 0, ended: 10) }
        let loadMix = LoadMix(names: ["a"], weights: [1], choose: { 0 }, send: { _ in .success })
        return (loadMix, [NamedFigures(name: "a", total: tally, intervals: try series(sentIn: counts).intervals)])
    }

    /// A series of one-second intervals with `sentIn[i]` successes in interval `i`.
    private func series(sentIn counts: [Int]) throws -> TimeSeries {
        let empty = ScenarioResult.Latency(try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 1_000_000, significantDigits: 2))
        return TimeSeries(
            startUnixMicroseconds: 0, interval: .seconds(1),
            intervals: counts.enumerated().map { index, sent in
                TimeSeries.Interval(
                    start: .seconds(index), duration: .seconds(1), outcomes: .init(sent: sent, succeeded: sent, errors: [:]),
                    latency: empty,
                    uncorrectedLatency: nil)
            })
    }
}

/// A mix's breakdown in every report format: report.json reads back, requests.csv adds up to
/// report.csv's row, the summary and the page list every name.
@Suite struct LoadMixReportTests {
    private func mixedRun() async throws -> ScenarioResult {
        let loadMix = mix(["GET /issues/{{id}}", "search, by text"], weights: [3, 1], pattern: [0, 0, 0, 1]) { index in
            index == 1 ? .failure("badStatus(503)") : .success
        }
        let configuration = LoadConfiguration(concurrency: 2, maximumRequests: 200, duration: .seconds(60))
        return try await LoadRunner.run(in: context("load/mix"), configuration: configuration, mix: loadMix)
    }

    @Test func everyFormatHasTheRequestsByName() async throws {
        let result = try await mixedRun()
        let report = SampleRuns.report([result])
        let decoded = try JSONDecoder().decode(Report.self, from: try JSONReportWriter.render(report))
        #expect(decoded.scenarios[0].requests == result.requests)

        let files = try ReportFormat.csv.files(for: report)
        #expect(files.map(\.name) == ["report.csv", "timeseries.csv", "requests.csv"])
        let csv = try #require(RequestsCSVWriter.render(report))
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("scenario,request,weight,share,sent,succeeded,errors,errors_by_class,rate_per_s,latency_p50_ns"))
        #expect(lines[1].hasPrefix("load/mix,GET /issues/{{id}},0.750,0.750,150,150,0,,"))
        #expect(lines[2].hasPrefix("load/mix,\"search, by text\",0.250,0.250,50,0,50,badStatus(503)=50,"))
        #expect(lines.count == 3)

        let summary = SummaryTable(report).markdown()
        #expect(summary.contains("Requests of load/mix by name:"))
        #expect(summary.contains("| GET /issues/{{id}} "))
        #expect(summary.contains("75.0%"))

        let html = HTMLReportWriter.render(report)
        #expect(html.contains("Each load scenario&#39;s requests by name") || html.contains("Each load scenario's requests by name"))
        #expect(html.contains("search, by text"))
        #expect(html.contains(">p99 by name (log scale)</text>"))
    }

    /// Each name's series in timeseries.csv, after the run's own rows and adding up to them, and in
    /// latency.hlog under a tag of its own.
    @Test func eachNamesSeriesIsInTheTimeSeriesFiles() async throws {
        let result = try await mixedRun()
        let run = try #require(result.timeSeries)
        let report = SampleRuns.report([result])
        let csv = try #require(TimeSeriesCSVWriter.render(report))
        let rows = csv.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(csv.hasPrefix("scenario,request,interval,start_s,"))
        let ofRun = rows.filter { $0[1].isEmpty }
        #expect(ofRun.count == run.intervals.count)
        let ofIssues = rows.filter { $0[1] == "GET /issues/{{id}}" }
        #expect(ofIssues.count == run.intervals.count)
        let sentColumn = try #require(csv.split(separator: "\n")[0].split(separator: ",").firstIndex(of: "sent"))
        #expect(ofIssues.reduce(0) { $0 + (Int($1[sentColumn]) ?? 0) } == 150)
        #expect(csv.contains("load/mix,\"search, by text\",0,"))

        let log = try #require(IntervalLogWriter.render(report))
        let tags = log.split(separator: "\n").filter { $0.hasPrefix("Tag=") }.map { $0.prefix { $0 != "," } }
        #expect(tags.filter { $0 == "Tag=corrected" }.count == run.intervals.count)
        #expect(tags.filter { $0 == "Tag=GET_/issues/{{id}}:corrected" }.count == run.intervals.count)
        #expect(tags.filter { $0 == "Tag=search__by_text:corrected" }.count == run.intervals.count)
        #expect(!tags.contains { $0.hasSuffix(":uncorrected") }, "a closed loop has one latency")
    }

    @Test func aRunWithoutAMixWritesNoRequestsFile() async throws {
        let result = try await SampleRuns.openLoop()
        #expect(RequestsCSVWriter.render(SampleRuns.report([result])) == nil)
        #expect(!SummaryTable(SampleRuns.report([result])).markdown().contains("by name"))
    }
}
