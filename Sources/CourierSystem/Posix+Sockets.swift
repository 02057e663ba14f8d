#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sockets on 127.0.0.1 and the pipe that wakes a loop: what the fixture server's loop and its
/// hostile servers are made of.
extension Posix {
    /// What a non-blocking read or write did.
    package enum IOResult: Equatable {
        /// This many bytes moved (never 0).
        case bytes(Int)
        /// Nothing now; try when `poll` says so.
        case wouldBlock
        /// The peer closed its side (reads only).
        case closed
        /// The call failed with this `errno`; the connection is unusable.
        case failed(Int32)
    }

    /// A listening TCP socket on 127.0.0.1:`port` (0 for an ephemeral port), or on the IPv4
    /// address `host` (in network byte order, ``ipv4Address(_:)``), non-blocking.
    package static func makeListener(port: UInt16, host: UInt32 = loopback, backlog: Int32) throws(SocketError) -> Int32 {
        let descriptor = try makeBoundSocket(port: port, host: host)
        guard listen(descriptor, backlog) == 0 else { throw closing(descriptor, SocketError(call: "listen")) }
        guard setNonBlocking(descriptor) else { throw closing(descriptor, SocketError(call: "fcntl")) }
        return descriptor
    }

    /// What every server starts from: a listener as ``makeListener(port:backlog:)``
    /// makes it, the port it got, and a pipe whose write end wakes the server's loop to stop it.
    /// Nothing is left open when it throws.
    package static func makeServerSockets(
        port: UInt16, host: UInt32 = loopback, backlog: Int32
    ) throws(SocketError) -> (listener: Int32, port: UInt16, wake: (read: Int32, write: Int32)) {
        let listener = try makeListener(port: port, host: host, backlog: backlog)
        do {
            return (listener, try localPort(of: listener), try makePipe())
        } catch {
            close(listener)
            throw error
        }
    }

    /// The port a socket just made is bound to, closing it when the port cannot be read, so that a
    /// caller that throws leaves nothing open.
    package static func localPort(closingOnFailure descriptor: Int32) throws(SocketError) -> UInt16 {
        do {
            return try localPort(of: descriptor)
        } catch {
            throw closing(descriptor, error)
        }
    }

    /// A TCP socket bound to 127.0.0.1:`port` and not listening: it holds the port, and the kernel
    /// refuses every connection to it.
    package static func makeBoundSocket(port: UInt16, host: UInt32 = loopback) throws(SocketError) -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketError(call: "socket") }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = socketAddress(host: host, port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw closing(descriptor, SocketError(call: "bind")) }
        return descriptor
    }

    /// The port a bound socket ended up on.
    package static func localPort(of descriptor: Int32) throws(SocketError) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { throw SocketError(call: "getsockname") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// The next pending connection, non-blocking and with Nagle off (a response head and body go out
    /// in one write, and a delayed ACK must not hold back a dripped chunk); `nil` when none is waiting
    /// or accepting failed (the peer gave up, or descriptors ran out — the loop tries again later).
    package static func accept(from listener: Int32) -> Int32? {
        while true {
            let descriptor = systemAccept(listener)
            if descriptor >= 0 {
                var on: Int32 = 1
                setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                #if canImport(Darwin)
                setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
                #endif
                guard setNonBlocking(descriptor) else {
                    close(descriptor)
                    return nil
                }
                return descriptor
            }
            if errno != EINTR { return nil }
        }
    }

    /// Reads what is available into `buffer`.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let code: return .failed(code)
            }
        }
    }

    /// Writes as much of `bytes` as the socket takes now; a closed peer is an error, not a signal.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> IOResult {
        while true {
            #if canImport(Glibc)
            let count = send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            #else
            let count = send(descriptor, bytes.baseAddress, bytes.count, 0)
            #endif
            if count >= 0 { return count == 0 ? .wouldBlock : .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let code: return .failed(code)
            }
        }
    }

    /// Closes a connection with a TCP reset instead of an orderly FIN: with a zero linger time the
    /// kernel discards unsent data and answers with RST, which is what "connection reset" means.
    package static func reset(_ descriptor: Int32) {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
    }

    /// Waits until a descriptor in `descriptors` is ready or `timeout` milliseconds pass (-1: no
    /// limit); an interrupted wait counts as a timeout, since the caller loops anyway.
    package static func poll(_ descriptors: inout [pollfd], timeout: Int32) -> Int32 {
        let ready = systemPoll(&descriptors, nfds_t(descriptors.count), timeout)
        return ready < 0 ? 0 : ready
    }

    /// A non-blocking pipe that wakes the loop from another thread: `(read end, write end)`.
    package static func makePipe() throws(SocketError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketError(call: "pipe") }
        guard setNonBlocking(ends[0]), setNonBlocking(ends[1]) else {
            close(ends[0])
            throw closing(ends[1], SocketError(call: "fcntl"))
        }
        return (ends[0], ends[1])
    }

    /// Wakes the loop polling the pipe's read end. A full pipe already holds a wake-up, so a failed
    /// write loses nothing.
    package static func signal(pipe descriptor: Int32) {
        var byte: UInt8 = 1
        _ = systemWrite(descriptor, &byte, 1)
    }

    /// Empties the pipe's read end so that `poll` stops reporting it.
    package static func drain(pipe descriptor: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while systemRead(descriptor, &bytes, bytes.count) > 0 {}
    }

    /// 127.0.0.1 in network byte order.
    package static let loopback = UInt32(0x7F00_0001).bigEndian

    /// The IPv4 address `text` (`0.0.0.0`, `192.168.1.10`) in network byte order, or `nil` when it is
    /// not one.
    package static func ipv4Address(_ text: String) -> UInt32? {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1 ? address.s_addr : nil
    }

    private static func socketAddress(host: UInt32, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = host
        return address
    }

    private static func setNonBlocking(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
    }

    private static func closing(_ descriptor: Int32, _ error: SocketError) -> SocketError {
        close(descriptor)
        return error
    }
}

/// A system call a server could not make, with the system's explanation.
public struct SocketError: Error, CustomStringConvertible {
    /// The call that failed, such as `bind`.
    public let call: String
    /// `errno` at the time.
    public let code: Int32

    package init(call: String) {
        self.call = call
        code = errno
    }

    /// `call` failed with `code`.
    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// `bind: Address already in use`.
    public var description: String {
        "\(call): \(String(cString: strerror(code)))"
    }
}
