import Dispatch
import Synchronization

/// The alarms of ``SystemClock``: one queue for the whole process, on one timer, so that timing a
/// call (``withTimeLimit(_:clock:abandonment:_:)``) costs a lock and no task of its own.
///
/// A task per limit, sleeping and then cancelled when the call ends first, costs two task starts and
/// their thread hops on every request; on a machine whose cores the transport keeps busy, that is a
/// share of the throughput. Here an alarm is an entry in a heap ordered by deadline, and one timer
/// on a serial queue stands for the earliest. Calls time out seldom, so an alarm is nearly always
/// cancelled, which only forgets its action; the heap sheds cancelled entries whenever they reach its
/// top, and the timer is set again only when an alarm comes due earlier than the one it stands for.
final class AlarmQueue: Sendable {
    /// The process's queue.
    static let shared = AlarmQueue()

    private struct Entry {
        /// `DispatchTime`'s uptime in nanoseconds.
        let deadline: UInt64
        let id: UInt64
    }

    private struct State {
        /// A binary min-heap of deadlines, alarms cancelled or not.
        var heap: [Entry] = []
        /// The action of every alarm neither fired nor cancelled, by id.
        var actions: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
        /// The deadline the timer is set for, if it is set.
        var armedFor: UInt64?
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "courier.alarms")

    /// Calls `action` on the alarms' queue once `duration` has passed, unless `cancel(_:)` is given
    /// the id this returns first.
    func schedule(after duration: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let sum = DispatchTime.now().uptimeNanoseconds.addingReportingOverflow(Self.nanoseconds(of: duration))
        let deadline = sum.overflow ? UInt64.max : sum.partialValue
        let (id, arm) = state.withLock { state -> (UInt64, UInt64?) in
            let id = state.nextID
            state.nextID += 1
            state.actions[id] = action
            Self.push(Entry(deadline: deadline, id: id), into: &state.heap)
            Self.shedCancelled(&state)
            return (id, Self.rearm(&state))
        }
        if let arm { setTimer(for: arm) }
        return id
    }

    /// Forgets the alarm `id`: its action will not be called, unless it is being called already.
    func cancel(_ id: UInt64) {
        state.withLock { state in
            state.actions[id] = nil
            Self.shedCancelled(&state)
        }
    }

    /// The alarms that are neither fired nor cancelled.
    var pendingCount: Int {
        state.withLock { $0.actions.count }
    }

    private func setTimer(for deadline: UInt64) {
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline)) { [self] in fire() }
    }

    /// Calls the actions of the alarms due, and sets the timer for the next.
    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let (due, arm) = state.withLock { state -> ([@Sendable () -> Void], UInt64?) in
            if let armed = state.armedFor, armed <= now { state.armedFor = nil }
            var due: [@Sendable () -> Void] = []
            while let top = state.heap.first, top.deadline <= now {
                Self.popTop(&state.heap)
                if let action = state.actions.removeValue(forKey: top.id) { due.append(action) }
            }
            Self.shedCancelled(&state)
            return (due, Self.rearm(&state))
        }
        if let arm { setTimer(for: arm) }
        for action in due { action() }
    }

    /// The deadline to set the timer for, if the earliest alarm is due before the one it is set for.
    private static func rearm(_ state: inout State) -> UInt64? {
        guard let earliest = state.heap.first?.deadline else { return nil }
        if let armed = state.armedFor, armed <= earliest { return nil }
        state.armedFor = earliest
        return earliest
    }

    /// Drops cancelled alarms from the top of the heap, so that it holds little more than the alarms
    /// pending and those due after a pending one.
    private static func shedCancelled(_ state: inout State) {
        while let top = state.heap.first, state.actions[top.id] == nil {
            popTop(&state.heap)
        }
    }

    private static func push(_ entry: Entry, into heap: inout [Entry]) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func popTop(_ heap: inout [Entry]) {
        guard !heap.isEmpty else { return }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            let right = left + 1
            let child = right < heap.count && heap[right].deadline < heap[left].deadline ? right : left
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            parent = child
        }
    }

    /// `duration` in nanoseconds, 0 for a negative one and saturated at the largest.
    private static func nanoseconds(of duration: Duration) -> UInt64 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carried) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow || carried ? UInt64.max : total
    }
}
