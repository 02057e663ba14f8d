import Foundation

/// How long a user pauses between two steps of a journey: fixed, uniform over a range, or
/// exponential about a mean, drawn from the session's seeded generator so that a run's pauses
/// repeat with its seed.
public enum ThinkTime: Sendable, Equatable {
    /// Always `duration`.
    case fixed(Duration)
    /// Any duration in the range, each as likely.
    case uniform(ClosedRange<Duration>)
    /// Exponentially distributed with this mean (a Poisson user), capped at ten times the mean so
    /// that one draw cannot hold a session past the run's end.
    case exponential(mean: Duration)

    /// One pause, drawn with `generator`; a negative duration counts as none.
    func draw(using generator: inout some RandomNumberGenerator) -> Duration {
        switch self {
        case .fixed(let duration):
            return max(.zero, duration)
        case .uniform(let range):
            let low = range.lowerBound.nanoseconds
            let high = max(low, range.upperBound.nanoseconds)
            return Duration(nanoseconds: UInt64.random(in: low...high, using: &generator))
        case .exponential(let mean):
            // A uniform draw in (0, 1], so that its logarithm is finite.
            let unit = (Double(generator.next() >> 11) + 1) / 0x1p53
            let seconds = min(-log(unit), 10) * max(0, mean.seconds)
            return Duration(seconds: seconds)
        }
    }
}
