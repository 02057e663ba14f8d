import Testing

@testable import BenchmarkEngine

/// The open loop's arithmetic: no rate or duration a command line can give makes it trap, and the
/// slots due are exactly those before the end of the duration.
@Suite struct LoadScheduleTests {
    private static let second: UInt64 = 1_000_000_000

    @Test(arguments: [
        // rate, duration (s), slots due
        (1_000.0, 1.0, 1_000),
        (3.0, 1.0, 3),
        (2.5, 1.0, 3),  // slots at 0, 0.4 s and 0.8 s
        (0.5, 10.0, 5),
        (0.001, 1.0, 1),  // one slot, at the start
        (1e-300, 86_400.0, 1),  // 1 / rate overflows a Double: the trap of issue 10, item 8
        (.leastNonzeroMagnitude, 1.0, 1),  // rate × duration underflows to 0
        (1e300, 1.0, Int.max),  // more slots than an Int counts
    ])
    func slotsDueBeforeTheEndOfTheDuration(rate: Double, seconds: Double, slots: Int) {
        #expect(LoadSchedule.slotsDue(rate: rate, durationNanoseconds: LoadConfiguration.nanoseconds(seconds)) == slots)
    }

    @Test(arguments: [Double.nan, .infinity, -1, 0])
    func aRateThatIsNotAPositiveNumberSchedulesTheStartOnly(rate: Double) {
        #expect(LoadSchedule.slotsDue(rate: rate, durationNanoseconds: Self.second) == 1)
        #expect(LoadSchedule.slotsDue(rate: rate, durationNanoseconds: 0) == 0)
    }

    @Test(arguments: [1e-300, 1e-10, 0.001, 1, 7, 1e6, 1e300, .nan, .infinity])
    func dueTimesStayWithinTheDurationForAnyRate(rate: Double) {
        for duration in [0, 1, Self.second, 86_400 * Self.second, .max] {
            let schedule = LoadSchedule(
                configuration: LoadConfiguration(concurrency: 1, rate: rate, duration: Duration(nanoseconds: duration)))
            #expect(schedule.offset(ofSlot: 0) == 0)
            for index in [1, 2, 3, 1_000, Int.max / 2, Int.max] {
                #expect(schedule.offset(ofSlot: index) <= duration, "rate \(rate), duration \(duration), slot \(index)")
            }
            #expect(schedule.deadline(from: .max - 1) >= .max - 1, "the deadline saturates instead of wrapping")
        }
    }

    @Test func slotsAreDueEvenlyFromTheStart() {
        let schedule = LoadSchedule(configuration: LoadConfiguration(concurrency: 1, rate: 4, duration: Duration(nanoseconds: Self.second)))
        #expect((0..<4).map(schedule.offset(ofSlot:)) == [0, 250_000_000, 500_000_000, 750_000_000])
    }

    @Test func theFirstClaimStartsTheClockAndASlotClaimedAfterTheDeadlineIsMissed() {
        let start: UInt64 = 10 * Self.second
        let schedule = LoadSchedule(
            configuration: LoadConfiguration(concurrency: 1, rate: 10, duration: Duration(nanoseconds: Self.second)))
        #expect(schedule.slots == 10)
        #expect(schedule.start == nil)
        #expect(schedule.claim(now: start) == .start(intended: start))
        #expect(schedule.start == start)
        #expect(schedule.claim(now: start) == .start(intended: start + 100_000_000))
        #expect(schedule.claim(now: start + Self.second) == .missed(intended: start + 200_000_000))
        #expect(schedule.slots - schedule.claimed == 7)
    }

    @Test func theRequestLimitBoundsTheSlots() {
        let configuration = LoadConfiguration(concurrency: 1, rate: 1_000, maximumRequests: 3, duration: Duration(nanoseconds: Self.second))
        let schedule = LoadSchedule(configuration: configuration)
        #expect(schedule.slots == 3)
        #expect((0..<4).map { _ in schedule.claim(now: 1) }.last == .over)
        #expect(schedule.slots - schedule.claimed == 0)
    }

