import Courier
import Foundation
import Synchronization

/// A clock for tests of time-dependent policies: sleeping returns at once and moves the clock on, so
/// backoff, cache ages and token expiry are tested in no wall time and the same way every run.
///
/// ```swift
/// let clock = TestClock()
/// let retry = RetryMiddleware(clock: clock, random: { 0.5 })
/// // … send a request that is retried twice …
/// #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
/// ```
public final class TestClock: ClientClock {
    private struct State {
        var now: Date
        var sleeps: [Duration] = []
    }

    private let state: Mutex<State>

    /// A clock that reads `now` until it sleeps or is advanced.
    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex(State(now: now))
    }

    /// The time the clock reads.
    public var now: Date {
        state.withLock { $0.now }
    }

    /// Every sleep asked of the clock, in order.
    public var sleeps: [Duration] {
        state.withLock { $0.sleeps }
    }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        state.withLock { $0.now.addTimeInterval(seconds) }
    }

    /// Records the sleep and advances the clock by it, without waiting; throws `CancellationError` if
    /// the task is already cancelled, as a real sleep would.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock { $0.sleeps.append(duration) }
        advance(by: duration)
    }
}
