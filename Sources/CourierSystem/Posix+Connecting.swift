#if os(Linux)
import Glibc

/// Client sockets for an event loop: addresses resolved once, connections opened without
/// blocking, their outcome read when epoll says the socket is writable.
extension Posix {
    /// An IPv4 or IPv6 address and port to connect to, as the kernel takes it.
    package struct SocketAddress: Sendable, Hashable {
        fileprivate var storage = sockaddr_storage()
        fileprivate var length: socklen_t = 0

        package static func == (lhs: SocketAddress, rhs: SocketAddress) -> Bool {
            lhs.bytes == rhs.bytes
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(bytes)
        }

        private var bytes: [UInt8] {
            withUnsafeBytes(of: storage) { Array($0.prefix(Int(length))) }
        }

        /// The address family (`AF_INET`, `AF_INET6`).
        package var family: Int32 { Int32(storage.ss_family) }

        /// `literal` (an IPv4 address, or an IPv6 one with or without brackets) and `port`, or `nil`
        /// when it is not an address.
        package init?(literal: String, port: UInt16) {
            var text = literal
            if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
            var v4 = sockaddr_in()
            var v6 = sockaddr_in6()
            if inet_pton(AF_INET, text, &v4.sin_addr) == 1 {
                v4.sin_family = sa_family_t(AF_INET)
                v4.sin_port = port.bigEndian
                withUnsafeBytes(of: &v4) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
                length = socklen_t(MemoryLayout<sockaddr_in>.size)
            } else if inet_pton(AF_INET6, text, &v6.sin6_addr) == 1 {
                v6.sin6_family = sa_family_t(AF_INET6)
                v6.sin6_port = port.bigEndian
                withUnsafeBytes(of: &v6) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
                length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            } else {
                return nil
            }
        }

        fileprivate init(_ address: UnsafePointer<sockaddr>, length: socklen_t) {
            self.length = min(length, socklen_t(MemoryLayout<sockaddr_storage>.size))
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(self.length))) }
        }
    }

    /// Why a name could not be resolved: `getaddrinfo`'s code and its words.
    package struct ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
        package let code: Int32
        package var description: String { String(cString: gai_strerror(code)) }
    }

    /// The addresses of `host` for TCP to `port`, in the order the resolver prefers. Blocks while
    /// the resolver works: a loop resolves each host once and keeps the answer.
    package static func resolve(_ host: String, port: UInt16) -> Result<[SocketAddress], ResolutionError> {
        if let literal = SocketAddress(literal: host, port: port) { return .success([literal]) }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        guard code == 0 else { return .failure(ResolutionError(code: code)) }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr { addresses.append(SocketAddress(address, length: current.pointee.ai_addrlen)) }
            entry = current.pointee.ai_next
        }
        return addresses.isEmpty ? .failure(ResolutionError(code: EAI_NONAME)) : .success(addresses)
    }

    /// What starting a connection did.
    package enum ConnectResult: Equatable {
        /// Connected at once (loopback often does).
        case connected
        /// Under way: epoll reports the socket writable when it is done; ``connectionError(_:)`` says how.
        case inProgress
        /// Refused at once, with this `errno`.
        case failed(Int32)
    }

    /// A non-blocking TCP socket for `address`, with Nagle's delay off (a request goes out whole
    /// at once, and waiting for an acknowledgement first would add a round trip), or `nil` with
    /// ``lastError`` set (`EMFILE` when it would eat into ``reservedDescriptors``).
    package static func openClientSocket(for address: SocketAddress) -> Int32? {
        guard
            let descriptor = openSocket(
                family: address.family, type: Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), protocol: 0)
        else { return nil }
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
    }

    /// Starts connecting `descriptor` to `address`.
    package static func connect(_ descriptor: Int32, to address: SocketAddress) -> ConnectResult {
        var address = address
        let length = address.length
        let result = withUnsafePointer(to: &address.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(descriptor, $0, length) }
        }
        if result == 0 { return .connected }
        switch errno {
        case EINPROGRESS, EINTR: return .inProgress
        case let code: return .failed(code)
        }
    }

    /// The outcome of a connection that was in progress: 0 when it connected, otherwise its `errno`.
    package static func connectionError(_ descriptor: Int32) -> Int32 {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
        return code
    }

    /// The system's words for `errno` `code`.
    package static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
#endif
