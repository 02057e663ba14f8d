import Testing

@testable import BenchmarkEngine

/// The one conversion between the public `Duration`s and the engine's nanoseconds and seconds:
/// exact where it fits, saturating where it does not, never trapping.
@Suite struct DurationNanosecondsTests {
    @Test func durationsBecomeWholeNanoseconds() {
        #expect(Duration.milliseconds(1_500).nanoseconds == 1_500_000_000)
        #expect(Duration.nanoseconds(7).nanoseconds == 7)
        #expect(Duration(nanoseconds: 2_500_000_000) == .milliseconds(2_500))
    }

    @Test func aNegativeDurationIsNoNanoseconds() {
        #expect(Duration.seconds(-1).nanoseconds == 0)
        #expect(Duration.nanoseconds(-1).nanoseconds == 0)
    }

    @Test func aDurationTooLongToCountSaturates() {
        #expect(Duration.seconds(Int64.max).nanoseconds == .max)
        #expect(Duration(nanoseconds: .max).nanoseconds == .max)
    }

    @Test func secondsConvertBothWays() {
        #expect(Duration(seconds: 0.25) == .milliseconds(250))
        #expect(Duration(seconds: -0.5) == .milliseconds(-500))
        #expect(Duration.milliseconds(250).seconds == 0.25)
    }

    @Test func secondsThatAreNoNumberOrTooLargeDoNotTrap() {
        #expect(Duration(seconds: .nan) == .zero)
        #expect(Duration(seconds: .infinity) == .nanoseconds(Int64.max))
        #expect(Duration(seconds: -.infinity) == .nanoseconds(Int64.min))
    }
}
