/// How long the fixture server waits before answering. The wait is a timer in the event loop, so a
/// delayed response holds no thread and other connections are served meanwhile.
public enum FixtureDelay: Sendable, Equatable {
    /// Answers at once.
    case none
    /// Always waits this long.
    case fixed(Duration)
    /// Waits a uniformly random time in this range, drawn per request.
    case random(ClosedRange<Duration>)

    /// The wait for one request, in nanoseconds.
    func nanoseconds<Generator: RandomNumberGenerator>(using generator: inout Generator) -> UInt64 {
        switch self {
        case .none: 0
        case .fixed(let duration): duration.nanoseconds
        case .random(let range): UInt64.random(in: range.lowerBound.nanoseconds...range.upperBound.nanoseconds, using: &generator)
        }
    }
}

extension Duration {
    /// Whole nanoseconds, 0 for negative durations.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}
