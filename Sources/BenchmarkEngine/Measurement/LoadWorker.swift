import Synchronization

/// One worker of a load run: it sends requests one after another as the schedule hands them out,
/// and keeps its figures where the runner can read them even if a request never returns.
///
/// The worker counts each request in the interval of its intended start, in a tally for its current
/// interval that it hands to the run's ``IntervalRecorder`` when its next request falls in a later
/// one. The state sits behind a lock only the worker takes (twice per request, uncontended) until the
/// runner stops it. Once stopped, the worker records nothing more and starts nothing more, so the
/// figures the runner took stay whole and every request counts once.
final class LoadWorker: Sendable {
    private enum Phase {
        case idle
        /// Holding an open-loop slot due later, waiting for its time.
        case waiting(intended: UInt64)
        /// A request of the mix's kind `request` in flight since `started`, due at `intended`.
        case inFlight(intended: UInt64, started: UInt64, request: Int)
    }

    private struct State {
        /// The figures of ``interval``.
        var tally: LoadTally
        var interval = 0
        var phase = Phase.idle
        var isStopped = false
        /// Whether the worker has handed in its last tally.
        var isRetired = false
        /// How late requests started that this worker was waiting for (open loop).
        var wakeLateness: Histogram
        /// Requests whose slot the worker took only after it was due (open loop).
        var lateStarts = 0
        /// The step of a journey's session in flight: its name's tally, when it was due and started,
        /// and the interval it counts in.
        var step: (slot: NamedTallies.Slot, intended: UInt64, started: UInt64, interval: Int)?
    }

    /// The worker's place among the run's workers, for the recorder.
    let index: Int
    private let schedule: LoadSchedule
    private let recorder: IntervalRecorder
    /// Where a mix's requests or a journey's steps are counted by name as well, `nil` for a single
    /// request.
    private let named: NamedTallies?
    /// Numbers a journey's sessions; `nil` unless the run is a journey.
    private let sessions: SessionNumbers?
    private let intervalNanoseconds: UInt64
    private let state: Mutex<State>

    /// Worker `index` of a run on `schedule` whose intervals last `intervalNanoseconds` and go to
    /// `recorder`, and whose requests count by name in `named` too; its histograms have `template`'s
    /// layout and its lateness `lateness`'s. With `sessions`, each unit it starts is a journey's
    /// session, numbered by it, whose steps count in `named`.
    init(
        index: Int, schedule: LoadSchedule, template: Histogram, lateness: Histogram, recorder: IntervalRecorder,
        named: NamedTallies? = nil, sessions: SessionNumbers? = nil, intervalNanoseconds: UInt64
    ) {
        self.index = index
        self.schedule = schedule
        self.recorder = recorder
        self.named = named
        self.sessions = sessions
        self.intervalNanoseconds = max(1, intervalNanoseconds)
        state = Mutex(State(tally: LoadTally(template: template), wakeLateness: lateness))
    }

    /// Sends requests of `mix` until the schedule has no more or the worker is stopped, counting each
    /// in `inFlight` while it runs. The kind of each is chosen as it starts, so a slot missed has none.
    func run(progress: ProgressMeter, inFlight: InFlightGauge, _ mix: LoadMix) async {
        defer { state.withLock { retire(&$0) } }
        while true {
            let now = Platform.monotonicNanoseconds()
            var request = 0
            let claim = state.withLock { state -> LoadSchedule.Claim in
                guard !state.isStopped else { return .over }
                let claim = schedule.claim(now: now)
                switch claim {
                case .start(let intended):
                    request = mix.choose()
                    move(&state, to: interval(of: intended))
                    if intended > now {
                        state.phase = .waiting(intended: intended)
                    } else {
                        if intended < now { state.lateStarts += 1 }
                        state.phase = .inFlight(intended: intended, started: now, request: request)
                    }
                case .missed(let intended):
                    move(&state, to: interval(of: intended))
                    state.tally.recordMissed()
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
                    state.phase = .inFlight(intended: intended, started: started, request: request)
                    state.wakeLateness.record(started > intended ? started - intended : 0)
                    return true
                }
                guard proceeds else { return }
            }
            inFlight.enter()
            var steps: SessionSteps?
            if let sessions, let named {
                steps = SessionSteps(number: sessions.take(), intended: intended, worker: self, named: named)
            }
            let outcome = await mix.perform(request, steps)
            inFlight.leave()
            let ended = Platform.monotonicNanoseconds()
            let recorded = state.withLock { state in
                guard !state.isStopped else { return false }
                state.tally.record(outcome, intended: intended, started: started, ended: ended)
                // A journey's steps were counted by name as they ended.
                if steps == nil { named?.record(request, outcome, in: state.interval, intended: intended, started: started, ended: ended) }
                state.phase = .idle
                return true
            }
            guard recorded else { return }
            progress.add(1)
        }
    }

