import Dispatch
import Synchronization

/// How a server that runs its loop on a thread of its own is stopped from another, once: the
/// caller writes to the loop's wake-up pipe and waits until the loop's thread says it is done,
/// then closes the pipe's write end. The metrics listener stops this way, and the fixture server
/// where the shared event loop is not (macOS).
package final class LoopStopper: Sendable {
    private let wake: Int32
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// A stopper that wakes the loop through the pipe's write end `wake`, which it then owns.
    package init(wake: Int32) {
        self.wake = wake
    }

    /// Whether ``stop()`` has been called.
    package var isStopped: Bool {
        stopped.load(ordering: .acquiring)
    }

    /// What the loop's thread calls as it ends.
    package func loopFinished() {
        finished.signal()
    }

    /// Wakes the loop and returns once its thread has called ``loopFinished()``. Calling it again
    /// does nothing.
    package func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Posix.signal(pipe: wake)
        finished.wait()
        Posix.close(wake)
    }
}
