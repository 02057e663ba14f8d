#if !os(Linux)
import CourierSystem
import Darwin

/// The listener where the package's event loop (epoll) is not: a `poll` loop of its own over the
/// listener and the wake-up pipe, answering one connection at a time within its exchange limit.
extension MetricsListener {
    static func serve(listener: Int32, wake: Int32, source: any MetricsSource, record: ScrapeRecord, stopper: LoopStopper) {
        var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while !stopper.isStopped {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            guard Posix.poll(&descriptors, timeout: -1) > 0 else { continue }
            if descriptors[1].revents != 0 { return }
            guard let connection = Posix.accept(from: listener) else { continue }
            let deadline = Posix.monotonicNanoseconds() &+ exchangeLimit.nanoseconds
            let exchange = SocketExchange(descriptor: connection, wake: wake, deadline: deadline)
            if let head = exchange.readHead() {
                let (answer, readAt) = response(to: head, source: source)
                if exchange.write(answer), let readAt { record.served(readAt: readAt) }
            }
            Posix.close(connection)
        }
    }
}

/// One request and its answer on a non-blocking socket, each wait bounded by a deadline and cut
/// short when the listener is stopped (its wake-up pipe becomes readable).
struct SocketExchange {
    let descriptor: Int32
    let wake: Int32
    /// Monotonic nanoseconds after which the exchange gives up.
    let deadline: UInt64
    /// The request's head up to its blank line, or `nil` when it did not come whole in time.
    func readHead() -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while received.count <= MetricsListener.maximumHeadBytes {
            let result = buffer.withUnsafeMutableBytes { Posix.read(descriptor, into: $0) }
            switch result {
            case .bytes(let count):
                received += buffer[0..<count]
                if let end = MetricsListener.endOfHead(received) { return String(decoding: received[0..<end], as: UTF8.self) }
            case .wouldBlock:
                guard wait(for: Int16(POLLIN)) else { return nil }
            case .closed, .failed:
                return nil
            }
        }
        return nil
    }

    /// Writes `bytes` whole; `false` when the peer went away or the deadline passed first.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { Posix.write(descriptor, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case .bytes(let count): offset += count
            case .wouldBlock:
                guard wait(for: Int16(POLLOUT)) else { return false }
            case .closed, .failed:
                return false
            }
        }
        return true
    }

    /// Waits until the socket is ready for `events`; `false` at the deadline or when woken to stop.
    private func wait(for events: Int16) -> Bool {
        let now = Posix.monotonicNanoseconds()
        guard now < deadline else { return false }
        let milliseconds = Int32(clamping: (deadline - now) / 1_000_000 + 1)
        var descriptors = [pollfd(fd: descriptor, events: events, revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        return Posix.poll(&descriptors, timeout: milliseconds) > 0 && descriptors[1].revents == 0
    }
}
#endif
