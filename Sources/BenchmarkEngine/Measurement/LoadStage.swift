/// One stage of a ramping open loop: over `durationNanoseconds`, the rate moves in a straight line
/// from where the previous stage left it (the first stage from the run's starting rate) to
/// `targetRate`, as k6's ramping-arrival-rate executor does.
public struct LoadStage: Sendable, Equatable, Codable {
    /// How long the stage lasts.
    public var durationNanoseconds: UInt64
    /// Requests per second at the end of the stage; 0 stops sending.
    public var targetRate: Double

    /// A stage reaching `targetRate` after `durationNanoseconds`.
    public init(durationNanoseconds: UInt64, targetRate: Double) {
        self.durationNanoseconds = durationNanoseconds
        self.targetRate = targetRate
    }
}
