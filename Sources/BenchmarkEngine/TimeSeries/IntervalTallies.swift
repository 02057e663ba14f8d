/// The figures of a run's intervals on their way from the workers to the encoder: a tally for each
/// interval still open, the intervals closed since the encoder last looked, and late parts of closed
/// ones.
///
/// One of these holds the whole run's figures (in ``IntervalRecorder``, of ``LoadTally``) and one
/// each name's of a mix or a journey (in ``NamedTallies``, of ``SparseLoadTally``, so that a name
/// costs little); whoever owns it keeps it behind a lock. Figures for an
/// interval already closed are kept apart as its amendment, one tally per interval, and folded into
/// the encoded interval later. Tallies the encoder is done with come back to be reused, so a long
/// run allocates a few and no more.
struct IntervalTallies<Tally: IntervalTally>: Sendable {
    /// A closed interval, or a late part of one, on its way to the encoder.
    struct Handoff {
        /// The interval's index.
        let interval: Int
        /// Its figures; `nil` when nothing was recorded in it.
        let tally: Tally?
    }

    /// Every interval below this is closed.
    private(set) var closedBelow = 0
    private var open: [Int: Tally] = [:]
    private var closed: [Handoff] = []
    private var amendments: [Int: Tally] = [:]
    private var spare: [Tally] = []
    private let template: Histogram
    private let maximumSpares: Int

    /// Tallies with `template`'s layout, keeping at most `maximumSpares` emptied ones for reuse.
    init(template: Histogram, maximumSpares: Int) {
        self.template = template
        self.maximumSpares = maximumSpares
    }

    /// Adds `tally`'s figures to `interval`'s.
    mutating func absorb(_ tally: Tally, into interval: Int) {
        update(interval) { $0.absorb(tally) }
    }

    /// Counts a request in `interval`, as ``IntervalTally/record(_:intended:started:ended:)`` does.
    mutating func record(_ outcome: RequestOutcome, in interval: Int, intended: UInt64, started: UInt64, ended: UInt64) {
        update(interval) { $0.record(outcome, intended: intended, started: started, ended: ended) }
    }

    /// Closes every interval below `limit`, those in which nothing was recorded too.
    mutating func close(below limit: Int) {
        while closedBelow < limit {
            closed.append(Handoff(interval: closedBelow, tally: open.removeValue(forKey: closedBelow)))
            closedBelow += 1
        }
    }

    /// Closes every interval below `count`, and any later one that holds figures: the end of a run,
    /// once nothing more can be recorded on time.
    mutating func closeAll(below count: Int) {
        close(below: max(count, (open.keys.max() ?? -1) + 1))
    }

    /// The intervals closed and the late parts recorded since the last call, for the encoder.
    mutating func drain() -> (closed: [Handoff], amendments: [Handoff]) {
        // Most drains find nothing; returning the buffers would make the next append copy them.
        if closed.isEmpty && amendments.isEmpty { return ([], []) }
        defer {
            closed.removeAll(keepingCapacity: true)
            amendments.removeAll(keepingCapacity: true)
        }
        return (closed, amendments.map { Handoff(interval: $0.key, tally: $0.value) })
    }

    /// Takes back a tally the encoder is done with, emptied by ``LoadTally/reset()`` (outside the
    /// owner's lock), to be reused.
    mutating func recycle(_ emptied: consuming Tally) {
        // A few spares cover the intervals open at once; more would only hold memory.
        guard spare.count < maximumSpares else { return }
        spare.append(emptied)
    }

    /// Applies `change` to the tally of `interval`: its open tally, or its amendment once closed.
    private mutating func update(_ interval: Int, _ change: (inout Tally) -> Void) {
        if interval < closedBelow {
            Self.update(interval, in: &amendments, spare: &spare, template: template, change)
        } else {
            Self.update(interval, in: &open, spare: &spare, template: template, change)
        }
    }

    /// Changes the tally of `interval` in `tallies` in place (through its index, so that its counters
    /// are not copied), or a new one, from `spare` if there is one.
    private static func update(
        _ interval: Int, in tallies: inout [Int: Tally], spare: inout [Tally], template: Histogram,
        _ change: (inout Tally) -> Void
    ) {
        if let index = tallies.index(forKey: interval) {
            change(&tallies.values[index])
        } else {
            var tally = spare.popLast() ?? Tally(template: template)
            change(&tally)
            tallies[interval] = tally
        }
    }
}
