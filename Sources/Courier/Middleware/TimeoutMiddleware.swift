import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Fails a request with `URLError(.timedOut)` when the rest of the chain has not answered within a
/// limit, even if it ignores cancellation.
///
/// The guard against Foundation 6.3.1's URLSession on Linux, which can hang forever on a `401` that
/// carries `WWW-Authenticate`: the hung task is cancelled and abandoned, and the caller gets its
/// answer on time. Place it last, nearest the transport, so that each attempt has its own limit.
public struct TimeoutMiddleware: Middleware {
    /// What becomes of a call the middleware stops waiting for, at its limit or because the caller
    /// was cancelled.
    public enum Abandonment: Sendable {
        /// Its task is cancelled, so that the transport can stop it.
        case cancel
        /// It is left to end on its own. For URLSession on Linux: Foundation 6.3.1 can deadlock when
        /// a `data(for:)` call is cancelled just as it completes, which many timeouts at once make
        /// likely. The call still holds its connection until it ends.
        case leaveRunning
    }

    private let limit: Duration
    private let clock: any ClientClock
    private let abandonment: Abandonment

    /// A middleware allowing each request `limit`, timed by `clock`; a call it stops waiting for is
    /// cancelled or left running, as `abandonment` says.
    public init(_ limit: Duration, clock: any ClientClock = SystemClock(), abandonment: Abandonment = .cancel) {
        self.limit = limit
        self.clock = clock
        self.abandonment = abandonment
    }

    /// Races the rest of the chain against the limit; whichever ends first answers.
    public func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        let race = Race(cancelsWork: abandonment == .cancel)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation, work: { try await next(request) }, deadline: { [clock, limit] in
                    try await clock.sleep(for: limit)
                })
            }
        } onCancel: {
            race.finish(with: .failure(CancellationError()))
        }
    }
}

/// The state of one timed request: the continuation to resume once, and the two tasks racing for it.
private final class Race: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(HTTPResponse, Data), any Error>?
        var tasks: [Task<Void, Never>] = []
        var result: Result<(HTTPResponse, Data), any Error>?
    }

    private let state = Mutex(State())
    private let cancelsWork: Bool

    init(cancelsWork: Bool) {
        self.cancelsWork = cancelsWork
    }

    func start(
        _ continuation: CheckedContinuation<(HTTPResponse, Data), any Error>,
        work: @escaping @Sendable () async throws -> (HTTPResponse, Data),
        deadline: @escaping @Sendable () async throws -> Void
    ) {
        let alreadyOver = state.withLock { state -> Result<(HTTPResponse, Data), any Error>? in
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
    /// (unless told to leave it running) the work without waiting for them: a transport that ignores
    /// cancellation must not hold the caller.
    func finish(with result: Result<(HTTPResponse, Data), any Error>) {
        let (continuation, tasks) = state.withLock { state in
            guard state.result == nil else { return (nil as CheckedContinuation<(HTTPResponse, Data), any Error>?, [Task<Void, Never>]()) }
            state.result = result
            defer { state.continuation = nil; state.tasks = [] }
            return (state.continuation, cancelsWork ? state.tasks : Array(state.tasks.dropFirst()))
        }
        continuation?.resume(with: result)
        // Cancelled from a detached task, not here: this may run inside a cancellation handler, and
        // URLSession on Linux deadlocks when a task is cancelled from within one.
        if !tasks.isEmpty {
            Task.detached { tasks.forEach { $0.cancel() } }
        }
    }
}
