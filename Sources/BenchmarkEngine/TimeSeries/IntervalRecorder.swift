import Synchronization

/// Where the workers of one run hand in their figures interval by interval, and where the intervals
/// every worker has moved past are closed, to be encoded off the workers' path.
///
/// Each worker records into a tally of its own for its current interval, with no lock but its own.
/// A worker's requests are due in increasing time (slots are claimed in order; a closed loop's next
/// request starts after its last), so when its next request falls in a later interval it hands the
/// tally in here, once, and goes on with the same tally emptied: recording stays free of
/// allocation. An interval closes when every worker still running has moved past it. So that
/// memory does not grow with the length of a run while one worker is stuck in a long request, an
/// interval also closes once it is ``maximumOpenIntervals`` behind the newest; what the stuck worker
/// hands in for it later is kept as an amendment and folded into the encoded interval.
final class IntervalRecorder: Sendable {
    /// What a worker registers once it will hand in nothing more.
    static let retired = Int.max

    /// A closed interval, or a late part of one, waiting to be encoded.
    struct Handoff {
        /// The interval's index.
        let interval: Int
        /// Its figures; `nil` when no worker recorded anything in it.
        let tally: LoadTally?
    }

    private struct State {
        /// Each worker's current interval, ``retired`` once done.
        var registered: [Int]
        /// Aggregates of the intervals not yet closed, by index.
        var open: [Int: LoadTally] = [:]
        /// Every interval below this is closed.
        var closedBelow = 0
        /// Closed intervals, in order, and late parts of closed ones, for the encoder.
        var closed: [Handoff] = []
        var amendments: [Handoff] = []
        /// Emptied tallies, reused for new aggregates so that a long run allocates them once.
        var spare: [LoadTally] = []
    }

    /// How many intervals may be open at once before the oldest is closed anyway.
    let maximumOpenIntervals: Int
    private let template: Histogram
    private let state: Mutex<State>

    /// A recorder for `workers` workers whose tallies have `template`'s layout.
    init(workers: Int, template: Histogram, maximumOpenIntervals: Int = 8) {
        self.template = template
        self.maximumOpenIntervals = max(1, maximumOpenIntervals)
        state = Mutex(State(registered: Array(repeating: 0, count: workers)))
    }

    /// Worker `worker` hands in its `tally` for `interval` and moves on to `next` (or
    /// ``retired``). The tally comes back empty, its memory kept.
    func handOver(_ tally: inout LoadTally, from worker: Int, interval: Int, next: Int) {
        state.withLock { state in
            if !tally.isEmpty {
                if interval < state.closedBelow {
                    // A late part of a closed interval: swap it for an empty tally, to be merged
                    // into the encoded interval later.
                    var replacement = state.spare.popLast() ?? LoadTally(template: template)
                    swap(&replacement, &tally)
                    state.amendments.append(Handoff(interval: interval, tally: replacement))
                } else {
                    if state.open[interval] == nil {
                        state.open[interval] = state.spare.popLast() ?? LoadTally(template: template)
                    }
                    state.open[interval]?.absorb(tally)
                    tally.reset()
                }
            }
            state.registered[worker] = next
            closeFinishedIntervals(&state)
        }
    }

    /// Closes what can be closed while workers run: the intervals every running worker has moved
    /// past, and those too far behind the newest.
    private func closeFinishedIntervals(_ state: inout State) {
        var oldest = Int.max
        var newest = -1
        for interval in state.registered where interval != Self.retired {
            oldest = min(oldest, interval)
            newest = max(newest, interval)
        }
        // With no worker running, only the runner knows where the run ends (``closeAll(below:)``).
        guard newest >= 0 else { return }
        let limit = max(oldest, newest - maximumOpenIntervals)
        close(below: limit, &state)
    }

    private func close(below limit: Int, _ state: inout State) {
        while state.closedBelow < limit {
            let interval = state.closedBelow
            state.closed.append(Handoff(interval: interval, tally: state.open.removeValue(forKey: interval)))
            state.closedBelow += 1
        }
    }

    /// The closed intervals and amendments handed in since the last call, for the encoder.
    func drain() -> (closed: [Handoff], amendments: [Handoff]) {
        state.withLock { state in
            // Most drains find nothing; returning the buffers would make the next append copy them.
            if state.closed.isEmpty && state.amendments.isEmpty { return ([], []) }
            defer {
                state.closed.removeAll(keepingCapacity: true)
                state.amendments.removeAll(keepingCapacity: true)
            }
            return (state.closed, state.amendments)
        }
    }

    /// Closes every interval below `count`, and any later one that holds figures, once every worker
    /// has stopped.
    func closeAll(below count: Int) {
        state.withLock { state in
            let last = state.open.keys.max().map { $0 + 1 } ?? 0
            close(below: max(count, last), &state)
        }
    }

    /// Gives back a tally the encoder is done with, to be reused.
    func recycle(_ tally: consuming LoadTally) {
        tally.reset()
        let emptied = consume tally
        state.withLock { state in
            // A few spares cover the intervals open at once; more would only hold memory.
            if state.spare.count < maximumOpenIntervals { state.spare.append(emptied) }
        }
    }
}
