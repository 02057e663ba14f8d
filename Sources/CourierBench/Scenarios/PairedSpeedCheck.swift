/// What a comparison with a baseline run judges a paired scenario's speed by: the ratio to the
/// partner measured beside it, or that and the scenario's own time.
///
/// Counted (`run --instructions`), a scenario's counts are judged themselves, with one exception:
/// under ``ratio``, a decode scenario whose client decodes with a `JSONDecoder` is judged by its
/// counts' ratios to the `JSONDecoder` beside it. Its counts are mostly Foundation's decoding, which
/// moves with the executable's layout (by 0.5–2.5% here when unrelated code of it changed) on both
/// sides alike; the ratio keeps Courier's share, which does not move.
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
