#if COURIER_CURL
import CourierSystem
import Synchronization

/// The queue from callers to the reactor thread, with an eventfd as its doorbell.
///
/// The doorbell rings only for a reactor that waits in epoll, or is about to, and once per batch:
/// a burst of submissions costs one `write` and one wake-up, and what is posted while the reactor
/// is awake costs neither, since it takes its mail before it waits again. That is the steady state
/// of a load: the reactor's own jobs resume workers that post their next request from its thread.
/// Ringing happens under the lock so that it can never hit a descriptor the reactor has already
/// closed.
final class Mailbox: Sendable {
    private enum Phase {
        case open, closing, closed
    }

    private struct State: ~Copyable {
        var commands: [Command] = []
        var doorbellRung = false
        /// Between ``Mailbox/readyToWait()`` and ``Mailbox/awoke()``, posters must ring.
        var reactorAwake = true
        var phase = Phase.open
        var shutdownWaiters: [UnsafeContinuation<Void, Never>] = []
    }

    /// The eventfd the reactor's epoll watches.
    let doorbell: Int32
    private let state = Mutex(State())

    init(doorbell: Int32) {
        self.doorbell = doorbell
    }

    /// Queues `command`; `false` once shutdown has been asked for, when nothing more is accepted.
    func post(_ command: Command) -> Bool {
        state.withLock { state in
            guard state.phase == .open else { return false }
            state.commands.append(command)
            ring(&state)
            return true
        }
    }

    /// Asks for shutdown once; `waiter`, if any, resumes when the reactor has torn down (at once if
    /// it already has).
    func requestShutdown(waiter: UnsafeContinuation<Void, Never>?) {
        let finished: Bool = state.withLock { state in
            switch state.phase {
            case .closed:
                return true
            case .open:
                state.phase = .closing
                state.commands.append(.shutdown)
                ring(&state)
            case .closing:
                break
            }
            if let waiter { state.shutdownWaiters.append(waiter) }
            return false
        }
        if finished { waiter?.resume() }
    }

    /// Called by the reactor before it waits in epoll: `false` when commands are queued, to be
    /// taken without waiting; otherwise `true`, and posters ring the doorbell until ``awoke()``.
    func readyToWait() -> Bool {
        state.withLock { state in
            guard state.commands.isEmpty else { return false }
            state.reactorAwake = false
            return true
        }
    }

    /// Called by the reactor when its wait in epoll has returned.
    func awoke() {
        state.withLock { $0.reactorAwake = true }
    }

    /// Moves every queued command into `batch` (which must be empty), keeping both buffers'
    /// capacity so that a steady load allocates nothing here.
    func take(into batch: inout [Command]) {
        state.withLock { state in
            swap(&batch, &state.commands)
            state.doorbellRung = false
        }
    }

    /// Called by the reactor once it has torn down: rejects further posts, closes the doorbell and
    /// wakes whoever waits in ``requestShutdown(waiter:)``.
    func finish() {
        let waiters = state.withLock { state in
            state.phase = .closed
            Posix.close(doorbell)
            defer { state.shutdownWaiters = [] }
            return state.shutdownWaiters
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    private func ring(_ state: inout State) {
        guard !state.reactorAwake, !state.doorbellRung else { return }
        state.doorbellRung = true
        Posix.eventSignal(doorbell)
    }
}

/// What callers ask of a reactor, in the order they asked.
enum Command: Sendable {
    /// Send a request.
    case submit(Submission)
    /// Stop the transfer with this id, wherever it is.
    case cancel(UInt64)
    /// Run a job of a task that prefers the reactor's executor (``ReactorExecutor``).
    case run(UnownedJob)
    /// Cancel everything, tear libcurl down and end the thread.
    case shutdown
}
#endif
