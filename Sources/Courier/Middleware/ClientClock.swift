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
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemClock: ClientClock {
    /// The system clock.
    public init() {}

    /// `Date()`.
    public var now: Date { Date() }

    /// `Task.sleep(for:)`, which ends early with `CancellationError` on cancellation.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

extension Duration {
    /// The duration in seconds, for arithmetic with `Date`s.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
