import Synchronization

/// Hands out request slots to the workers of one run until the count or the time is up.
///
/// In an open loop at a constant rate, slot `i` is due `i / rate` seconds after the start; with
/// stages, when the integral of the ramping rate passes `i` (``RateRamp``). The slots due before the
/// end of the duration are the run's *scheduled* requests. A slot claimed after the duration has
/// ended was due but can no longer start: it is *missed*, like every slot no worker claimed at all.
/// Every slot's due time is a function of its index alone (``offset(ofSlot:)``), so counts can be
/// kept per interval and a schedule can be split by index.
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
    /// Whether the slots are due through the whole duration: an open loop not cut short by a
    /// request limit.
    private let spansDuration: Bool
    /// The ramping rate; `nil` in a closed loop and for a constant rate that is not a positive
    /// finite number, which schedules only the slot at the start.
    private let ramp: RateRamp?
    private let shard: Shard
    /// The fixed start, or 0 to start at the first claim.
    private let fixedStart: UInt64
    private let durationNanoseconds: UInt64
    private let next = Atomic<Int>(0)
    /// Monotonic nanoseconds of the first claim; 0 before it.
    private let startedAt = Atomic<UInt64>(0)
    /// Set when the run is cancelled: nothing more is handed out, and what was not is missed.
    private let isCancelled = Atomic<Bool>(false)

    init(configuration: LoadConfiguration) {
        durationNanoseconds = configuration.durationNanoseconds
        shard = configuration.shard
        fixedStart = configuration.startNanoseconds.map { max($0, 1) } ?? 0
        let limit = max(0, configuration.maximumRequests ?? .max)
        if !configuration.stages.isEmpty {
            isOpenLoop = true
            let ramp = RateRamp(
                startRate: configuration.rate ?? 0, stages: configuration.stages, durationNanoseconds: configuration.durationNanoseconds)
            self.ramp = ramp
            let due = Self.slotsDue(integral: ramp.totalDue)
            slots = shard.slots(ofTotal: min(limit, due))
            spansDuration = limit >= due
        } else if let rate = configuration.rate {
            isOpenLoop = true
            let isUsable = rate > 0 && rate.isFinite
            ramp = isUsable ? RateRamp(startRate: rate, stages: [], durationNanoseconds: configuration.durationNanoseconds) : nil
            let due = Self.slotsDue(rate: rate, durationNanoseconds: configuration.durationNanoseconds)
            slots = shard.slots(ofTotal: min(limit, due))
            spansDuration = limit >= due
        } else {
            isOpenLoop = false
            ramp = nil
            slots = limit == .max ? .max : shard.share(of: limit)
            spansDuration = false
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

    /// How many slots `i = 0, 1, …` fall before the end of a ramp whose rate integrates to
    /// `integral` over the duration: the integers below it.
    static func slotsDue(integral: Double) -> Int {
        guard integral > 0 else { return 0 }
        let due = integral.rounded(.up)
        guard due < 0x1p63 else { return .max }
        return Int(due)
    }

    /// Nanoseconds after the start at which this shard's slot `index` is due — the whole run's slot
    /// ``Shard/runSlot(_:)`` — before the end of the duration (rounding can push the last slot onto
    /// it; it is then due a nanosecond before the end). In a closed loop every slot is due at once.
    func offset(ofSlot index: Int) -> UInt64 {
        guard let ramp, durationNanoseconds > 0 else { return 0 }
        let last = durationNanoseconds - 1
        // Offsets are non-negative, never NaN, and an overflow to infinity fails the comparison.
        guard let nanoseconds = ramp.offset(ofSlot: shard.runSlot(index))?.rounded(), nanoseconds < Double(last) else { return last }
        return UInt64(nanoseconds)
    }

    /// The first slot due at or after `offset` nanoseconds from the start (``slots`` when none is):
    /// the slots of an interval `[a, b)` are `firstSlot(notBefore: a) ..< firstSlot(notBefore: b)`.
    /// Slots are due in index order, so this is a binary search on ``offset(ofSlot:)`` itself and
    /// agrees with it to the nanosecond.
    func firstSlot(notBefore offset: UInt64) -> Int {
        guard isOpenLoop else { return 0 }
        var low = 0
        var high = slots
        while low < high {
            let middle = low + (high - low) / 2
            if self.offset(ofSlot: middle) >= offset { high = middle } else { low = middle + 1 }
        }
        return low
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
        guard !isCancelled.load(ordering: .relaxed) else { return .over }
        let start = begin(at: now)
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index >= 0, index < slots else { return .over }
        let deadline = deadline(from: start)
        guard isOpenLoop else { return now < deadline ? .start(intended: now) : .over }
        let intended = start.addingSaturated(offset(ofSlot: index))
        return now < deadline ? .start(intended: intended) : .missed(intended: intended)
    }

    /// Nanoseconds from the start that a run which ended `elapsed` after it covers: the whole
    /// duration when the schedule spans it (and was not cancelled), so that the last interval is as
    /// long as the others even though the last request ended a little before the duration did;
    /// else up to the run's end.
    func covered(untilElapsed elapsed: UInt64) -> UInt64 {
        spansDuration && !isCancelled.load(ordering: .relaxed) ? durationNanoseconds : min(elapsed, durationNanoseconds)
    }

    /// Hands out nothing more: the slots due before the run ends that were not claimed are missed.
    func cancel() {
        isCancelled.store(true, ordering: .relaxed)
    }

    /// The slots of a run that ended `elapsed` nanoseconds after its start: all of them, unless it
    /// was cancelled, when the schedule ends with the run — the slots due by then, and any claimed
    /// ahead of their time.
    func scheduled(untilElapsed elapsed: UInt64) -> Int {
        guard isOpenLoop, isCancelled.load(ordering: .relaxed) else { return slots }
        return max(claimed, firstSlot(notBefore: elapsed))
    }

    /// The run's start: the fixed one if set, else `now` if this is the first claim.
    private func begin(at now: UInt64) -> UInt64 {
        // Once started, a read: a compare-exchange on every claim would take the line exclusively.
        let started = startedAt.load(ordering: .acquiring)
        if started != 0 { return started }
        let candidate = fixedStart != 0 ? fixedStart : max(now, 1)
        let (exchanged, original) = startedAt.compareExchange(expected: 0, desired: candidate, ordering: .acquiringAndReleasing)
        return exchanged ? candidate : original
    }

    /// The slots handed out so far, `0 ..< claimed`.
    var claimed: Int {
        let claimed = next.load(ordering: .relaxed)
        // Each worker claims once more after its last slot, so the counter runs past `slots`; a
        // counter that wrapped past Int.max has claimed them all too.
        return claimed < 0 ? slots : min(claimed, slots)
    }
}
