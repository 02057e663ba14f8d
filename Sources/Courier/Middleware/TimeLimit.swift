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
            race.start(continuation, work: operation) { [race] in
                clock.alarm(after: limit) { race.finish(with: .failure(URLError(.timedOut))) }
            }
        }
    } onCancel: {
        race.finish(with: .failure(CancellationError()))
    }
}

/// The state of one timed operation: the continuation to resume once, the task doing the work and
/// the alarm set for its limit.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var worker: Task<Void, Never>?
        var alarm: ClockAlarm?
        var result: Result<Value, any Error>?
    }

    private let state = Mutex(State())
    private let cancelsWork: Bool

    init(cancelsWork: Bool) {
        self.cancelsWork = cancelsWork
    }

    /// Starts `work` in a task of its own and sets the alarm for its limit with `setAlarm`; whichever
    /// ends first resumes `continuation`, unless the race was already over.
    func start(
        _ continuation: CheckedContinuation<Value, any Error>,
        work: @escaping @Sendable () async throws -> Value,
        setAlarm: () -> ClockAlarm
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
        let alarm = setAlarm()
        let over = state.withLock { state in
            state.worker = worker
            state.alarm = alarm
            return state.result != nil
        }
        if over {
            if cancelsWork { worker.cancel() }
            alarm.cancel()
        }
    }

    /// Resumes the caller with `result` unless it was already resumed, and cancels the alarm and
    /// (unless told to leave it running) the work without waiting for it: an operation that ignores
    /// cancellation must not hold the caller.
    func finish(with result: Result<Value, any Error>) {
        let (continuation, worker, alarm) = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?, ClockAlarm?) in
            guard state.result == nil else { return (nil, nil, nil) }
            state.result = result
            defer {
                state.continuation = nil
                state.worker = nil
                state.alarm = nil
            }
            return (state.continuation, cancelsWork ? state.worker : nil, state.alarm)
        }
        continuation?.resume(with: result)
        alarm?.cancel()
        // Cancelled from a detached task, not here: this may run inside a cancellation handler, and
        // URLSession on Linux deadlocks when a task is cancelled from within one.
        if let worker {
            Task.detached { worker.cancel() }
        }
    }
}
