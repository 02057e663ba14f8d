#if os(Linux)
import CourierEventLoop
import CourierSystem

/// The fixture server on the package's shared event loop: its sockets in the loop's epoll set,
/// watched for what each connection wants now, and its timers and idle sweeps on the loop's timer.
extension FixtureLoop: EventLoopDriver {
    /// Nothing is asked of a fixture server's loop but to stop, which the loop itself does.
    typealias Command = Never

    func receive(_ command: Never) {}

    func ready(_ descriptor: Int32, events: UInt32) {
        if descriptor == listener {
            acceptConnections()
        } else if let connection = connections[descriptor] {
            if events & (Posix.readable | Posix.failed) != 0 { receive(on: connection) }
            if connection.isOpen, events & Posix.writable != 0 { flush(connection) }
            interestChanged(connection)
        } else {
            resetArrivedRequests([descriptor])
        }
    }

    func timerFired() {
        fireTimers()
    }

    /// After every turn: the idle sweep, the listener watched only while a connection may be
    /// accepted, and the timer set for the next deadline.
    func settle() {
        closeIdleConnections()
        if listenerWatched != isAccepting {
            listenerWatched = isAccepting
            if listenerWatched { io.watch(listener, for: Posix.readable, isNew: true) } else { io.unwatch(listener) }
        }
        if let deadline = nextDeadline { io.wake(at: deadline) }
    }

    func tearDown() {
        closeAll()
        finished.signal()
    }

    /// Starts with the listener watched.
    func startWatching() {
        listenerWatched = true
        io.watch(listener, for: Posix.readable, isNew: true)
    }

    /// Watches `connection`'s socket for what it wants now: input unless a response is pending,
    /// writability while bytes wait to go out; closed sockets have left the set already.
    func interestChanged(_ connection: Connection) {
        guard connection.isOpen else { return }
        var wanted: UInt32 = 0
        if connection.wantsInput { wanted |= Posix.readable }
        if !connection.outbox.isEmpty { wanted |= Posix.writable }
        guard wanted != connection.watched else { return }
        if wanted == 0 {
            io.unwatch(connection.descriptor)
        } else {
            io.watch(connection.descriptor, for: wanted, isNew: connection.watched == 0)
        }
        connection.watched = wanted
    }

    /// A connection of a resetting server is watched for its request's arrival; a stalling
    /// server's never.
    func unservedAccepted(_ descriptor: Int32) {
        if acceptance == .reset { io.watch(descriptor, for: Posix.readable, isNew: true) }
    }
}
#endif
