/// Turns the intervals a run's ``IntervalRecorder`` closes, and those of its names
/// (``NamedTallies``), into their compact, encoded form, adds them up into the whole run's figures
/// and each name's, and shows each of the run's on the live progress line.
///
/// Owned by the one task that drains the recorder, so it needs no lock; the workers never wait for
/// it. Memory stays bounded however long the run: a closed interval keeps only its counts and two
/// encoded histograms (a few hundred bytes to a few kilobytes), and its tally goes back to be reused.
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

    /// One series' closed intervals and their sum: dense for the run, sparse for each name.
    struct Series<Tally: IntervalTally>: Sendable {
        /// Every interval so far added up.
        private(set) var total: Tally
        /// The closed intervals, by index.
        private(set) var encoded: [Int: Encoded] = [:]

        fileprivate init(template: Histogram) {
            total = Tally(template: template)
        }

        /// Encodes the `closed` intervals and folds the `amendments` into theirs, adding both to the
        /// total; each tally goes to `recycle` once done, and each newly closed interval with
        /// figures to `shown`.
        fileprivate mutating func absorb(
            closed: [IntervalTallies<Tally>.Handoff], amendments: [IntervalTallies<Tally>.Handoff], empty: ScenarioResult.Latency,
            recycle: (consuming Tally) -> Void, observed: (Int, Tally) -> Void,
            shown: (Int, Tally, Encoded) -> Void = { _, _, _ in }
        ) throws(HistogramError) {
            var closed = closed
            var amendments = amendments
            closed.reverse()
            // Each tally is taken out of its handoff so that it is the only reference to its counters
            // when it goes back, to be emptied without copying.
            while let handoff = closed.popLast() {
                let index = handoff.interval
                guard let tally = (consume handoff).tally else {
                    encoded[index] = Encoded(latency: empty, uncorrected: empty)
                    continue
                }
                let interval = IntervalEncoder.encode(tally.dense)
                encoded[index] = interval
                total.absorb(tally)
                observed(index, tally)
                shown(index, tally, interval)
                recycle(consume tally)
            }
            while let amendment = amendments.popLast() {
                let index = amendment.interval
                guard let tally = (consume amendment).tally else { continue }
                var interval = encoded[index] ?? Encoded(latency: empty, uncorrected: empty)
                var latency = try Histogram(encoded: interval.latency.histogram)
                var uncorrected = try Histogram(encoded: interval.uncorrected.histogram)
                let dense = tally.dense
                try latency.merge(dense.latency)
                try uncorrected.merge(dense.uncorrected)
                interval.latency = ScenarioResult.Latency(latency)
                interval.uncorrected = ScenarioResult.Latency(uncorrected)
                interval.sent += dense.sent
                interval.succeeded += dense.succeeded
                interval.missed += dense.missed
                interval.errors.merge(dense.errors, uniquingKeysWith: +)
                encoded[index] = interval
                total.absorb(tally)
                observed(index, tally)
                recycle(consume tally)
            }
        }
    }

    /// The whole run's intervals.
    private(set) var run: Series<LoadTally>
    /// The run's intervals below this one are closed: an abort condition judges them.
    private(set) var closedBelow = 0
    /// Each name's intervals, by its position (``NamedTallies/Slot/position``).
    private(set) var names: [Series<SparseLoadTally>] = []
    /// The histograms of an interval without requests.
    let empty: ScenarioResult.Latency
    /// The layout of every histogram of the run.
    let template: Histogram

    init(template: Histogram) {
        self.template = template
        run = Series(template: template)
        empty = ScenarioResult.Latency(template)
    }

    /// Encodes what `recorder` and `named` closed since the last call, folds late parts into their
    /// intervals, gives the tallies back, and shows each newly closed interval of the run on
    /// `progress`, handing every figure added to a total to `observer` too. With `isFinal`, every
    /// worker has stopped and `named` closes whatever it holds.
    mutating func absorb(
        from recorder: IntervalRecorder, named: NamedTallies?, progress: ProgressMeter, intervalSeconds: Double,
        observer: (any LoadObserver)? = nil, isFinal: Bool = false
    ) throws(HistogramError) {
        let (closed, amendments, closedBelow) = recorder.drain()
        self.closedBelow = max(self.closedBelow, closedBelow)
        try run.absorb(
            closed: closed, amendments: amendments, empty: empty, recycle: { recorder.recycle($0) },
            observed: { index, tally in observer?.recorded(tally.figures(index: index), name: nil) },
            shown: { index, tally, interval in
                progress.show(
                    IntervalReading(
                        index: index, length: Duration(seconds: intervalSeconds), sent: tally.sent,
                        failed: interval.errors.values.reduce(0, +), p50: Duration(nanoseconds: interval.latency.summary.p50),
                        p99: Duration(nanoseconds: interval.latency.summary.p99)))
            })
        guard let named else { return }
        // A request counts under its name in an interval no earlier than the one its worker holds
        // open in the recorder, so once the run closes an interval, its names' parts are in; a part
        // that comes after an interval was closed anyway comes as an amendment, as the run's do.
        for drained in named.drain(closingBelow: closedBelow, andLater: isFinal) {
            while names.count <= drained.position { names.append(Series(template: template)) }
            try names[drained.position].absorb(
                closed: drained.closed, amendments: drained.amendments, empty: empty,
                // A name keeps no spare tally (``NamedTallies``): one done with is freed, not emptied.
                recycle: { _ in },
                // Made dense only for an observer: a name's sparse tally is what keeps its memory small.
                observed: { index, tally in
                    observer?.recorded(tally.dense.figures(index: index), name: named.allNames[drained.position])
                })
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
