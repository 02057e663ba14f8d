#if !os(Linux)
import CourierSystem

#if canImport(Darwin)
import Darwin
#endif

/// The fixture server where the package's event loop (epoll) is not: a `poll` loop of its own over
/// the listener, the wake-up pipe and every connection.
extension FixtureLoop {
    /// Serves until a byte arrives on the wake-up pipe `wake`, then closes every socket it owns.
    func run(wake: Int32) {
        var descriptors: [pollfd] = []
        var polled: [Connection] = []
        serving: while true {
            descriptors.removeAll(keepingCapacity: true)
            polled.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
            let accepting = isAccepting
            descriptors.append(pollfd(fd: listener, events: accepting ? Int16(POLLIN) : 0, revents: 0))
            for connection in connections.values {
                var events: Int16 = 0
                if connection.wantsInput { events |= Int16(POLLIN) }
                if !connection.outbox.isEmpty { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
                polled.append(connection)
            }
            for descriptor in unserved {
                descriptors.append(pollfd(fd: descriptor, events: acceptance == .reset ? Int16(POLLIN) : 0, revents: 0))
            }
            _ = Posix.poll(&descriptors, timeout: pollTimeout)
            if descriptors[0].revents != 0 { break serving }
            if descriptors[1].revents & Int16(POLLIN) != 0 { acceptConnections() }
            for (index, connection) in polled.enumerated() where connection.isOpen {
                let events = descriptors[index + 2].revents
                if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(on: connection) }
                if connection.isOpen, events & Int16(POLLOUT) != 0 { flush(connection) }
            }
            resetArrivedRequests(Set(descriptors[(polled.count + 2)...].filter { $0.revents != 0 }.map(\.fd)))
            fireTimers()
            closeIdleConnections()
        }
        closeAll()
        Posix.close(wake)
    }

    /// Milliseconds until ``nextDeadline``, rounded up; -1 (wait for I/O only) when there is none.
    private var pollTimeout: Int32 {
        guard let deadline = nextDeadline else { return -1 }
        let now = Self.now()
        let milliseconds = deadline > now ? (deadline - now + 999_999) / 1_000_000 : 0
        return Int32(min(milliseconds, 60_000))
    }

    /// `poll` looks at every connection each turn: nothing to tell it.
    func interestChanged(_ connection: Connection) {}

    func unservedAccepted(_ descriptor: Int32) {}
}
#endif
