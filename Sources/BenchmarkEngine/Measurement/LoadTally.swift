/// The figures of one worker for one interval, or of a whole interval or run once merged: latency
/// histograms and how each request ended.
///
/// Recording does not allocate once every error class seen has its entry: counts are plain
/// integers and the histograms are allocated when the tally is made; ``reset()`` empties it and
/// keeps that memory.
struct LoadTally: Sendable {
    /// Latency from each request's intended start (in a closed loop, its actual start).
    var latency: Histogram
    /// Latency from each request's actual start.
    var uncorrected: Histogram
    var sent = 0
    var succeeded = 0
    var missed = 0
    var errors: [String: Int] = [:]

    /// An empty tally whose histograms have `template`'s layout.
    init(template: Histogram) {
        latency = template
        uncorrected = template
    }

    /// A tally of these histograms and nothing counted yet.
    init(latency: Histogram, uncorrected: Histogram) {
        self.latency = latency
        self.uncorrected = uncorrected
    }

    /// Counts a request that was due but never started.
    mutating func recordMissed(_ count: Int = 1) {
        missed += count
    }

    /// Adds `other`'s figures to these.
    mutating func absorb(_ other: LoadTally) {
        // Same layout by construction, so merging cannot fail.
        try? latency.merge(other.latency)
        try? uncorrected.merge(other.uncorrected)
        sent += other.sent
        succeeded += other.succeeded
        missed += other.missed
        errors.merge(other.errors, uniquingKeysWith: +)
    }

    /// Whether nothing was counted.
    var isEmpty: Bool {
        sent == 0 && missed == 0
    }

    /// Empties the tally, keeping its memory.
    mutating func reset() {
        latency.reset()
        uncorrected.reset()
        sent = 0
        succeeded = 0
        missed = 0
        errors.removeAll(keepingCapacity: true)
    }

    /// These figures as an observer is handed them, for interval `index`.
    func figures(index: Int) -> IntervalFigures {
        IntervalFigures(index: index, sent: sent, succeeded: succeeded, missed: missed, errors: errors, latency: latency)
    }
}
