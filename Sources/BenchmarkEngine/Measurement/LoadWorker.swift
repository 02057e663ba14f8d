import Synchronization

/// One worker of a load run: it sends requests one after another as the schedule hands them out,
/// and keeps its figures where the runner can read them even if a request never returns.
///
/// The state sits behind a lock only the worker takes (twice per request, uncontended) until the
/// runner stops it. Once stopped, the worker records nothing more and starts nothing more, so the
/// figures the runner took stay whole and every request counts once.
final class LoadWorker: Sendable {
    private enum Phase {
        case idle
        /// Holding an open-loop slot due later, waiting for its time.
        case waiting(intended: UInt64)
        /// A request in flight since `started`, due at `intended`.
        case inFlight(intended: UInt64, started: UInt64)
    }

    private struct State {
        var tally: LoadTally
        var phase = Phase.idle
        var isStopped = false
    }

    private let state: Mutex<State>

    /// A worker whose histograms have `template`'s layout.
    init(template: Histogram) {
        state = Mutex(State(tally: LoadTally(template: template)))
    }

    /// Sends requests until the schedule has no more or the worker is stopped.
    func run(schedule: LoadSchedule, progress: ProgressMeter, _ operation: () async -> RequestOutcome) async {
        while true {
            let now = Platform.monotonicNanoseconds()
            let claim = state.withLock { state -> LoadSchedule.Claim in
                guard !state.isStopped else { return .over }
                let claim = schedule.claim(now: now)
                switch claim {
                case .start(let intended): state.phase = intended > now ? .waiting(intended: intended) : .inFlight(intended: intended, started: now)
                case .missed: state.tally.recordMissed()
                case .over: break
                }
                return claim
            }
            guard case .start(let intended) = claim else { return }
            var started = now
            if intended > now {
                try? await Task.sleep(nanoseconds: intended - now)
                started = Platform.monotonicNanoseconds()
                let proceeds = state.withLock { state in
                    guard !state.isStopped else { return false }
                    state.phase = .inFlight(intended: intended, started: started)
                    return true
                }
                guard proceeds else { return }
            }
            let outcome = await operation()
            let ended = Platform.monotonicNanoseconds()
            let recorded = state.withLock { state in
                guard !state.isStopped else { return false }
                state.tally.record(outcome, intended: intended, started: started, ended: ended)
                state.phase = .idle
                return true
            }
            guard recorded else { return }
            progress.add(1)
        }
    }

    /// Stops the worker at monotonic time `now` and returns its figures, with what it was doing
    /// counted: a request in flight as a timeout (it has run past its timeout when the runner gives
    /// up on it), a slot it was waiting for as missed.
    func stop(at now: UInt64) -> LoadTally {
        state.withLock { state in
            state.isStopped = true
            switch state.phase {
            case .idle: break
            case .waiting: state.tally.recordMissed()
            case .inFlight(let intended, let started):
                state.tally.record(.failure(RequestOutcome.timeoutClass), intended: intended, started: started, ended: now)
            }
            state.phase = .idle
            return state.tally
        }
    }
}
