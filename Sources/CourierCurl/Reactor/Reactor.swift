#if COURIER_CURL
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The callers' side of one reactor thread: it posts commands and never touches libcurl.
final class Reactor: Sendable {
    private let mailbox: Mailbox
    private let nextID = Atomic<UInt64>(0)

    /// Starts a reactor thread on freshly made resources, counting its transfers in `tally`.
    init(configuration: CurlConfiguration, tally: ConnectionTally) throws(CurlTransportError) {
        let resources = try ReactorResources.make()
        let mailbox = Mailbox(doorbell: resources.doorbell)
        self.mailbox = mailbox
        let thread = Thread {
            ReactorLoop(resources: resources, mailbox: mailbox, configuration: configuration, tally: tally).run()
        }
        thread.name = "CourierCurl reactor"
        thread.start()
    }

    /// A ticket for a new transfer.
    func makeTicket() -> CancellationTicket {
        CancellationTicket(id: nextID.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// Hands `submission` to the reactor; after shutdown it fails at once with `URLError(.cancelled)`.
    func submit(_ submission: Submission) {
        if !mailbox.post(.submit(submission)) {
            submission.continuation.resume(throwing: URLError(.cancelled))
        }
    }

    /// Asks the reactor to stop a transfer. Safe from any thread, at any time, any number of times:
    /// it only flags the ticket and posts a message.
    func cancel(_ ticket: CancellationTicket) {
        ticket.cancel()
        _ = mailbox.post(.cancel(ticket.id))
    }

    /// Asks for shutdown and returns once the reactor has torn down.
    func shutdown() async {
        await withUnsafeContinuation { continuation in
            mailbox.requestShutdown(waiter: continuation)
        }
    }

    /// Asks for shutdown without waiting for it.
    func requestShutdown() {
        mailbox.requestShutdown(waiter: nil)
    }
}
#endif
