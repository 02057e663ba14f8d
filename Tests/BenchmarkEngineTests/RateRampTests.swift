import Foundation
import Testing

@testable import BenchmarkEngine

/// The ramping schedule: due times from the integral of the rate, exact for every slot.
@Suite struct RateRampTests {
    private static let second: UInt64 = 1_000_000_000

    private func stage(_ seconds: Double, _ rate: Double) -> LoadStage {
        LoadStage(duration: Duration(seconds: seconds), targetRate: rate)
    }

    private func schedule(from rate: Double? = nil, _ stages: [LoadStage]) -> LoadSchedule {
        LoadSchedule(configuration: LoadConfiguration(concurrency: 1, startRate: rate, stages: stages))
    }

    /// From 0 to 100/s over 10 s, the integral is 5·t² requests by time t: request k is due at
    /// √(k/5) s, 500 in all.
    @Test func aRampFromZeroDuesEachRequestWhereTheIntegralReachesIt() {
        let ramp = schedule([stage(10, 100)])
        #expect(ramp.slots == 500)
        for k in [0, 1, 2, 5, 20, 125, 499] {
            let expected = (Double(k) / 5).squareRoot() * 1e9
            #expect(abs(Double(ramp.offset(ofSlot: k)) - expected) <= 1, "slot \(k): \(ramp.offset(ofSlot: k)) vs \(expected)")
        }
    }

    /// Down from 1000/s to 0 over 2 s: N(t) = 1000t − 250t², 1000 requests, the last ones ever
    /// further apart.
    @Test func aRampDownSpacesRequestsOut() {
        let ramp = schedule(from: 1_000, [stage(2, 0)])
        #expect(ramp.slots == 1_000)
        for k in [0, 1, 500, 900, 999] {
            // 250t² − 1000t + k = 0, the smaller root.
            let expected = (1_000 - (1_000_000 - 1_000 * Double(k)).squareRoot()) / 500 * 1e9
            #expect(abs(Double(ramp.offset(ofSlot: k)) - expected) <= 2, "slot \(k)")
        }
        let gaps = (1..<1_000).map { ramp.offset(ofSlot: $0) - ramp.offset(ofSlot: $0 - 1) }
        #expect(gaps.first! < gaps.last!)
    }

    /// A million slots at 1000/s, held after a ramp: each due time is computed from its index, so the
    /// last is as exact as the first (summing 1/rate would have drifted by now).
    @Test func aLongScheduleDoesNotDrift() {
        let ramp = schedule(from: 1_000, [stage(1, 1_000), stage(1_000, 1_000)])
        #expect(ramp.slots == 1_001_000)
        for k in [1, 999_999, 1_000_999] {
            #expect(ramp.offset(ofSlot: k) == UInt64(k) * 1_000_000)
        }
    }

    /// `--stage 1s:0 --stage 1s:0 --stage 1s:100`: nothing is due until the ramp begins; the stretch
    /// at rate 0 is skipped without dividing by it.
    @Test func aStretchAtRateZeroSendsNothing() {
        let ramp = schedule([stage(1, 0), stage(1, 0), stage(1, 100)])
        #expect(ramp.slots == 50)
        #expect(ramp.offset(ofSlot: 0) == 2 * Self.second)
        #expect(ramp.offset(ofSlot: 1) > 2 * Self.second)
        #expect(ramp.firstSlot(notBefore: 2 * Self.second) == 0)
        #expect(schedule([stage(5, 0)]).slots == 0)
    }

    /// The k6 example: 30 s up to 100/s, a minute up to 1000/s, 30 s down to 0.
    @Test func threeStagesAddTheirAreas() {
        let ramp = schedule([stage(30, 100), stage(60, 1_000), stage(30, 0)])
        // 30·100/2 + 60·(100 + 1000)/2 + 30·1000/2 = 1500 + 33000 + 15000.
        #expect(ramp.slots == 49_500)
        #expect(ramp.firstSlot(notBefore: 30 * Self.second) == 1_500)
        #expect(ramp.firstSlot(notBefore: 90 * Self.second) == 34_500)
        #expect(ramp.offset(ofSlot: 49_499) < 120 * Self.second)
    }

    /// Due times never go back, however the stages turn, so a worker's slots come in time order and
    /// the count of an interval by binary search agrees with each slot's own due time.
    @Test func dueTimesNeverGoBackAndIntervalsCountExactly() {
        let ramp = schedule(from: 3, [stage(0.7, 700), stage(0.3, 0), stage(0.5, 0), stage(1.1, 950), stage(0.9, 950), stage(1.3, 10)])
        var previous: UInt64 = 0
        for k in 0..<ramp.slots {
            let offset = ramp.offset(ofSlot: k)
            #expect(offset >= previous)
            previous = offset
        }
        let length: UInt64 = 250_000_000
        var counted = 0
        for interval in 0..<20 {
            let begin = UInt64(interval) * length
            let slots = ramp.firstSlot(notBefore: begin)..<ramp.firstSlot(notBefore: begin + length)
            #expect(slots.allSatisfy { (begin..<begin + length).contains(ramp.offset(ofSlot: $0)) })
            counted += slots.count
        }
        #expect(counted == ramp.slots)
    }

    /// Stages cut by the duration end at the rate they had reached; a duration past the stages holds
    /// the last target.
    @Test func theDurationCutsOrHoldsTheStages() {
        var cut = LoadConfiguration(concurrency: 1, stages: [stage(10, 100)])
        cut.durationNanoseconds = 5 * Self.second
        #expect(LoadSchedule(configuration: cut).slots == 125)
        var held = LoadConfiguration(concurrency: 1, stages: [stage(1, 100)])
        held.durationNanoseconds = 3 * Self.second
        #expect(LoadSchedule(configuration: held).slots == 250)
    }

    @Test func targetsThatAreNotNumbersCountAsZero() {
        let ramp = schedule(from: .nan, [stage(1, .infinity), stage(1, -5), stage(1, 100)])
        #expect(ramp.slots == 50)
    }
}