    /// Marks a step of the journey, counted in `slot`, in flight; `false` once the worker is stopped.
    func beginStep(_ slot: NamedTallies.Slot, intended: UInt64, started: UInt64) -> Bool {
        let interval = interval(of: intended)
        return state.withLock { state in
            guard !state.isStopped else { return false }
            state.step = (slot, intended, started, interval)
            return true
        }
    }

    /// Counts the step in flight, which ended at `ended` in `outcome`, under its name, unless the
    /// worker was stopped meanwhile (which counted it then).
    func endStep(_ outcome: RequestOutcome, ended: UInt64) {
        state.withLock { state in
            guard !state.isStopped, let step = state.step else { return }
            step.slot.record(outcome, in: step.interval, intended: step.intended, started: step.started, ended: ended)
            state.step = nil
        }
    }

    /// Whether the runner has stopped the worker.
    var isStopped: Bool {
        state.withLock { $0.isStopped }
    }

    /// The interval of a request due at the monotonic time `intended`.
    private func interval(of intended: UInt64) -> Int {
        // A closed loop's first claims may have read the clock just before the run's start.
        guard let start = schedule.start, intended > start else { return 0 }
        return Int(clamping: (intended - start) / intervalNanoseconds)
    }

    /// Hands in the tally when the next request falls in a later interval.
    private func move(_ state: inout State, to interval: Int) {
        guard interval != state.interval else { return }
        recorder.handOver(&state.tally, from: index, interval: state.interval, next: interval)
        state.interval = interval
    }

    /// Hands in the last tally, once.
    private func retire(_ state: inout State) {
        guard !state.isRetired else { return }
        state.isRetired = true
        recorder.handOver(&state.tally, from: index, interval: state.interval, next: IntervalRecorder.retired)
    }

    /// Stops the worker at monotonic time `now`, with what it was doing counted: a request in flight
    /// as `inFlightClass` (a timeout when the runner gives up on it at the hard stop: it has run past
    /// its timeout), a slot it was waiting for as missed. A journey's session in flight counts as
    /// `inFlightClass` when a step of it was in flight (and so does the step, by name), and as
    /// interrupted when it was between steps at the hard stop. Its figures are handed to the recorder;
    /// what comes back is its own: how late its timers fired, and how many slots it took late.
    func stop(at now: UInt64, countingInFlightAs inFlightClass: String = RequestOutcome.timeoutClass) -> (
        wakeLateness: Histogram, lateStarts: Int
    ) {
        state.withLock { state in
            state.isStopped = true
            switch state.phase {
            case .idle: break
            case .waiting: state.tally.recordMissed()
            case .inFlight(let intended, let started, let request):
                if let step = state.step {
                    step.slot.record(.failure(inFlightClass), in: step.interval, intended: step.intended, started: step.started, ended: now)
                    state.tally.record(.failure(inFlightClass), intended: intended, started: started, ended: now)
                } else if sessions != nil {
                    let sessionClass = inFlightClass == RequestOutcome.timeoutClass ? RequestOutcome.interruptedClass : inFlightClass
                    state.tally.record(.failure(sessionClass), intended: intended, started: started, ended: now)
                } else {
                    state.tally.record(.failure(inFlightClass), intended: intended, started: started, ended: now)
                    named?.record(request, .failure(inFlightClass), in: state.interval, intended: intended, started: started, ended: now)
                }
            }
            state.phase = .idle
            state.step = nil
            retire(&state)
            return (state.wakeLateness, state.lateStarts)
        }
    }
}
