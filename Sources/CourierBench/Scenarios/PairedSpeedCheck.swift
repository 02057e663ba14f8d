/// What a comparison with a baseline run judges a paired scenario's speed by: the ratio to the
/// partner measured beside it, or that and the scenario's own time.
///
/// The ratio is steady on a busy machine (the two alternate batch by batch), but it only sees
/// Courier's share: your model's `init(from:)` or your endpoint's properties run on both sides, so a
/// slowdown there moves both and leaves the ratio alone. Judging the time too catches it, at the
/// price of comparing times across two runs (use a wide `--fail-time-tolerance` on a shared CI
/// machine).
public enum PairedSpeedCheck: Sendable, Equatable {
    /// The ratio alone: Courier's overhead over Foundation.
    case ratio
    /// The ratio and the median time per operation.
    case ratioAndTime
}
