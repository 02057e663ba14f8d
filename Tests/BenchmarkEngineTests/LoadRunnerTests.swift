import Synchronization
import Testing

@testable import BenchmarkEngine

private func context(_ name: String) -> ScenarioContext {
    ScenarioContext(name: name, isQuick: true, allocations: nil, progress: ProgressMeter())
}

@Suite struct LoadRunnerTests {
    @Test func aClosedLoopStopsAtItsRequestCountAndReconciles() async throws {
        let calls = Atomic<Int>(0)
        let configuration = LoadConfiguration(concurrency: 4, maximumRequests: 1_000, duration: .seconds(60), warmupRequests: 8)
        let result = try await LoadRunner.run(in: context("closed"), configuration: configuration) {
            let call = calls.wrappingAdd(1, ordering: .relaxed).oldValue
            return call % 10 == 0 ? .failure("badStatus(503)") : .success
        }
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.sent == 1_000)
        #expect(outcomes.reconciles)
        #expect(outcomes.errors["badStatus(503)", default: 0] > 0)
        #expect(calls.load(ordering: .relaxed) == 1_008)
        #expect(result.latency?.summary.count == 1_000)
        #expect(result.uncorrectedLatency == nil)
    }

    @Test func aClosedLoopStopsAtItsDeadline() async throws {
        // No request limit: only the 300 ms deadline can end this run. Each request takes at least
        // 1 ms, so two workers cannot send more than 600 before it. How many they send depends on
        // how soon the pool runs them beside the other tests, so only the bound is asserted.
        let configuration = LoadConfiguration(concurrency: 2, duration: .milliseconds(300))
        let result = try await LoadRunner.run(in: context("deadline"), configuration: configuration) {
            try? await Task.sleep(for: .milliseconds(1))
            return .success
        }
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.sent <= 600)
        #expect(outcomes.reconciles)
    }

    /// A server that stalls once for 200 ms while requests are due every millisecond: the requests
    /// queued behind the stall must show in the corrected latency, measured from their intended
    /// start, and not in the uncorrected one, measured from when they were finally sent.
    @Test func anOpenLoopCorrectsForCoordinatedOmission() async throws {
        let calls = Atomic<Int>(0)
        let configuration = LoadConfiguration(concurrency: 1, rate: 1_000, maximumRequests: 600, duration: .seconds(10))
        let result = try await LoadRunner.run(in: context("open"), configuration: configuration) {
            if calls.wrappingAdd(1, ordering: .relaxed).oldValue == 50 {
                try? await Task.sleep(for: .milliseconds(200))
            }
            return .success
        }
        let corrected = try #require(result.latency?.summary)
        let uncorrected = try #require(result.uncorrectedLatency?.summary)
        #expect(corrected.count == 600)
        #expect(corrected.p99 >= 100_000_000, "corrected p99 \(corrected.p99) ns should reflect the stall")
        #expect(uncorrected.p99 < 50_000_000, "uncorrected p99 \(uncorrected.p99) ns should not")
        #expect(uncorrected.max >= 200_000_000)
        #expect(result.targetRate == 1_000)
    }

    @Test func latencyHistogramsAreEncodedAndDecodeToTheSummary() async throws {
        let configuration = LoadConfiguration(concurrency: 2, maximumRequests: 200, duration: .seconds(60))
        let result = try await LoadRunner.run(in: context("encoded"), configuration: configuration) { .success }
        let latency = try #require(result.latency)
        let decoded = try Histogram(encoded: latency.histogram)
        #expect(LatencySummary(decoded) == latency.summary)
    }

    /// wrk2's rule: an open loop stops starting requests at its duration. Two workers whose requests
    /// take 50 ms cannot start 1,000 a second: sending all 300 would take 7.5 s. The run stops
    /// starting at 300 ms, and the requests due that never started are counted as missed.
    @Test func anOpenLoopThatCannotKeepUpStopsAtItsDurationAndCountsWhatItMissed() async throws {
        let configuration = LoadConfiguration(concurrency: 2, rate: 1_000, duration: .milliseconds(300), requestTimeout: .seconds(1))
        let result = try await LoadRunner.run(in: context("overloaded"), configuration: configuration) {
            try? await Task.sleep(for: .milliseconds(50))
            return .success
        }
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.scheduled == 300)
        #expect(outcomes.missed > 0)
        #expect(outcomes.sent + outcomes.missed == 300)
        #expect(outcomes.reconciles)
        // A machine too busy to end a 50 ms sleep before the hard stop counts it as a timeout.
        #expect(outcomes.errors.keys.allSatisfy { $0 == RequestOutcome.timeoutClass })
    }

    /// A rate so small that `1 / rate` overflows a Double trapped in the schedule; it now schedules
    /// the one request due at the start, and the run ends when that one has.
    @Test func aVanishinglySmallRateSendsTheFirstRequestOnly() async throws {
        let configuration = LoadConfiguration(concurrency: 2, rate: 1e-300, duration: .seconds(60))
        let result = try await LoadRunner.run(in: context("tiny rate"), configuration: configuration) { .success }
        #expect(result.outcomes == .init(scheduled: 1, sent: 1, missed: 0, succeeded: 1, errors: [:]))
    }

    /// An operation that ignores cancellation and never returns in time cannot hold the run: at
    /// duration + timeout + grace the runner stops waiting and counts each request in flight as a
    /// timeout, measured until then.
    @Test func aRunEndsAtItsHardStopEvenWhenRequestsNeverReturn() async throws {
        let configuration = LoadConfiguration(
            concurrency: 3, maximumRequests: 3, duration: .seconds(1), requestTimeout: .milliseconds(100))
        let started = ContinuousClock.now
        let result = try await LoadRunner.run(in: context("stuck"), configuration: configuration) {
            // Detached: cancelling the caller would not reach it.
            await Task.detached { try? await Task.sleep(for: .seconds(120)) }.value
            return .success
        }
        // Far from both: the whole suite on two shared cores once took 27.7 s to get here.
        #expect(ContinuousClock.now - started < .seconds(60), "the hard stop is at 2.1 s; a hang would take 120 s")
        // A starved pool may start a worker only after the hard stop: it then sends nothing. Every
        // request that was sent is in flight at the stop, so each is a timeout, measured until then.
        let outcomes = try #require(result.outcomes)
        #expect(outcomes.sent >= 1)
        #expect(outcomes == .init(sent: outcomes.sent, succeeded: 0, errors: [RequestOutcome.timeoutClass: outcomes.sent]))
        #expect(result.latency?.summary.count == UInt64(outcomes.sent))
    }

    @Test func outcomesReconcileOnlyWhenBothSumsHold() {
        #expect(ScenarioResult.Outcomes(scheduled: 10, sent: 8, missed: 2, succeeded: 7, errors: ["timeout": 1]).reconciles)
        #expect(!ScenarioResult.Outcomes(scheduled: 11, sent: 8, missed: 2, succeeded: 7, errors: ["timeout": 1]).reconciles)
        #expect(!ScenarioResult.Outcomes(scheduled: 10, sent: 8, missed: 2, succeeded: 6, errors: ["timeout": 1]).reconciles)
        let unreconciled = UnreconciledOutcomes(outcomes: .init(scheduled: 11, sent: 8, missed: 2, succeeded: 7, errors: ["timeout": 1]))
        #expect(unreconciled.description == "scheduled 11 ≠ sent 8 + missed 2, sent 8 = succeeded 7 + errors 1")
    }
}
