import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs `operation` and returns what it returns, unless `limit` passes first: then the operation is
/// abandoned (cancelled, unless `abandonment` says to leave it running), and this throws
/// `URLError(.timedOut)` at once, even if the operation ignores cancellation and never ends.
///
/// The bound to put around a call that may hang, such as a call through a session whose own
/// delegate leaves an authentication challenge unanswered on Linux:
///
/// ```swift
/// let movies = try await withTimeLimit(.seconds(10)) { try await client.send(Movies(page: 1)) }
/// ```
///
/// Cancelling the calling task ends the wait with `CancellationError`. ``TimeoutMiddleware`` puts
/// this around every attempt of a request.
public func withTimeLimit<Value: Sendable>(
    _ limit: Duration,
    clock: any ClientClock = SystemClock(),
    abandonment: TimeoutMiddleware.Abandonment = .cancel,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = Race<Value>(cancelsWork: abandonment == .cancel)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.start(continuation, work: operation, deadline: { try await clock.sleep(for: limit) })
        }
    } onCancel: {
        race.finish(with: .failure(CancellationError()))
    }
}

/// The state of one timed operation: the continuation to resume once, and the two tasks racing for it.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var tasks: [Task<Void, Never>] = []
        var result: Result<Value, any Error>?
    }

    private let state = Mutex(State())
    private let cancelsWork: Bool

    init(cancelsWork: Bool) {
        self.cancelsWork = cancelsWork
    }

    func start(
        _ continuation: CheckedContinuation<Value, any Error>,
        work: @escaping @Sendable () async throws -> Value,
        deadline: @escaping @Sendable () async throws -> Void
    ) {
        let alreadyOver = state.withLock { state -> Result<Value, any Error>? in
            if state.result == nil { state.continuation = continuation }
            return state.result
        }
        if let alreadyOver {
            continuation.resume(with: alreadyOver)
            return
        }
        let worker = Task { [self] in
            do {
                finish(with: .success(try await work()))
            } catch {
                finish(with: .failure(error))
            }
        }
        let timer = Task { [self] in
            // A cancelled timer means the work ended first: nothing to report.
            guard (try? await deadline()) != nil else { return }
            finish(with: .failure(URLError(.timedOut)))
        }
        let over = state.withLock { state in
            state.tasks = [worker, timer]
            return state.result != nil
        }
        if over {
            if cancelsWork { worker.cancel() }
            timer.cancel()
        }
    }

    /// Resumes the caller with `result` unless it was already resumed, and cancels the timer and
    /// (unless told to leave it running) the work without waiting for them: an operation that ignores
    /// cancellation must not hold the caller.
    func finish(with result: Result<Value, any Error>) {
        let (continuation, tasks) = state.withLock { state in
            guard state.result == nil else { return (nil as CheckedContinuation<Value, any Error>?, [Task<Void, Never>]()) }
            state.result = result
            defer {
                state.continuation = nil
                state.tasks = []
            }
            return (state.continuation, cancelsWork ? state.tasks : Array(state.tasks.dropFirst()))
        }
        continuation?.resume(with: result)
        // Cancelled from a detached task, not here: this may run inside a cancellation handler, and
        // URLSession on Linux deadlocks when a task is cancelled from within one.
        if !tasks.isEmpty {
            Task.detached { for task in tasks { task.cancel() } }
        }
    }
}
