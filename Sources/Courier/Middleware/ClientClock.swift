import Foundation

/// The time source of the policies: what time it is, and how to wait.
///
/// Injected so that tests of backoff, cache freshness and token expiry run in no wall time and give
/// the same result every run (`CourierTesting.TestClock`).
public protocol ClientClock: Sendable {
    /// The current wall-clock time; HTTP dates (`Retry-After`, `Expires`) and token expiries are in it.
    var now: Date { get }

    /// Waits for `duration`; throws `CancellationError` as soon as the calling task is cancelled.
    func sleep(for duration: Duration) async throws

    /// Calls `action` once `duration` has passed, unless the alarm this returns is cancelled first:
    /// the limit of ``withTimeLimit(_:clock:abandonment:_:)``.
    ///
    /// By default a task that sleeps on this clock (``sleep(for:)``) and is cancelled with the alarm,
    /// so a test clock times limits as it times everything else. ``SystemClock`` keeps one queue of
    /// alarms for the process instead, which spares every timed request two tasks.
    func alarm(after duration: Duration, _ action: @escaping @Sendable () -> Void) -> ClockAlarm
}

extension ClientClock {
    /// A task that sleeps for `duration` on this clock and then calls `action`; cancelling the alarm
    /// cancels the task.
    public func alarm(after duration: Duration, _ action: @escaping @Sendable () -> Void) -> ClockAlarm {
        let sleeper = Task {
            // A cancelled sleep means the alarm was cancelled: nothing to call.
            guard (try? await sleep(for: duration)) != nil else { return }
            action()
        }
        return ClockAlarm { sleeper.cancel() }
    }
}

/// An alarm set on a ``ClientClock``, to be cancelled if it is no longer wanted.
public struct ClockAlarm: Sendable {
    private let cancellation: @Sendable () -> Void

    /// An alarm that `cancellation` cancels.
    public init(cancellation: @escaping @Sendable () -> Void) {
        self.cancellation = cancellation
    }

    /// Cancels the alarm: its action is not called, unless it is being called already. Cancelling
    /// twice, or after it went off, does nothing.
    public func cancel() {
        cancellation()
    }
}

/// The real clock: `Date()`, `Task.sleep` and one queue of alarms for the process.
public struct SystemClock: ClientClock {
    /// The system clock.
    public init() {}

    /// `Date()`.
    public var now: Date { Date() }

    /// `Task.sleep(for:)`, which ends early with `CancellationError` on cancellation.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }

    /// An alarm on the process's one queue of alarms: setting and cancelling it takes a lock, and no
    /// task is started for it.
    public func alarm(after duration: Duration, _ action: @escaping @Sendable () -> Void) -> ClockAlarm {
        let id = AlarmQueue.shared.schedule(after: duration, action)
        return ClockAlarm { AlarmQueue.shared.cancel(id) }
    }
}

extension Duration {
    /// The duration in seconds, for arithmetic with `Date`s.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
