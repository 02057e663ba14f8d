import Foundation
import Testing

@testable import BenchmarkEngine

@Suite struct ChartScaleTests {
    /// A latency axis from a microsecond to a minute: one tick per decade, read in the unit that
    /// keeps each label short, and the minute inside the axis.
    @Test func aLogAxisFromAMicrosecondToAMinuteTicksEveryDecade() {
        let scale = LogScale(covering: [1_000, 60_000_000_000], format: .duration)
        #expect(scale.lower == 1_000)
        #expect(scale.upper == 100_000_000_000)
        #expect(scale.ticks.map(\.label) == ["1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s", "100 s"])
        #expect(scale.position(of: 1_000) == 0)
        #expect(scale.position(of: 100_000_000_000) == 1)
        let minute = scale.position(of: 60_000_000_000)
        #expect(minute > 0.97 && minute < 1)
        // Equal ratios, equal distances.
        #expect(abs((scale.position(of: 1e6) - scale.position(of: 1e5)) - (scale.position(of: 1e9) - scale.position(of: 1e8))) < 1e-12)
    }

    @Test func aLogAxisOverManyDecadesLabelsEveryOtherOne() {
        let scale = LogScale(covering: [1, 60_000_000_000], format: .duration)
        #expect(scale.ticks.map(\.value) == [1, 100, 10_000, 1_000_000, 100_000_000, 10_000_000_000])
    }

    /// Values close together get the 2s and 5s between powers of ten, so there are always ticks to read.
    @Test func aNarrowLogAxisTicksAtOneTwoAndFive() {
        let scale = LogScale(covering: [120, 180], format: .duration)
        #expect(scale.ticks.map(\.value) == [20, 50, 100, 200, 500])
        #expect(scale.ticks.map(\.label) == ["20 ns", "50 ns", "100 ns", "200 ns", "500 ns"])
    }

    @Test func aSingleValueSitsInsideALogAxisWithTicksEitherSide() {
        let scale = LogScale(covering: [5_000], format: .duration)
        #expect(scale.ticks.map(\.value) == [1_000, 2_000, 5_000, 10_000, 20_000])
        #expect(scale.position(of: 5_000) > 0 && scale.position(of: 5_000) < 1)
    }

    /// Zero, negatives, NaN and infinities have no place on a log axis; without anything else the
    /// axis still has a width and ticks, and nothing drawn leaves the plot.
    @Test func aLogAxisIgnoresWhatItCannotShowAndClampsTheRest() {
        let scale = LogScale(covering: [0, -5, .nan, .infinity], format: .count)
        #expect(scale.lower == 1 && scale.upper == 10)
        #expect(scale.ticks.map(\.label) == ["1", "2", "5", "10"])
        #expect(scale.position(of: 0) == 0)
        #expect(scale.position(of: .nan) == 0)
        #expect(scale.position(of: 1e9) == 1)
    }

    /// Given ticks, most important first: those outside the domain are left out, and so is each
    /// that would crowd a more important one's label.
    @Test func givenTicksAreKeptByImportanceWithoutCrowding() {
        let narrow = LogScale(covering: [0.95, 1.05], format: .change, ticks: [1, 0.5, 2, 0.9, 1.1, 10, 0.2, 5])
        #expect(narrow.ticks.map(\.label) == ["−80%", "−50%", "0%", "+100%", "+400%"], "±10% would crowd 0%")
        let wide = LogScale(covering: [0.5, 110], format: .change, ticks: [1, 0.5, 2, 0.1, 10, 100, 1000, 0.8, 1.25, 0.9, 1.1])
        #expect(wide.ticks.map(\.label) == ["−50%", "0%", "+100%", "+900%", "+9900%"])
        let positions = wide.ticks.map { wide.position(of: $0.value) }
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $1 - $0 >= LogScale.minimumTickSpacing })
    }

    /// The nines axis: each added nine takes the same width, the tail past 99.99% ends at `max`.
    @Test func theNinesAxisGivesEachNineTheSameWidth() {
        let scale = NinesScale()
        #expect(scale.ticks.map(\.label) == ["50%", "90%", "99%", "99.9%", "99.99%", "max"])
        #expect(scale.position(of: 50) == 0)
        #expect(scale.position(of: 100) == 1)
        let positions = [90, 99, 99.9, 99.99].map(scale.position(of:))
        let steps = zip(positions, positions.dropFirst()).map { $1 - $0 }
        for step in steps {
            #expect(abs(step - steps[0]) < 1e-9)
        }
        #expect(scale.position(of: 10) == 0, "below the axis's start is held at it")
    }

    @Test func theSpectrumIsReadAtIncreasingPercentilesFromTheMedianToTheMaximum() {
        let percentiles = NinesScale.samplingPercentiles()
        #expect(percentiles.first == 50)
        #expect(percentiles.last == 100)
        #expect(zip(percentiles, percentiles.dropFirst()).allSatisfy { $0 < $1 })
        #expect(percentiles.count < 200, "a page stays small")
    }

    @Test func aLinearAxisStepsInOnesTwosAndFives() {
        let rates = LinearScale(covering: [0, 7.3], format: .count)
        #expect(rates.ticks.map(\.value) == [0, 2, 4, 6, 8])
        let large = LinearScale(covering: [1_200, 48_000], format: .count)
        #expect(large.ticks.map(\.label) == ["0", "10k", "20k", "30k", "40k", "50k"])
        let one = LinearScale(covering: [0], format: .count)
        #expect(one.ticks.count >= 2)
        #expect(LinearScale.niceStep(0.3) == 0.5)
        #expect(LinearScale.niceStep(.nan) == 1)
    }

    @Test func labelsReadInTheUnitThatKeepsThemShort() {
        #expect(ValueFormat.duration.label(999) == "999 ns")
        #expect(ValueFormat.duration.label(1_500) == "1.5 µs")
        #expect(ValueFormat.duration.label(60_000_000_000) == "60 s")
        #expect(ValueFormat.count.label(1_500_000) == "1.5M")
        #expect(ValueFormat.change.label(0.5) == "−50%")
        #expect(ValueFormat.change.label(1) == "0%")
        #expect(ValueFormat.elapsed.label(90) == "1 min 30 s")
        #expect(ValueFormat.significant(.nan) == "–")
        #expect(ValueFormat.percentile.label(99.99) == "99.99%")
        #expect(ValueFormat.percentile.label(99.999) == "99.999%")
    }
}
