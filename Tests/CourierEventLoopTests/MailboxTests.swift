#if os(Linux)
@testable import CourierEventLoop
import CourierSystem
import Foundation
import Testing

/// A loop's mailbox rings its doorbell (an eventfd) only for a loop that waits, once per batch: what
/// is posted while the loop is awake is taken before it waits again.
@Suite struct MailboxTests {
    /// A mailbox on a fresh eventfd, closed when `body` returns.
    private func withMailbox(_ body: (Mailbox<Int>, _ rings: () -> Bool) throws -> Void) throws {
        let doorbell = try #require(Posix.eventCreate())
        let mailbox = Mailbox<Int>(doorbell: doorbell)
        defer { mailbox.finish() }
        // The eventfd is non-blocking: a read finds its counter set, or fails with EAGAIN.
        try body(mailbox) {
            var value: UInt64 = 0
            return read(doorbell, &value, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size
        }
    }

    @Test func postsToAnAwakeLoopDoNotRing() throws {
        try withMailbox { mailbox, rings in
            #expect(mailbox.post(.command(1)) && mailbox.post(.command(2)))
            #expect(!rings())
            #expect(!mailbox.readyToWait(), "queued mail is taken without waiting")
            var batch: [Message<Int>] = []
            mailbox.take(into: &batch)
            #expect(batch.count == 2)
        }
    }

    @Test func aWaitingLoopIsRungOncePerBatch() throws {
        try withMailbox { mailbox, rings in
            #expect(mailbox.readyToWait())
            #expect(mailbox.post(.command(1)) && mailbox.post(.command(2)))
            #expect(rings())
            #expect(mailbox.post(.command(3)))
            #expect(!rings(), "rung already since the loop last took its mail")
            mailbox.awoke()
            var batch: [Message<Int>] = []
            mailbox.take(into: &batch)
            #expect(batch.count == 3)
            #expect(mailbox.readyToWait())
            #expect(mailbox.post(.command(4)))
            #expect(rings(), "a new batch rings again")
        }
    }

    @Test func shutdownWakesAWaitingLoopAndEndsPosting() throws {
        try withMailbox { mailbox, rings in
            #expect(mailbox.readyToWait())
            mailbox.requestShutdown(waiter: nil)
            #expect(rings())
            #expect(!mailbox.post(.command(1)), "nothing is accepted once shutdown is asked for")
        }
    }
}
#endif
