#if os(Linux)
/// What an event loop runs: the owner of every descriptor, timer and request on the loop's thread.
///
/// The loop waits in epoll, rings its driver for each ready descriptor, for its timer and for each
/// command posted to it, and runs the jobs of tasks that prefer its executor in between. The driver
/// is created on the loop's thread and never leaves it, so it needs no locks; it is the one place
/// that knows what its descriptors are (libcurl's sockets, an HTTP connection, a listener).
package protocol EventLoopDriver: AnyObject, SendableMetatype {
    /// What callers on other threads ask of the driver, in the order they asked.
    associatedtype Command: Sendable

    /// Does what a caller asked.
    func receive(_ command: Command)

    /// A descriptor the driver watches (``EventLoopIO/watch(_:for:)``) is ready: `events` holds
    /// ``Posix/readable``, ``Posix/writable`` and ``Posix/failed`` bits.
    func ready(_ descriptor: Int32, events: UInt32)

    /// The deadline set with ``EventLoopIO/wake(at:)`` has come (or an earlier one: a driver looks
    /// at the clock and sets its next).
    func timerFired()

    /// Whether there is work to do without waiting for an event, which makes the loop look at its
    /// descriptors without blocking before it calls ``woke()``.
    var hasWorkNow: Bool { get }

    /// Called each time the loop's wait returns, before the events are handed out.
    func woke()

    /// Called once per turn of the loop, after its events, commands and jobs: the moment to
    /// collect what finished and start what waits.
    func settle()

    /// The loop is stopping: answer everything still open and release every resource, on the
    /// loop's thread. Nothing is called after this.
    func tearDown()
}

extension EventLoopDriver {
    package var hasWorkNow: Bool { false }
    package func woke() {}
    package func settle() {}
}
#endif
