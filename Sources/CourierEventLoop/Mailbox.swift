#if os(Linux)
import CourierSystem
import Synchronization

/// The queue from callers to a loop's thread, with an eventfd as its doorbell.
///
/// The doorbell rings only for a loop that waits in epoll, or is about to, and once per batch: a
/// burst of commands costs one `write` and one wake-up, and what is posted while the loop is awake
/// costs neither, since it takes its mail before it waits again. That is the steady state of a
/// load: the loop's own jobs resume workers that post their next request from its thread. Ringing
/// happens under the lock so that it can never hit a descriptor the loop has already closed.
final class Mailbox<Command: Sendable>: Sendable {
    private enum Phase {
        case open, closing, closed
    }

    private struct State: ~Copyable {
        var messages: [Message<Command>] = []
        var doorbellRung = false
        /// Between ``Mailbox/readyToWait()`` and ``Mailbox/awoke()``, posters must ring.
        var loopAwake = true
        var phase = Phase.open
        var shutdownWaiters: [UnsafeContinuation<Void, Never>] = []
    }

    /// The eventfd the loop's epoll watches.
    let doorbell: Int32
    private let state = Mutex(State())

    init(doorbell: Int32) {
        self.doorbell = doorbell
    }

    /// Queues `message`; `false` once shutdown has been asked for, when nothing more is accepted.
    func post(_ message: Message<Command>) -> Bool {
        state.withLock { state in
            guard state.phase == .open else { return false }
            state.messages.append(message)
            ring(&state)
            return true
        }
    }

    /// Asks for shutdown once; `waiter`, if any, resumes when the loop has torn down (at once if
    /// it already has).
    func requestShutdown(waiter: UnsafeContinuation<Void, Never>?) {
        let finished: Bool = state.withLock { state in
            switch state.phase {
            case .closed:
                return true
            case .open:
                state.phase = .closing
                state.messages.append(.shutdown)
                ring(&state)
            case .closing:
                break
            }
            if let waiter { state.shutdownWaiters.append(waiter) }
            return false
        }
        if finished { waiter?.resume() }
    }

    /// Called by the loop before it waits in epoll: `false` when messages are queued, to be taken
    /// without waiting; otherwise `true`, and posters ring the doorbell until ``awoke()``.
    func readyToWait() -> Bool {
        state.withLock { state in
            guard state.messages.isEmpty else { return false }
            state.loopAwake = false
            return true
        }
    }

    /// Called by the loop when its wait in epoll has returned.
    func awoke() {
        state.withLock { $0.loopAwake = true }
    }

    /// Moves every queued message into `batch` (which must be empty), keeping both buffers'
    /// capacity so that a steady load allocates nothing here.
    func take(into batch: inout [Message<Command>]) {
        state.withLock { state in
            swap(&batch, &state.messages)
            state.doorbellRung = false
        }
    }

    /// Called by the loop once it has torn down: rejects further posts, closes the doorbell and
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
        guard !state.loopAwake, !state.doorbellRung else { return }
        state.doorbellRung = true
        Posix.eventSignal(doorbell)
    }
}

/// What a loop's mailbox carries.
enum Message<Command: Sendable>: Sendable {
    /// For the driver.
    case command(Command)
    /// A job of a task that prefers the loop's executor (``LoopExecutor``).
    case run(UnownedJob)
    /// Tear the driver down and end the thread.
    case shutdown
}
#endif
