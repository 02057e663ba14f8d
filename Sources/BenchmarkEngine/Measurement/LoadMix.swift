import Synchronization

/// What a load run sends: one request, or a mix of named kinds of request, each chosen in turn by
/// ``choose`` and sent by ``send``.
///
/// A mix's requests are counted by name as well as in total (``ScenarioResult/requests``), each name
/// with its own corrected and uncorrected latency: `GET /issues/{{id}}` is one row however many ids
/// it was sent with. A run of one request has no names and no breakdown.
public struct LoadMix: Sendable {
    /// The kinds of request, in the order the report lists them; empty for a single request.
    public let names: [String]
    /// Each kind's share of the requests asked for (0–1, summing to 1), beside ``names``.
    public let weights: [Double]
    /// The index in ``names`` of the next request to send; called once per request, by many workers
    /// at once.
    public let choose: @Sendable () -> Int
    /// Sends one request of the kind at that index and says how it ended.
    public let send: @Sendable (Int) async -> RequestOutcome

    /// A mix of the requests `names`, asked for in the proportions `weights` (any positive numbers;
    /// they are scaled to shares), `choose` picking the next one's index and `send` sending it.
    public init(
        names: [String], weights: [Double], choose: @escaping @Sendable () -> Int, send: @escaping @Sendable (Int) async -> RequestOutcome
    ) {
        self.names = names
        let total = weights.reduce(0, +)
        self.weights = total > 0 ? weights.map { $0 / total } : weights
        self.choose = choose
        self.send = send
    }

    /// One request, `operation`, with no breakdown by name.
    public init(_ operation: @escaping @Sendable () async -> RequestOutcome) {
        names = []
        weights = []
        choose = { 0 }
        send = { _ in await operation() }
    }

    /// Whether the run counts its requests by name.
    var isNamed: Bool {
        !names.isEmpty
    }
}

/// The figures of each named request of a mix over one phase of a run, shared by its workers.
///
/// One lock per name, so that workers recording different kinds of request never wait for each
/// other; each records under its own lock first, so the order of taking them is always the same.
final class NamedTallies: Sendable {
    private final class Slot: Sendable {
        let tally: Mutex<LoadTally>
        init(_ tally: LoadTally) { self.tally = Mutex(tally) }
    }

    private let slots: [Slot]

    /// Empty tallies for `count` names, with `template`'s histogram layout.
    init(count: Int, template: Histogram) {
        slots = (0..<count).map { _ in Slot(LoadTally(template: template)) }
    }

    /// Counts a request of the name at `index`, as ``LoadTally/record(_:intended:started:ended:)`` does.
    func record(_ index: Int, _ outcome: RequestOutcome, intended: UInt64, started: UInt64, ended: UInt64) {
        guard slots.indices.contains(index) else { return }
        slots[index].tally.withLock { $0.record(outcome, intended: intended, started: started, ended: ended) }
    }

    /// Each name's tally, in order.
    var tallies: [LoadTally] {
        slots.map { slot in slot.tally.withLock { $0 } }
    }
}
