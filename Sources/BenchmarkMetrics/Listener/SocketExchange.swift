import CourierSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One request and its answer on a non-blocking socket, each wait bounded by a deadline and cut
/// short when the listener is stopped (its wake-up pipe becomes readable).
struct SocketExchange {
    let descriptor: Int32
    let wake: Int32
    /// Monotonic nanoseconds after which the exchange gives up.
    let deadline: UInt64
    /// The most bytes a request head may take.
    static let maximumHeadBytes = 8192

    /// The request's head up to its blank line, or `nil` when it did not come whole in time.
    func readHead() -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while received.count <= Self.maximumHeadBytes {
            let result = buffer.withUnsafeMutableBytes { Posix.read(descriptor, into: $0) }
            switch result {
            case .bytes(let count):
                received += buffer[0..<count]
                if let end = Self.endOfHead(received) { return String(decoding: received[0..<end], as: UTF8.self) }
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

    /// Where the head ends (after its CRLF CRLF), if it has.
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10
        {
            return index + 1
        }
        return nil
    }
}
