import Foundation

/// Runs `body` on a thread of its own with SIGPIPE blocked, and returns what it returns: for work
/// that blocks (a blocking socket read, a wait for a child process), which must not hold a thread
/// of Swift's cooperative pool: the pool has a thread per core, and every task waits while they
/// are held. A write to a peer that has gone then fails instead of ending the process.
package func onOwnThread<Value: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
        let thread = Thread {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            continuation.resume(returning: Result(catching: body))
        }
        thread.start()
    }
    return try result.get()
}
