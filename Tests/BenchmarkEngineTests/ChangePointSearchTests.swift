import Testing

@testable import BenchmarkEngine

/// The proof figures run 100 seeded series of 60 points with 3% noise (this machine's run-to-run
/// noise in time per operation); each is deterministic, and the bounds leave room below what was measured.
@Suite struct ChangePointSearchTests {
    private let search = ChangePointSearch()

    /// How many of 100 seeded series with `steps` have a change within `tolerance` of every step.
    private func found(_ steps: [(index: Int, change: Double)], variation: Double = 0.03, tolerance: Int = 1) -> Int {
        (0..<100).count { seed in
            let changes = search.changePoints(in: SyntheticHistory.series(seed: UInt64(seed) + 1, variation: variation, steps: steps))
                .changePoints
            return steps.allSatisfy { step in changes.contains { abs($0.index - step.index) <= tolerance } }
        }
    }

    @Test func aStepOfThreeAndAThirdStandardDeviationsIsPlacedWithinOneRunForNearlyEverySeed() {
        // 10% at 3% noise and 5% at 1.5% noise are the same step in units of noise: 98 and 99 of 100.
        #expect(found([(40, 0.10)]) >= 95)
        #expect(found([(40, 0.05)], variation: 0.015) >= 95)
    }

    @Test func aFivePercentStepInThreePercentNoiseIsFoundInMostSeriesAndPlacedAsWellAsTheDataAllows() {
        // Measured 86 of 100 found, 71 within one run: even the least-squares split of a series known
        // to hold one step lands within one run only 78% of the time at this size.
        #expect(found([(40, 0.05)], tolerance: 3) >= 75)
        #expect(found([(40, 0.05)]) >= 60)
    }

    @Test func stepFreeSeriesShowAtMostOneFalseChangeInAHundred() {
        let falseChanges = (0..<100).reduce(0) { total, seed in
            total + search.changePoints(in: SyntheticHistory.series(seed: UInt64(seed) + 1)).changePoints.count
        }
        #expect(falseChanges <= 1)
    }

    @Test func aStepUpIsAnIncreaseWithItsMeansAndSize() throws {
        let analysis = search.changePoints(in: SyntheticHistory.series(seed: 7, variation: 0.01, steps: [(40, 0.08)]))
        let change = try #require(analysis.changePoints.first)
        #expect(analysis.changePoints.count == 1)
        #expect(abs(change.index - 40) <= 1)
        #expect(change.direction == .increase)
        #expect(abs(change.meanBefore - 1000) < 10)
        #expect(abs(change.meanAfter - 1080) < 10)
        #expect(abs(change.relativeChange - 0.08) < 0.01)
        #expect(change.pValue <= search.configuration.pValue)
        #expect(analysis.limitation == nil)
    }

    @Test func aStepDownIsADecrease() throws {
        let analysis = search.changePoints(in: SyntheticHistory.series(seed: 8, variation: 0.01, steps: [(40, -0.08)]))
        let change = try #require(analysis.changePoints.first)
        #expect(analysis.changePoints.count == 1)
        #expect(abs(change.index - 40) <= 1)
        #expect(change.direction == .decrease)
        #expect(abs(change.relativeChange + 0.08) < 0.01)
    }

    @Test func twoStepsAreBothFoundInOrder() {
        // Measured 90 of 100 with both within one run at 3% noise.
        #expect(found([(20, 0.10), (40, -0.10)]) >= 80)
        let changes = search.changePoints(in: SyntheticHistory.series(seed: 9, variation: 0.01, steps: [(20, 0.10), (40, -0.10)]))
            .changePoints
        #expect(changes.map(\.direction) == [.increase, .decrease])
    }

    @Test func aLongSeriesIsSearchedWindowByWindow() {
        let series = SyntheticHistory.series(seed: 10, count: 200, variation: 0.01, steps: [(60, 0.05), (150, 0.05)])
        let changes = search.changePoints(in: series).changePoints
        #expect(changes.count == 2)
        #expect(zip(changes, [60, 150]).allSatisfy { change, step in abs(change.index - step) <= 1 })
    }

    @Test func aCertainShiftBelowTheMinimumMagnitudeIsNoChange() {
        // Instruction counts: 0.01% noise, a 0.3% step.
        let series = SyntheticHistory.series(seed: 11, variation: 0.0001, steps: [(30, 0.003)])
        #expect(search.changePoints(in: series).changePoints.isEmpty)
        let fine = ChangePointSearch(configuration: ChangePointConfiguration(minimumMagnitude: 0.001))
        #expect(fine.changePoints(in: series).changePoints.map(\.index) == [30])
    }

    @Test func aShiftInTheNewestFewRunsIsLeftToTheJudgement() {
        var series = SyntheticHistory.series(seed: 12, count: 40, variation: 0.001)
        series += [1200, 1200]
        #expect(search.changePoints(in: series).changePoints.isEmpty)
        series.append(1200)
        #expect(search.changePoints(in: series).changePoints.map(\.index) == [40])
    }

    @Test func tooFewPointsAreNoChangeAndSaySo() {
        let analysis = search.changePoints(in: [1000, 1000, 2000, 2000, 2000])
        #expect(analysis.changePoints.isEmpty)
        #expect(analysis.count == 5)
        #expect(analysis.limitation == "5 points: a change needs at least 3 on each side")
        #expect(search.changePoints(in: []).limitation == "0 points: a change needs at least 3 on each side")
        #expect(search.changePoints(in: [1]).limitation == "1 point: a change needs at least 3 on each side")
    }

    @Test func aPointThatIsNotANumberStopsTheSearchAndSaysWhich() {
        let analysis = search.changePoints(in: [1, 1, 1, .nan, 2, 2, 2])
        #expect(analysis.changePoints.isEmpty)
        #expect(analysis.limitation == "point 3 is nan, not a finite number")
    }

    @Test func aConstantSeriesHasNoChangeAndAStepInOneHasACertainOne() throws {
        #expect(search.changePoints(in: Array(repeating: 5, count: 20)).changePoints.isEmpty)
        let change = try #require(
            search.changePoints(in: Array(repeating: 5, count: 10) + Array(repeating: 6, count: 10)).changePoints.first)
        #expect(change.index == 10)
        #expect(change.pValue == 0)
        #expect(abs(change.relativeChange - 0.2) < 1e-12)
    }

    @Test func aChangeFromZeroIsInfinitelyLarge() {
        #expect(ChangePoint(index: 3, meanBefore: 0, meanAfter: 2, pValue: 0).relativeChange == .infinity)
        #expect(ChangePoint(index: 3, meanBefore: 0, meanAfter: -2, pValue: 0).relativeChange == -.infinity)
        #expect(ChangePoint(index: 3, meanBefore: 0, meanAfter: 0, pValue: 1).relativeChange == 0)
    }

    @Test func settingsTooSmallToSearchWithAreRaisedToTheSmallestThatWork() {
        let search = ChangePointSearch(configuration: ChangePointConfiguration(window: 1, minimumSegment: 0))
        #expect(search.minimumCount == 4)
        let changes = search.changePoints(in: [5, 5, 5, 5, 9, 9, 9, 9]).changePoints
        #expect(changes.map(\.index) == [4])
    }

    @Test func theStrongestSplitOfTwoLevelsIsBetweenThem() {
        let series: [Double] = [1, 2, 1, 2, 1, 9, 8, 9, 8]
        #expect(search.strongestSplit(series, in: 0..<series.count) == 5)
        #expect(search.strongestSplit(series, in: 1..<series.count) == 5)
        #expect(search.strongestSplit(series, in: 0..<5) == nil)
    }
}
