import Synchronization

/// One session of a journey (``LoadMix/init(journey:)``) as the load runner sees it: the steps it
/// sends, each counted by name, and the pauses between them.
///
/// Each step's latency is measured from its intended start, so that coordinated omission stays
/// corrected inside a session: the first step is due when the schedule started the session, a step
/// after a pause when the pause was meant to end, and any other step when it starts. A session that
/// started late, or a worker that woke late from a pause, shows in the step's latency; the time
/// from its actual start is reported beside it.
///
/// Once the run stops (its hard stop, or its caller's cancellation), no step starts: ``step(_:_:)``
/// returns `nil` and ``pause(for:)`` `false`, and the session should end.
public final class SessionSteps: Sendable {
    /// The session's place among the sessions of its phase (the warm-up or the measured run), from 0,
    /// in the order they started: a seed for what the session draws at random.
    public let number: Int
    private let worker: LoadWorker
    private let named: NamedTallies
    /// When the next step is due (monotonic nanoseconds), when something set it.
    private let due: Mutex<UInt64?>

    /// Session `number`, due at `intended`, run by `worker` and counting its steps in `named`.
    init(number: Int, intended: UInt64, worker: LoadWorker, named: NamedTallies) {
        self.number = number
        self.worker = worker
        self.named = named
        due = Mutex(intended)
    }

    /// Sends the step `name` with `send` and counts how it ended under its name; `nil`, without
    /// calling `send`, when the run has stopped.
    public func step(_ name: String, _ send: () async -> RequestOutcome) async -> RequestOutcome? {
        let slot = named.slot(named: name)
        let started = Platform.monotonicNanoseconds()
        let intended = min(
            started,
            due.withLock { due in
                defer { due = nil }
                return due ?? started
            })
        guard worker.beginStep(slot, intended: intended, started: started) else { return nil }
        let outcome = await send()
        worker.endStep(outcome, ended: Platform.monotonicNanoseconds())
        return outcome
    }

    /// Waits `duration` (a user's think time), the next step due when it ends; `false` when the
    /// run stopped meanwhile.
    public func pause(for duration: Duration) async -> Bool {
        let end = Platform.monotonicNanoseconds().addingSaturated(duration.nanoseconds)
        due.withLock { $0 = end }
        let now = Platform.monotonicNanoseconds()
        if end > now { try? await Task.sleep(nanoseconds: end - now) }
        return !worker.isStopped
    }
}

/// Numbers the sessions of one phase of a run in the order they start.
final class SessionNumbers: Sendable {
    private let next = Atomic<Int>(0)

    /// The next session's number.
    func take() -> Int {
        next.add(1, ordering: .relaxed).oldValue
    }
}
