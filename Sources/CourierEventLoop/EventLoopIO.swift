#if os(Linux)
import CourierSystem

/// The loop's descriptors as its driver uses them: the epoll set its sockets join and the one
/// timer it may set. Used on the loop's thread only.
package final class EventLoopIO {
    /// The epoll instance every descriptor of the loop is watched by.
    package let epoll: Int32
    let timer: Int32
    /// When the timerfd fires next (monotonic nanoseconds), `nil` when it is not armed.
    private var armedDeadline: UInt64?
    /// What jobs of tasks that prefer this loop run on.
    package let executor: UnownedTaskExecutor

    init(epoll: Int32, timer: Int32, executor: UnownedTaskExecutor) {
        self.epoll = epoll
        self.timer = timer
        self.executor = executor
    }

    /// Starts watching `descriptor` for `events`, or changes what it is watched for. Should epoll
    /// disagree about whether it is watched already, the other operation is the right one.
    @discardableResult
    package func watch(_ descriptor: Int32, for events: UInt32, isNew: Bool) -> Bool {
        let first: Posix.EpollOperation = isNew ? .add : .modify
        let second: Posix.EpollOperation = isNew ? .modify : .add
        return Posix.epollControl(epoll, first, descriptor, events: events) || Posix.epollControl(epoll, second, descriptor, events: events)
    }

    /// Stops watching `descriptor`. Closing a descriptor does the same, without this call.
    package func unwatch(_ descriptor: Int32) {
        Posix.epollControl(epoll, .remove, descriptor, events: 0)
    }

    /// Makes the loop call ``EventLoopDriver/timerFired()`` at `deadline` (monotonic nanoseconds)
    /// or earlier.
    ///
    /// Drivers move their next deadline on nearly every state change, and re-arming the timerfd
    /// each time would cost a system call per change. A timer that fires too early is harmless (the
    /// driver runs what is due and names its next deadline), so the timer is only ever moved
    /// earlier, never later or off.
    package func wake(at deadline: UInt64) {
        if let armedDeadline, armedDeadline <= deadline { return }
        let now = Posix.monotonicNanoseconds()
        let milliseconds = deadline > now ? Int((deadline - now + 999_999) / 1_000_000) : 0
        Posix.timerArm(timer, milliseconds: milliseconds)
        armedDeadline = deadline
    }

    /// The timer fired: it is armed no more.
    func timerFired() {
        Posix.drainCounter(timer)
        armedDeadline = nil
    }
}
#endif
