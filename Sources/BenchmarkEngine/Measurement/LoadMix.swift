import Synchronization

/// What a load run sends: one request, a mix of named kinds of request, each chosen in turn by
/// ``choose``, or a journey, one user's session of named steps.
///
/// A mix's requests are counted by name as well as in total (``ScenarioResult/requests``), each name
/// with its own corrected and uncorrected latency: `GET /issues/{{id}}` is one row however many ids
/// it was sent with. A journey's unit is the session: the run counts sessions, and each step by its
/// name (``SessionSteps``). A run of one request has no names and no breakdown.
public struct LoadMix: Sendable {
    /// The kinds of request, in the order the report lists them; empty for a single request or a
    /// journey, whose steps are named as they run.
    public let names: [String]
    /// Each kind's share of the requests asked for (0–1, summing to 1), beside ``names``.
    public let weights: [Double]
    /// The index in ``names`` of the next request to send; called once per request, by many workers
    /// at once.
    public let choose: @Sendable () -> Int
    /// Whether each unit the schedule starts is a session of steps rather than one request.
    public let isJourney: Bool
    /// Sends one unit: the request of the kind at that index, or a session recording its steps.
    let perform: @Sendable (Int, SessionSteps?) async -> RequestOutcome

    /// A mix of the requests `names`, asked for in the proportions `weights` (any positive numbers;
    /// they are scaled to shares), `choose` picking the next one's index and `send` sending it.
    public init(
        names: [String], weights: [Double], choose: @escaping @Sendable () -> Int, send: @escaping @Sendable (Int) async -> RequestOutcome
    ) {
        self.names = names
        let total = weights.reduce(0, +)
        self.weights = total > 0 ? weights.map { $0 / total } : weights
        self.choose = choose
        isJourney = false
        perform = { index, _ in await send(index) }
    }

    /// One request, `operation`, with no breakdown by name.
    public init(_ operation: @escaping @Sendable () async -> RequestOutcome) {
        names = []
        weights = []
        choose = { 0 }
        isJourney = false
        perform = { _, _ in await operation() }
    }

    /// A journey: each unit the schedule starts is one session of `session`, which sends its
    /// requests as named steps of the ``SessionSteps`` it is given and says how the session ended.
    public init(journey session: @escaping @Sendable (SessionSteps) async -> RequestOutcome) {
        names = []
        weights = []
        choose = { 0 }
        isJourney = true
        perform = { _, steps in
            guard let steps else { return .failure(RequestOutcome.interruptedClass) }
            return await session(steps)
        }
    }

    /// Whether the run counts its requests by name.
    var isNamed: Bool {
        !names.isEmpty || isJourney
    }
}

/// The figures of each named request of a mix, or each step of a journey, interval by interval
/// over one phase of a run, shared by its workers.
///
/// One lock per name, so that workers recording different kinds of request never wait for each
/// other; each records under its own lock first, so the order of taking them is always the same. A
/// mix's names are known ahead and found by index without a lock; a journey's steps are named as
/// they first run, in the order they first start, each step finding its tally once. A request
/// counts in the interval of its intended start, as in the run's own series; the run's encoder
/// closes a name's intervals when it closes the run's (``drain(closingBelow:andLater:)``), and what a name
/// records for an interval already closed comes as its amendment.
final class NamedTallies: Sendable {
    /// One name's figures.
    final class Slot: Sendable {
        /// The name's place among the run's names: those given ahead first, then those met, in the
        /// order they were met.
        let position: Int
        fileprivate let intervals: Mutex<IntervalTallies<SparseLoadTally>>

        fileprivate init(position: Int, template: Histogram) {
            self.position = position
            // Sparse tallies, no spare, and the encoder gives none back: a dense tally holds two
            // histograms of about 220 kB each, and a mix may have a thousand names.
            intervals = Mutex(IntervalTallies<SparseLoadTally>(template: template, maximumSpares: 0))
        }

        /// Counts a request of this name in `interval`, as ``SparseLoadTally/record(_:intended:started:ended:)`` does.
        func record(_ outcome: RequestOutcome, in interval: Int, intended: UInt64, started: UInt64, ended: UInt64) {
            intervals.withLock { $0.record(outcome, in: interval, intended: intended, started: started, ended: ended) }
        }
    }

    /// What a name's slot closed and received late since the encoder last looked.
    struct Drained {
        let position: Int
        let closed: [IntervalTallies<SparseLoadTally>.Handoff]
        let amendments: [IntervalTallies<SparseLoadTally>.Handoff]
    }

    private struct Registry {
        var names: [String] = []
        var slots: [Slot] = []
        var indices: [String: Int] = [:]
    }

    private let names: [String]
    private let slots: [Slot]
    /// The names met as they run (a journey's steps), after ``names``.
    private let registry = Mutex(Registry())
    private let template: Histogram

    /// Empty tallies for `names`, with `template`'s histogram layout; more names join as
    /// ``slot(named:)`` meets them.
    init(names: [String], template: Histogram) {
        self.names = names
        self.template = template
        slots = names.indices.map { Slot(position: $0, template: template) }
    }

    /// The slot of `name`, made the first time it is met.
    func slot(named name: String) -> Slot {
        registry.withLock { registry in
            if let index = registry.indices[name] { return registry.slots[index] }
            let slot = Slot(position: names.count + registry.slots.count, template: template)
            registry.indices[name] = registry.slots.count
            registry.names.append(name)
            registry.slots.append(slot)
            return slot
        }
    }

    /// Counts a request of the name at `index` of those given ahead, in `interval`.
    func record(_ index: Int, _ outcome: RequestOutcome, in interval: Int, intended: UInt64, started: UInt64, ended: UInt64) {
        guard slots.indices.contains(index) else { return }
        slots[index].record(outcome, in: interval, intended: intended, started: started, ended: ended)
    }

    /// Every name so far, in the order of their positions.
    var allNames: [String] {
        names + registry.withLock { $0.names }
    }

    /// Closes every name's intervals below `limit` and hands over what each closed and received
    /// late. Once every worker has stopped, `andLater` closes any later interval that holds figures
    /// too.
    func drain(closingBelow limit: Int, andLater: Bool = false) -> [Drained] {
        allSlots.map { slot in
            let (closed, amendments) = slot.intervals.withLock { intervals in
                if andLater { intervals.closeAll(below: limit) } else { intervals.close(below: limit) }
                return intervals.drain()
            }
            return Drained(position: slot.position, closed: closed, amendments: amendments)
        }
    }

    private var allSlots: [Slot] {
        slots + registry.withLock { $0.slots }
    }
}
