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
                await Task.detached { try? await Task.sleep(for: .seconds(30)) }.value
            }
            return .success
        }
        let configuration = LoadConfiguration(concurrency: 1, maximumRequests: 5, duration: .seconds(1), requestTimeout: .milliseconds(100))
        let started = ContinuousClock.now
        let result = try await LoadRunner.run(in: context("stuck"), configuration: configuration, mix: loadMix)
        #expect(ContinuousClock.now - started < .seconds(20), "the hard stop is at 2.1 s; a hang would take 30 s")
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
        var tally = LoadTally(template: try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 1_000_000, significantDigits: 2))
        tally.record(.success, intended: 0, started: 0, ended: 10)
        let loadMix = LoadMix(names: ["a"], weights: [1], choose: { 0 }, send: { _ in .success })
        let total = ScenarioResult.Outcomes(sent: 2, succeeded: 2, errors: [:])
        #expect {
            try ScenarioResult.namedRequests(loadMix, tallies: [("a", tally)], total: total, seconds: 1, isOpenLoop: false)
        } throws: { error in
            "\(error)" == "scheduled 1, sent 1, missed 0, succeeded 1, failed 0 do not match the whole run's "
                + "scheduled 2, sent 2, missed 0, succeeded 2, failed 0"
        }
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
    }

    @Test func aRunWithoutAMixWritesNoRequestsFile() async throws {
        let result = try await SampleRuns.openLoop()
        #expect(RequestsCSVWriter.render(SampleRuns.report([result])) == nil)
        #expect(!SummaryTable(SampleRuns.report([result])).markdown().contains("by name"))
    }
}
