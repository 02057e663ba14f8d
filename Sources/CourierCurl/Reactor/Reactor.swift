#if COURIER_CURL
import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The callers' side of one reactor thread: it posts commands and never touches libcurl.
final class Reactor: Sendable {
    private let mailbox: Mailbox
    private let nextID = Atomic<UInt64>(0)
    /// The reactor thread as an executor, for tasks that prefer to run beside their transfers.
    let executor: ReactorExecutor
    /// The same, as the runtime names a task's preferred executor, to tell whether a caller runs here.
    let unownedExecutor: UnownedTaskExecutor

    /// Starts a reactor thread on freshly made resources, counting its transfers in `tally` and
    /// charging their responses' buffers to `budget`.
    init(configuration: CurlConfiguration, tally: ConnectionTally, budget: ResponseMemoryBudget?) throws(CurlTransportError) {
        let resources = try ReactorResources.make()
        let mailbox = Mailbox(doorbell: resources.doorbell)
        let executor = ReactorExecutor(mailbox: mailbox)
        self.mailbox = mailbox
        self.executor = executor
        unownedExecutor = executor.asUnownedTaskExecutor()
        let thread = Thread {
            ReactorLoop(
                resources: resources, mailbox: mailbox, configuration: configuration, tally: tally, budget: budget, executor: executor
            ).run()
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

/// A reactor thread as a `TaskExecutor`: jobs posted to its mailbox run on the thread between
/// epoll wakeups. A task that prefers it sends its request and, when the answer comes, is resumed on
/// the very thread that received it, instead of being handed to the global pool, a hop between
/// threads that costs more than libcurl's whole work for a small request.
///
/// Its jobs share the thread with every transfer of the reactor: code that blocks there blocks
/// them all. After shutdown, jobs go to the global concurrent executor, so that none is lost.
final class ReactorExecutor: TaskExecutor {
    private let mailbox: Mailbox

    init(mailbox: Mailbox) {
        self.mailbox = mailbox
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !mailbox.post(.run(job)) {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}
#endif
