/// Turns the intervals a run's ``IntervalRecorder`` closes into their compact, encoded form, adds
/// them up into the whole run's figures, and shows each on the live progress line.
///
/// Owned by the one task that drains the recorder, so it needs no lock; the workers never wait for
/// it. Memory stays bounded however long the run: a closed interval keeps only its counts and two
/// encoded histograms (a few hundred bytes to a few kilobytes), and its tally goes back to the recorder.
struct IntervalEncoder: Sendable {
    /// One interval, encoded.
    struct Encoded: Sendable {
        var sent = 0
        var succeeded = 0
        var missed = 0
        var errors: [String: Int] = [:]
        var latency: ScenarioResult.Latency
        var uncorrected: ScenarioResult.Latency
    }

    /// The whole run so far: every interval's figures added up.
    private(set) var total: LoadTally
    /// The closed intervals, by index.
    private(set) var encoded: [Int: Encoded] = [:]
    /// The histograms of an interval without requests.
    let empty: ScenarioResult.Latency
    private let template: Histogram

    init(template: Histogram) {
        self.template = template
        total = LoadTally(template: template)
        empty = ScenarioResult.Latency(template)
    }

    /// Encodes what `recorder` closed since the last call, folds late parts into their intervals,
    /// gives the tallies back, and shows each newly closed interval on `progress`.
    mutating func absorb(from recorder: IntervalRecorder, progress: ProgressMeter, intervalSeconds: Double) throws(HistogramError) {
        var (closed, amendments) = recorder.drain()
        closed.reverse()
        // Each tally is taken out of its handoff so that it is the only reference to its counters
        // when it goes back to the recorder, which empties it without copying.
        while let handoff = closed.popLast() {
            let index = handoff.interval
            guard let tally = (consume handoff).tally else {
                encoded[index] = Encoded(latency: empty, uncorrected: empty)
                continue
            }
            let interval = Self.encode(tally)
            encoded[index] = interval
            total.absorb(tally)
            progress.show(
                IntervalReading(
                    index: index, length: Duration(seconds: intervalSeconds), sent: tally.sent, failed: interval.errors.values.reduce(0, +),
                    p50: Duration(nanoseconds: interval.latency.summary.p50), p99: Duration(nanoseconds: interval.latency.summary.p99)
                ))
            recorder.recycle(consume tally)
        }
        while let amendment = amendments.popLast() {
            let index = amendment.interval
            guard let tally = (consume amendment).tally else { continue }
            var interval = encoded[index] ?? Encoded(latency: empty, uncorrected: empty)
            var latency = try Histogram(encoded: interval.latency.histogram)
            var uncorrected = try Histogram(encoded: interval.uncorrected.histogram)
            try latency.merge(tally.latency)
            try uncorrected.merge(tally.uncorrected)
            interval.latency = ScenarioResult.Latency(latency)
            interval.uncorrected = ScenarioResult.Latency(uncorrected)
            interval.sent += tally.sent
            interval.succeeded += tally.succeeded
            interval.missed += tally.missed
            interval.errors.merge(tally.errors, uniquingKeysWith: +)
            encoded[index] = interval
            total.absorb(tally)
            recorder.recycle(consume tally)
        }
    }

    private static func encode(_ tally: LoadTally) -> Encoded {
        Encoded(
            sent: tally.sent, succeeded: tally.succeeded, missed: tally.missed, errors: tally.errors,
            latency: ScenarioResult.Latency(tally.latency),
            uncorrected: ScenarioResult.Latency(tally.uncorrected)
        )
    }
}

/// The figures of the latest closed interval of a running load, for the live progress line.
public struct IntervalReading: Sendable, Equatable {
    /// The interval's index in the run's time series.
    public var index: Int
    /// Its length.
    public var length: Duration
    /// Requests sent whose intended start fell in it, and how many of them failed.
    public var sent: Int
    public var failed: Int
    /// Its corrected latency percentiles.
    public var p50: Duration
    public var p99: Duration

    /// Requests sent per second over the interval.
    public var rate: Double {
        length > .zero ? Double(sent) / length.seconds : 0
    }

    /// A reading with these figures.
    public init(index: Int, length: Duration, sent: Int, failed: Int, p50: Duration, p99: Duration) {
        self.index = index
        self.length = length
        self.sent = sent
        self.failed = failed
        self.p50 = p50
        self.p99 = p99
    }
}