    @Test func aClosedLoopStartsAtOnceUntilTheDeadlineAndMissesNothing() {
        let schedule = LoadSchedule(configuration: LoadConfiguration(concurrency: 1, duration: Duration(nanoseconds: Self.second)))
        #expect(schedule.claim(now: 5) == .start(intended: 5))
        #expect(schedule.claim(now: Self.second + 5) == .over)
        #expect(!schedule.isOpenLoop, "nothing is due ahead, so nothing can be missed")
    }

    @Test(arguments: [(-1.0, UInt64(0)), (.nan, 0), (0, 0), (1.5, 1_500_000_000), (1e-9, 1), (1e300, .max), (.infinity, .max)])
    func secondsConvertToNanosecondsWithoutTrapping(seconds: Double, nanoseconds: UInt64) {
        #expect(LoadConfiguration.nanoseconds(seconds) == nanoseconds)
    }

    @Test func theHardStopSaturates() {
        let configuration = LoadConfiguration(
            concurrency: 1, duration: Duration(nanoseconds: .max), requestTimeout: Duration(nanoseconds: .max))
        #expect(configuration.hardStopNanoseconds == .max)
        let usual = LoadConfiguration(
            concurrency: 1, duration: Duration(nanoseconds: 2 * Self.second), requestTimeout: Duration(nanoseconds: Self.second))
        #expect(usual.hardStopNanoseconds == 3 * Self.second + LoadConfiguration.stopGraceNanoseconds)
    }
}

/// A shard's schedule is its part of the whole run's: the same intended times, every n-th.
@Suite struct ShardedLoadScheduleTests {
    private static let second: UInt64 = 1_000_000_000

    private func schedule(rate: Double?, requests: Int? = nil, ramped: Bool = false, shard: Shard = .whole, start: UInt64? = nil)
        -> LoadSchedule
    {
        var configuration =
            ramped
            ? LoadConfiguration(
                concurrency: 1, startRate: rate,
                stages: [
                    LoadStage(duration: Duration(nanoseconds: Self.second / 2), targetRate: 2_000),
                    LoadStage(duration: Duration(nanoseconds: Self.second / 2), targetRate: 0),
                ], maximumRequests: requests)
            : LoadConfiguration(concurrency: 1, rate: rate, maximumRequests: requests, duration: Duration(nanoseconds: Self.second))
        configuration.shard = shard
        configuration.startNanoseconds = start
        return LoadSchedule(configuration: configuration)
    }

    @Test(arguments: [(nil, false), (250, false), (nil, true), (250, true)])
    func theShardsIntendedTimesAreTheWholeRunsEachOnce(requests: Int?, ramped: Bool) throws {
        let whole = schedule(rate: 1_000, requests: requests, ramped: ramped)
        #expect(whole.slots == (requests ?? (ramped ? 1_250 : 1_000)))
        let wholeTimes = (0..<whole.slots).map(whole.offset(ofSlot:))
        var merged: [UInt64] = []
        for index in 0..<3 {
            let part = schedule(rate: 1_000, requests: requests, ramped: ramped, shard: try makeShard(index, of: 3))
            let times = (0..<part.slots).map(part.offset(ofSlot:))
            #expect(times == stride(from: index, to: whole.slots, by: 3).map { wholeTimes[$0] }, "shard \(index)")
            merged += times
        }
        #expect(merged.sorted() == wholeTimes)
    }

    @Test func aClosedLoopShardTakesItsShareOfTheRequestLimit() throws {
        #expect(try (0..<3).map { schedule(rate: nil, requests: 10, shard: try makeShard($0, of: 3)).slots } == [4, 3, 3])
        #expect(schedule(rate: nil, shard: try makeShard(1, of: 3)).slots == .max)
    }

    @Test func aFixedStartAnchorsEveryIntendedTime() throws {
        let part = schedule(rate: 100, shard: try makeShard(1, of: 2), start: 5 * Self.second)
        // Claimed late, the first slot is still due at the shared start plus its own offset.
        #expect(part.claim(now: 5 * Self.second + 50_000_000) == .start(intended: 5 * Self.second + 10_000_000))
        #expect(part.claim(now: 5 * Self.second + 50_000_000) == .start(intended: 5 * Self.second + 30_000_000))
        #expect(part.start == 5 * Self.second)
        #expect(part.claim(now: 6 * Self.second) == .missed(intended: 5 * Self.second + 50_000_000))
    }
}
