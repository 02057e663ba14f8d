import Testing

@testable import BenchmarkEngine

/// A run's abort condition, judged over its latest closed intervals, and objectives on its checks.
@Suite struct AbortConditionTests {
    /// One interval of 100 requests at `milliseconds`, `failed` of them failed.
    private func interval(milliseconds: UInt64, failed: Int = 0) throws -> IntervalEncoder.Encoded {
        var histogram = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        histogram.record(milliseconds * 1_000_000, count: 100)
        let latency = ScenarioResult.Latency(histogram)
        return IntervalEncoder.Encoded(
            sent: 100, succeeded: 100 - failed, missed: 0, errors: failed > 0 ? ["timeout": failed] : [:], latency: latency,
            uncorrected: latency)
    }

    @Test func aConditionHoldsOverTheLatestWindowOnlyAfterTheGrace() throws {
        let condition = AbortCondition(
            objectives: [try ServiceLevelObjective(parsing: "errors>5%"), try ServiceLevelObjective(parsing: "p99>500ms")],
            window: .seconds(2), grace: .seconds(2))
        var encoded = [0: try interval(milliseconds: 900, failed: 50), 1: try interval(milliseconds: 10)]
        // Within the grace period, nothing is judged however bad.
        #expect(try condition.breach(in: encoded, closedBelow: 1, intervalSeconds: 1) == nil)
        // Over the last two intervals: 25% failed, and the p99 is the slow interval's.
        let abort = try #require(try condition.breach(in: encoded, closedBelow: 2, intervalSeconds: 1))
        #expect(abort.objective == "errors>5%" && abort.measured == 0.25 && abort.unit == "ratio" && abort.atSeconds == 2)
        encoded[2] = try interval(milliseconds: 10)
        encoded[3] = try interval(milliseconds: 700)
        let slow = try #require(try condition.breach(in: encoded, closedBelow: 4, intervalSeconds: 1))
        #expect(slow.objective == "p99>500ms" && slow.unit == "ns" && slow.atSeconds == 4)
        encoded[4] = try interval(milliseconds: 10)
        encoded[5] = try interval(milliseconds: 10)
        #expect(try condition.breach(in: encoded, closedBelow: 6, intervalSeconds: 1) == nil)
        // Nothing closed, nothing judged.
        #expect(try condition.breach(in: [:], closedBelow: 3, intervalSeconds: 1) == nil)
    }

    @Test func objectivesOnChecksJudgeTheirPassRate() throws {
        let checks = [ScenarioResult.Check(name: "created", passes: 99, failures: 1), .init(name: "titled", passes: 100, failures: 0)]
        let objectives = try [
            "checks:rate>=99.5%", "check(created):rate>=99.5%", "check(titled):rate>=100%", "checks:p99<=1s", "check(none):rate>=1%",
        ]
        .map(ServiceLevelObjective.init(parsing:))
        let verdict = try ServiceLevelVerdict(
            judging: [TimeSeries.Interval](), requests: nil, checks: checks, isOpenLoop: false, against: objectives, over: .whole)
        #expect(verdict.objectives.map(\.status) == [.passed, .failed, .passed, .notApplicable, .failed])
        #expect(verdict.objectives[0].measured == 0.995)
        #expect(verdict.objectives[4].note == "no answer was checked")
        #expect(ScenarioResult.Check(name: "x", passes: 0, failures: 0).passRate == nil)
        #expect(
            ServiceLevelVerdict.namesChecks("checks") && ServiceLevelVerdict.namesChecks("check(a)")
                && !ServiceLevelVerdict.namesChecks("list"))
    }

    @Test func shardsChecksAreSummedByName() {
        var first = ScenarioResult(name: "s", kind: .load, operations: 0, warmupOperations: 0, duration: .seconds(1))
        var second = first
        let third = first
        first.checks = [.init(name: "created", passes: 5, failures: 1), .init(name: "titled", passes: 2, failures: 0)]
        second.checks = [.init(name: "titled", passes: 3, failures: 1), .init(name: "new", passes: 1, failures: 0)]
        #expect(
            ShardMerge.mergeChecks([first, second, third]) == [
                .init(name: "created", passes: 5, failures: 1), .init(name: "titled", passes: 5, failures: 1),
                .init(name: "new", passes: 1, failures: 0),
            ])
        #expect(ShardMerge.mergeChecks([third]) == nil)
    }
}
