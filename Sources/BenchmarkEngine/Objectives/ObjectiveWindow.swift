/// Over what stretch of a run the objectives are judged.
public enum ObjectiveWindow: Sendable, Equatable, CustomStringConvertible {
    /// The whole run at once: one value per objective.
    case whole
    /// Every interval of the time series on its own: the run passes when every interval does.
    case interval
    /// Every run of consecutive intervals lasting this long (a rolling window), merged: a breach
    /// must last, not be one noisy interval, yet cannot hide in the average of a long run.
    case rolling(Duration)

    /// `whole`, `interval`, or the rolling window's length such as `10s`.
    public var description: String {
        switch self {
        case .whole: return "whole"
        case .interval: return "interval"
        case .rolling(let length):
            let nanoseconds = length.nanoseconds
            return nanoseconds % 1_000_000_000 == 0 ? "\(nanoseconds / 1_000_000_000)s" : "\(Double(nanoseconds) / 1e6)ms"
        }
    }
}
