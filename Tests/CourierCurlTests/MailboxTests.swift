#if COURIER_CURL
@testable import CourierCurl
import CourierSystem
import Foundation
import Testing

/// The reactor's mailbox rings its doorbell (an eventfd) only for a reactor that waits, once per
/// batch: what is posted while the reactor is awake is taken before it waits again.
@Suite struct MailboxTests {
    /// A mailbox on a fresh eventfd, closed when `body` returns.
    private func withMailbox(_ body: (Mailbox, _ rings: () -> Bool) throws -> Void) throws {
        let doorbell = try #require(Posix.eventCreate())
        let mailbox = Mailbox(doorbell: doorbell)
        defer { mailbox.finish() }
        // The eventfd is non-blocking: a read finds its counter set, or fails with EAGAIN.
        try body(mailbox) {
            var value: UInt64 = 0
            return read(doorbell, &value, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size
        }
    }

    @Test func postsToAnAwakeReactorDoNotRing() throws {
        try withMailbox { mailbox, rings in
            #expect(mailbox.post(.cancel(1)) && mailbox.post(.cancel(2)))
            #expect(!rings())
            #expect(!mailbox.readyToWait(), "queued mail is taken without waiting")
            var batch: [Command] = []
            mailbox.take(into: &batch)
            #expect(batch.count == 2)
        }
    }

    @Test func aWaitingReactorIsRungOncePerBatch() throws {
        try withMailbox { mailbox, rings in
            #expect(mailbox.readyToWait())
            #expect(mailbox.post(.cancel(1)) && mailbox.post(.cancel(2)))
            #expect(rings())
            #expect(mailbox.post(.cancel(3)))
            #expect(!rings(), "rung already since the reactor last took its mail")
            mailbox.awoke()
            var batch: [Command] = []
            mailbox.take(into: &batch)
            #expect(batch.count == 3)
            #expect(mailbox.readyToWait())
            #expect(mailbox.post(.cancel(4)))
            #expect(rings(), "a new batch rings again")
        }
    }

    @Test func shutdownWakesAWaitingReactorAndEndsPosting() throws {
        try withMailbox { mailbox, rings in
            #expect(mailbox.readyToWait())
            mailbox.requestShutdown(waiter: nil)
            #expect(rings())
            #expect(!mailbox.post(.cancel(1)), "nothing is accepted once shutdown is asked for")
        }
    }
}
#endif
