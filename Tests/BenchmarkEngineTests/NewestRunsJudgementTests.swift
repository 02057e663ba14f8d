import Testing

@testable import BenchmarkEngine

@Suite struct NewestRunsJudgementTests {
    private let search = ChangePointSearch()

    @Test func oneNewRunWithinTimeNoiseIsUnknownNotSame() {
        // At 3% noise one run cannot show that a change is below 0.5%: Pinpoint would sample more.
        let series = SyntheticHistory.series(seed: 21, count: 40)
        let judgement = search.judgeNewest(in: series)
        #expect(judgement.verdict == .unknown)
        #expect(judgement.newestCount == 1)
        #expect(judgement.referenceCount == 39)
        #expect(judgement.limitation == nil)
        #expect(judgement.pValue != nil)
    }

    @Test func newRunsWithinCountNoiseAreTheSame() {
        let series = SyntheticHistory.series(seed: 22, count: 40, variation: 0.0001)
        let judgement = search.judgeNewest(3, in: series)
        #expect(judgement.verdict == .same)
        #expect(abs(judgement.relativeChange) < 0.001)
    }

    @Test func newRunsTenPercentSlowerAreDifferentAndAnIncrease() {
        let series = SyntheticHistory.series(seed: 23, count: 40, steps: [(37, 0.10)])
        let judgement = search.judgeNewest(3, in: series)
        #expect(judgement.verdict == .different)
        #expect(judgement.direction == .increase)
        #expect(abs(judgement.relativeChange - 0.10) < 0.04)
        #expect(judgement.referenceCount == 37)
    }

    @Test func aCertainDifferenceBelowTheMinimumMagnitudeIsTheSame() {
        let series = SyntheticHistory.series(seed: 24, count: 40, variation: 0.0001, steps: [(38, -0.003)])
        let judgement = search.judgeNewest(2, in: series)
        #expect(judgement.verdict == .same)
        #expect(judgement.direction == .decrease)
    }

    @Test func theReferenceStartsAtTheLastChangeBeforeTheNewestRuns() {
        // A 20% shift at run 20, then the new level: the newest run is judged against runs 20 to 38 only.
        let series = SyntheticHistory.series(seed: 25, count: 40, variation: 0.0001, steps: [(20, 0.20)])
        let judgement = search.judgeNewest(in: series)
        #expect(judgement.referenceCount == 19)
        #expect(judgement.verdict == .same)
        #expect(abs(judgement.referenceMean - 1200) < 1)
    }

    @Test func theReferenceIsAtMostAWindow() {
        let series = SyntheticHistory.series(seed: 26, count: 80, variation: 0.0001)
        #expect(search.judgeNewest(2, in: series).referenceCount == 50)
    }

    @Test func tooFewEarlierRunsAreUnknownAndSaySo() {
        let judgement = search.judgeNewest(2, in: [1000, 1001, 1200, 1200])
        #expect(judgement.verdict == .unknown)
        #expect(judgement.pValue == nil)
        #expect(judgement.referenceCount == 2)
        #expect(judgement.limitation == "2 earlier points at this level: the judgement needs at least 3")
        #expect(search.judgeNewest(in: []).limitation == "0 earlier points at this level: the judgement needs at least 3")
        #expect(search.judgeNewest(in: [1, 2]).limitation == "1 earlier point at this level: the judgement needs at least 3")
    }

    @Test func aPointThatIsNotANumberIsUnknownAndSaysWhich() {
        let judgement = search.judgeNewest(in: [1000, .infinity, 1000, 1000, 1000])
        #expect(judgement.verdict == .unknown)
        #expect(judgement.limitation == "point 1 is inf, not a finite number")
    }
}
