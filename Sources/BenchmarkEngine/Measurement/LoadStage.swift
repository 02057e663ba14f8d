/// One stage of a ramping open loop: over ``duration``, the rate moves in a straight line
/// from where the previous stage left it (the first stage from the run's starting rate) to
/// `targetRate`, as k6's ramping-arrival-rate executor does.
public struct LoadStage: Sendable, Equatable, Codable {
    /// ``duration`` in the nanoseconds the runner counts in; the stored (and encoded) field.
    package var durationNanoseconds: UInt64
    /// Requests per second at the end of the stage; 0 stops sending.
    public var targetRate: Double

    /// A stage reaching `targetRate` after `duration`.
    public init(duration: Duration, targetRate: Double) {
        self.durationNanoseconds = duration.nanoseconds
        self.targetRate = targetRate
    }

    /// How long the stage lasts.
    public var duration: Duration {
        get { Duration(nanoseconds: durationNanoseconds) }
        set { durationNanoseconds = newValue.nanoseconds }
    }
}
