import BenchmarkEngine
import Testing

@Suite struct SeriesCheckTests {
    @Test func aRecentSlowdownIsARegressionAndNamesItsChange() throws {
        let series = SyntheticHistory.series(seed: 31, count: 50, variation: 0.01, steps: [(40, 0.08)])
        let check = SeriesCheck(series, higherIsBetter: false)
        #expect(check.verdict == .regression)
        let change = try #require(check.openingChange)
        #expect(abs(change.index - 40) <= 1)
        #expect(change.direction == .increase)
    }

    @Test func aRecentSpeedupIsNoRegression() {
        let series = SyntheticHistory.series(seed: 32, count: 50, variation: 0.01, steps: [(40, -0.08)])
        let check = SeriesCheck(series, higherIsBetter: false)
        #expect(check.verdict == .ok)
        #expect(check.openingChange == nil)
        #expect(check.analysis.changePoints.count == 1)
    }

    @Test func aFallInThroughputIsARegression() {
        let series = SyntheticHistory.series(seed: 33, count: 50, variation: 0.01, steps: [(40, -0.08)])
        #expect(SeriesCheck(series, higherIsBetter: true).verdict == .regression)
    }

    @Test func aSlowdownLongAgoIsHistoryNotARegression() {
        let series = SyntheticHistory.series(seed: 34, count: 80, variation: 0.01, steps: [(20, 0.08)])
        let check = SeriesCheck(series, higherIsBetter: false)
        #expect(check.verdict == .ok)
        #expect(check.analysis.changePoints.map(\.direction) == [.increase])
    }

    @Test func onePercentMoreInstructionsInTheNewestRunAloneIsARegressionByTheJudgement() {
        var series = SyntheticHistory.series(seed: 35, count: 30, variation: 0.0001)
        series.append(1010)
        let check = SeriesCheck(series, higherIsBetter: false)
        #expect(check.verdict == .regression)
        #expect(check.openingChange == nil)
        #expect(check.newest.verdict == .different)
    }

    @Test func tooFewRunsAreUnknown() {
        let check = SeriesCheck([1000, 1100], higherIsBetter: false)
        #expect(check.verdict == .unknown)
        #expect(check.analysis.limitation != nil)
        #expect(check.newest.limitation != nil)
    }
}
