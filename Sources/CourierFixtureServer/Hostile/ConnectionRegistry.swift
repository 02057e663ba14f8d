#if COURIER_OPENSSL
import CourierSystem
import Synchronization

/// What a hostile server counts, read by its tests through ``HostileServer``.
final class HostileCounters: Sendable {
    let connectionsAccepted = Atomic<Int>(0)
    let streamsStarted = Atomic<Int>(0)
    let streamsAnswered = Atomic<Int>(0)
    let streamsRefused = Atomic<Int>(0)
    let goAwaysSent = Atomic<Int>(0)
}

/// The sockets of a hostile server's open connections: it bounds how many are served at once, and
/// lets ``HostileServer/stop()`` shut down every one so that their blocked threads return.
///
/// A socket is closed only here and under the lock, so `stop` can never shut down a descriptor
/// number that a closed connection has already handed back to the system for reuse.
final class ConnectionRegistry: Sendable {
    private struct State {
        var open: Set<Int32> = []
        var stopped = false
    }

    private let state = Mutex(State())
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes ownership of an accepted socket; false (and the socket closed) when the server has
    /// stopped or already serves `limit` connections.
    func admit(_ descriptor: Int32) -> Bool {
        let admitted = state.withLock { state in
            guard !state.stopped, state.open.count < limit else { return false }
            state.open.insert(descriptor)
            return true
        }
        if !admitted { Posix.close(descriptor) }
        return admitted
    }

    /// Shuts down both directions of a connection's socket and closes it: the end of a connection.
    func close(_ descriptor: Int32) {
        state.withLock { state in
            guard state.open.remove(descriptor) != nil else { return }
            Posix.shutdown(descriptor)
            Posix.close(descriptor)
        }
    }

    /// Refuses further connections and shuts down every open one; their threads then close them.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.open.forEach(Posix.shutdown)
        }
    }
}
#endif
