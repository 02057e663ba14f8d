#if COURIER_CURL
import Courier
import CourierEventLoop
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The callers' side of one reactor: an event loop whose driver owns a libcurl multi handle. It
/// posts commands and never touches libcurl.
final class Reactor: Sendable {
    private let loop: EventLoop<ReactorLoop>
    private let nextID = Atomic<UInt64>(0)
    /// The reactor thread as an executor, for tasks that prefer to run beside their transfers.
    var executor: LoopExecutor { loop.executor }
    /// The same, as the runtime names a task's preferred executor, to tell whether a caller runs here.
    var unownedExecutor: UnownedTaskExecutor { loop.unownedExecutor }

    /// Starts a reactor thread on freshly made resources, counting its transfers in `tally` and
    /// charging their responses' buffers to `budget`.
    init(configuration: CurlConfiguration, tally: ConnectionTally, budget: ResponseMemoryBudget?) throws(CurlTransportError) {
        let resources = try ReactorResources.make()
        do {
            loop = try EventLoop(name: "CourierCurl reactor") { io in
                ReactorLoop(io: io, resources: resources, configuration: configuration, tally: tally, budget: budget)
            }
        } catch {
            resources.release()
            throw CurlTransportError(call: error.call, code: error.code)
        }
    }

    /// A ticket for a new transfer.
    func makeTicket() -> CancellationTicket {
        CancellationTicket(id: nextID.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// Hands `submission` to the reactor; after shutdown it fails at once with `URLError(.cancelled)`.
    func submit(_ submission: Submission) {
        if !loop.post(.submit(submission)) {
            submission.continuation.resume(throwing: URLError(.cancelled))
        }
    }

    /// Asks the reactor to stop a transfer. Safe from any thread, at any time, any number of times:
    /// it only flags the ticket and posts a message.
    func cancel(_ ticket: CancellationTicket) {
        ticket.cancel()
        _ = loop.post(.cancel(ticket.id))
    }

    /// Asks for shutdown and returns once the reactor has torn down.
    func shutdown() async {
        await loop.shutdown()
    }

    /// Asks for shutdown without waiting for it.
    func requestShutdown() {
        loop.requestShutdown()
    }
}

/// What callers ask of a reactor, in the order they asked.
enum Command: Sendable {
    /// Send a request.
    case submit(Submission)
    /// Stop the transfer with this id, wherever it is.
    case cancel(UInt64)
}
#endif
