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

    private struct State {
        /// Each worker's current interval, ``retired`` once done.
        var registered: [Int]
        var intervals: IntervalTallies<LoadTally>
    }

    /// How many intervals may be open at once before the oldest is closed anyway.
    let maximumOpenIntervals: Int
    private let state: Mutex<State>

    /// A recorder for `workers` workers whose tallies have `template`'s layout.
    init(workers: Int, template: Histogram, maximumOpenIntervals: Int = 8) {
        self.maximumOpenIntervals = max(1, maximumOpenIntervals)
        state = Mutex(
            State(
                registered: Array(repeating: 0, count: workers),
                intervals: IntervalTallies<LoadTally>(template: template, maximumSpares: self.maximumOpenIntervals)))
    }

    /// Worker `worker` hands in its `tally` for `interval` and moves on to `next` (or
    /// ``retired``). The tally comes back empty, its memory kept.
    func handOver(_ tally: inout LoadTally, from worker: Int, interval: Int, next: Int) {
        state.withLock { state in
            if !tally.isEmpty {
                state.intervals.absorb(tally, into: interval)
                tally.reset()
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
        state.intervals.close(below: max(oldest, newest - maximumOpenIntervals))
    }

    /// The closed intervals and amendments handed in since the last call, for the encoder, and the
    /// index below which every interval is closed.
    func drain() -> (closed: [IntervalTallies<LoadTally>.Handoff], amendments: [IntervalTallies<LoadTally>.Handoff], closedBelow: Int) {
        state.withLock { state in
            let (closed, amendments) = state.intervals.drain()
            return (closed, amendments, state.intervals.closedBelow)
        }
    }

    /// Closes every interval below `count`, and any later one that holds figures, once every worker
    /// has stopped; returns the index below which every interval is now closed.
    @discardableResult
    func closeAll(below count: Int) -> Int {
        state.withLock { state in
            state.intervals.closeAll(below: count)
            return state.intervals.closedBelow
        }
    }

    /// Gives back a tally the encoder is done with, to be reused.
    func recycle(_ tally: consuming LoadTally) {
        tally.reset()
        let emptied = consume tally
        state.withLock { $0.intervals.recycle(emptied) }
    }
}
