import Synchronization

/// Hands out request slots to the workers of one run until the count or the time is up.
///
/// In an open loop, slot `i` is due `i / rate` seconds after the start, and the slots due before the
/// end of the duration are the run's *scheduled* requests. A slot claimed after the duration has
/// ended was due but can no longer start: it is *missed*, like every slot no worker claimed at all.
/// Every slot has its due time (``offset(ofSlot:)``), so counts can be kept per interval.
///
/// A shard (``LoadConfiguration/shard``) of an open loop hands out only its own slots of the whole
/// run's sequence of intended times — `index`, `index + count`, … — each at the time the whole run
/// would start it; its slot `k` is the run's slot `index + k × count`. In a closed loop it hands out
/// its share of the request limit.
///
/// The run's clock starts at the first claim, when the first worker runs, so that time a busy
/// machine takes to start the workers is not counted against the schedule — unless the
/// configuration fixes the start (``LoadConfiguration/startNanoseconds``), as shards of one run do.
///
/// The arithmetic cannot trap: any positive rate, however small or large, and any duration give a
/// slot count and due times in range.
final class LoadSchedule: Sendable {
    /// What a worker gets when it asks for its next request.
    enum Claim: Equatable {
        /// Send a request due at this monotonic time (closed loop: now).
        case start(intended: UInt64)
        /// The slot due at this time came too late to start: count it as missed and stop.
        case missed(intended: UInt64)
        /// Nothing more to send.
        case over
    }

    /// The most requests to start: in an open loop, the slots due before the deadline (bounded by
    /// the request limit) that are this shard's; in a closed loop, the shard's share of the request
    /// limit.
    let slots: Int
    /// Whether requests are started at a rate (an open loop).
    let isOpenLoop: Bool
    private let rate: Double
    private let shard: Shard
    /// The fixed start, or 0 to start at the first claim.
    private let fixedStart: UInt64
    private let durationNanoseconds: UInt64
    private let next = Atomic<Int>(0)
    /// Monotonic nanoseconds of the first claim; 0 before it.
    private let startedAt = Atomic<UInt64>(0)

    init(configuration: LoadConfiguration) {
        durationNanoseconds = configuration.durationNanoseconds
        shard = configuration.shard
        fixedStart = configuration.startNanoseconds.map { max($0, 1) } ?? 0
        let limit = max(0, configuration.maximumRequests ?? .max)
        if let rate = configuration.rate {
            isOpenLoop = true
            self.rate = rate
            slots = shard.slots(ofTotal: min(limit, Self.slotsDue(rate: rate, durationNanoseconds: configuration.durationNanoseconds)))
        } else {
            isOpenLoop = false
            self.rate = 0
            slots = limit == .max ? .max : shard.share(of: limit)
        }
    }

    /// How many slots `i = 0, 1, …` fall before the end of the duration, `i / rate < duration`:
    /// the smallest integer not below `duration × rate`, at least the one slot at the start.
    static func slotsDue(rate: Double, durationNanoseconds: UInt64) -> Int {
        guard durationNanoseconds > 0 else { return 0 }
        guard rate > 0, rate.isFinite else { return 1 }
        let due = (Double(durationNanoseconds) / 1e9 * rate).rounded(.up)
        // 2^63 is the smallest Double above Int.max; a product that large (or infinite) is unbounded.
        guard due < 0x1p63 else { return .max }
        return max(1, Int(due))
    }

    /// Nanoseconds after the start at which this shard's slot `index` is due: the run's slot
    /// `s = ``Shard/runSlot(_:)```, due `s / rate` seconds after the start, at most the duration
    /// (rounding can push the last slot onto it). In a closed loop every slot is due at once.
    func offset(ofSlot index: Int) -> UInt64 {
        let slot = shard.runSlot(index)
        guard isOpenLoop, slot > 0, rate > 0, rate.isFinite else { return 0 }
        // Both factors are positive and finite, so the quotient is positive: never NaN, and an
        // overflow to infinity fails the comparison below.
        let nanoseconds = Double(slot) * 1e9 / rate
        guard nanoseconds < Double(durationNanoseconds) else { return durationNanoseconds }
        return UInt64(nanoseconds)
    }

    /// Monotonic nanoseconds at which the run started (its first claim), or `nil` before it has.
    var start: UInt64? {
        let start = startedAt.load(ordering: .acquiring)
        return start == 0 ? nil : start
    }

    /// Monotonic nanoseconds after which no request starts, for a run that started at `start`.
    func deadline(from start: UInt64) -> UInt64 {
        start.addingSaturated(durationNanoseconds)
    }

    /// The next slot for a worker, judged at monotonic time `now`; the first claim starts the run.
    /// It does not wait: a slot due later is the worker's to wait for.
    func claim(now: UInt64) -> Claim {
        let start = begin(at: now)
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index >= 0, index < slots else { return .over }
        let deadline = deadline(from: start)
        guard isOpenLoop else { return now < deadline ? .start(intended: now) : .over }
        let intended = start.addingSaturated(offset(ofSlot: index))
        return now < deadline ? .start(intended: intended) : .missed(intended: intended)
    }

    /// The run's start: the fixed one if set, else `now` if this is the first claim.
    private func begin(at now: UInt64) -> UInt64 {
        let candidate = fixedStart != 0 ? fixedStart : max(now, 1)
        let (exchanged, original) = startedAt.compareExchange(expected: 0, desired: candidate, ordering: .acquiringAndReleasing)
        return exchanged ? candidate : original
    }

    /// Slots of an open loop that no worker claimed before the run ended: all of them missed.
    var unclaimed: Int {
        guard isOpenLoop else { return 0 }
        let claimed = next.load(ordering: .relaxed)
        // Each worker claims once more after its last slot, so the counter runs past `slots`; a
        // counter that wrapped past Int.max has claimed them all too.
        return claimed < 0 ? 0 : max(0, slots - min(claimed, slots))
    }
}
