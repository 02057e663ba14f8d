import Synchronization

/// Resumes one waiter with whichever comes first: a task's end or a time limit.
final class FirstSignal: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Void, Never>)
        case signalled
    }

    private let state = Mutex(State.pending)

    /// Returns when `task` has finished, the monotonic time `deadline()` has come or the caller is
    /// cancelled, whichever is first; the deadline is read again after each sleep, since it may have
    /// moved later. The task is left running either way.
    static func wait(for task: Task<Void, Never>, until deadline: @escaping @Sendable () -> UInt64) async {
        let signal = FirstSignal()
        Task {
            await task.value
            signal.fire()
        }
        let timer = Task {
            while true {
                let now = Platform.monotonicNanoseconds()
                let limit = deadline()
                guard now < limit else { break }
                // Capped at about 146 years, which every sleep implementation can represent.
                guard (try? await Task.sleep(nanoseconds: min(limit - now, 1 << 62))) != nil else { return }
            }
            signal.fire()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let fired = signal.state.withLock { state in
                    guard case .pending = state else { return true }
                    state = .waiting(continuation)
                    return false
                }
                if fired { continuation.resume() }
            }
        } onCancel: {
            signal.fire()
        }
        timer.cancel()
    }

    private func fire() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state = .signalled }
            guard case .waiting(let continuation) = state else { return nil }
            return continuation
        }
        continuation?.resume()
    }
}
