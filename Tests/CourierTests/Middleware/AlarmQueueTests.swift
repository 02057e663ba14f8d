import Synchronization
import Testing

@testable import Courier

/// The system clock's alarms: each goes off once, in the order of their deadlines, unless cancelled,
/// and the queue keeps nothing for the alarms that are over.
@Suite struct AlarmQueueTests {
    /// The order in which alarms went off, and a way to wait until `count` have.
    private final class Fired: Sendable {
        private let order = Mutex<[Int]>([])

        func note(_ alarm: Int) {
            order.withLock { $0.append(alarm) }
        }

        var alarms: [Int] {
            order.withLock { $0 }
        }

        /// Waits, a bounded while, until `count` alarms have gone off.
        func wait(for count: Int) async throws {
            for _ in 0..<1_000 where alarms.count < count {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    @Test func alarmsGoOffInTheOrderOfTheirDeadlinesWhateverTheOrderTheyWereSet() async throws {
        let queue = AlarmQueue()
        let fired = Fired()
        _ = queue.schedule(after: .milliseconds(60)) { fired.note(3) }
        _ = queue.schedule(after: .milliseconds(20)) { fired.note(1) }
        _ = queue.schedule(after: .milliseconds(40)) { fired.note(2) }
        try await fired.wait(for: 3)
        #expect(fired.alarms == [1, 2, 3])
        #expect(queue.pendingCount == 0)
    }

    @Test func aCancelledAlarmNeverGoesOffAndIsForgotten() async throws {
        let queue = AlarmQueue()
        let fired = Fired()
        let cancelled = queue.schedule(after: .milliseconds(10)) { fired.note(0) }
        _ = queue.schedule(after: .milliseconds(50)) { fired.note(1) }
        queue.cancel(cancelled)
        queue.cancel(cancelled)
        #expect(queue.pendingCount == 1)
        try await fired.wait(for: 1)
        try await Task.sleep(for: .milliseconds(30))
        #expect(fired.alarms == [1])
    }

    /// Many calls timed and ended first, as a load run's are: none of their alarms is left behind.
    @Test func alarmsCancelledAsTheirCallsEndLeaveNothingPending() {
        let queue = AlarmQueue()
        for _ in 0..<10_000 {
            let id = queue.schedule(after: .seconds(60)) {}
            queue.cancel(id)
        }
        #expect(queue.pendingCount == 0)
    }

    @Test func aNegativeOrHugeDurationIsDueAtOnceOrNever() async throws {
        let queue = AlarmQueue()
        let fired = Fired()
        let never = queue.schedule(after: .seconds(Int64.max)) { fired.note(2) }
        _ = queue.schedule(after: .seconds(-5)) { fired.note(1) }
        try await fired.wait(for: 1)
        #expect(fired.alarms == [1])
        #expect(queue.pendingCount == 1)
        queue.cancel(never)
    }
}
