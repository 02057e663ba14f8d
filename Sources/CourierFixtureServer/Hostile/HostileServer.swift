#if COURIER_OPENSSL
import CourierSystem
import Foundation
import Synchronization

/// A TLS server on 127.0.0.1 that misbehaves in one precise way (``HostileBehaviour``), for the tests
/// of clients that must survive servers as they are: HTTP/2 servers that refuse streams, retire
/// connections, reset mid-body or break the protocol, and TLS servers that truncate or speak only
/// TLS 1.0.
///
/// ```swift
/// let authority = try TestCertificateAuthority.make()
/// defer { authority.remove() }
/// let server = try HostileServer.start(.h2GoAwayAfter(requests: 100), authority: authority)
/// defer { server.stop() }
/// // The client under test trusts authority.caFile and requests server.url.
/// ```
///
/// Unlike ``FixtureServer``'s one event loop, every connection gets a thread doing blocking I/O
/// through OpenSSL, which keeps each behaviour a plain sequence of reads and writes. That costs a
/// thread per connection, so at most 256 are served at once and further ones are closed as soon as
/// they are accepted; every read and write gives up after 30 s, so each thread ends by itself.
public final class HostileServer: Sendable {
    /// The most connections served at once.
    static let maximumConnections = 256
    /// How long a connection's read or write may wait before the connection ends.
    static let ioTimeoutSeconds = 30

    /// The port the server listens on, chosen by the system.
    public let port: UInt16
    private let wake: Int32
    private let counters: HostileCounters
    private let registry: ConnectionRegistry
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Connections accepted and served (not those closed at once for being over the limit).
    public var connectionsAccepted: Int { counters.connectionsAccepted.load(ordering: .relaxed) }
    /// HTTP/2 streams the clients opened (HEADERS read), or HTTP/1.1 request heads read.
    public var streamsStarted: Int { counters.streamsStarted.load(ordering: .relaxed) }
    /// Streams or requests whose answer was sent whole, ending the stream (a reset or an endless
    /// header block is not an answer). Counted as the answer's last bytes go to the socket, so a
    /// client that has read an answer finds it counted.
    public var streamsAnswered: Int { counters.streamsAnswered.load(ordering: .relaxed) }
    /// Streams refused with RST_STREAM(REFUSED_STREAM).
    public var streamsRefused: Int { counters.streamsRefused.load(ordering: .relaxed) }
    /// GOAWAY frames sent to retire a connection.
    public var goAwaysSent: Int { counters.goAwaysSent.load(ordering: .relaxed) }

    /// `https://127.0.0.1:<port>/`.
    public var url: URL { url("/") }

    /// Listens on an ephemeral port and serves `behaviour` over `tls` with `authority`'s server
    /// certificate, on threads of its own. Throws ``SocketError`` when it cannot listen and
    /// ``OpenSSLError`` when OpenSSL rejects the certificate, key or versions.
    public static func start(_ behaviour: HostileBehaviour, tls: TLS = .modern, authority: TestCertificateAuthority) throws
        -> HostileServer
    {
        let context = try TLSContext(tls, http2: behaviour.isHTTP2, authority: authority)
        let (listener, port, pipe) = try Posix.makeServerSockets(port: 0, backlog: 512)
        let server = HostileServer(port: port, wake: pipe.write)
        let acceptor = HostileAcceptor(
            listener: listener, wake: pipe.read, context: context, behaviour: behaviour, counters: server.counters,
            registry: server.registry)
        let finished = server.finished
        let thread = Thread {
            acceptor.run()
            finished.signal()
        }
        thread.name = "HostileServer:\(port)"
        thread.start()
        return server
    }

    private init(port: UInt16, wake: Int32) {
        self.port = port
        self.wake = wake
        counters = HostileCounters()
        registry = ConnectionRegistry(limit: Self.maximumConnections)
    }

    /// The URL of `path` (with its query, if any) on this server.
    public func url(_ path: String) -> URL {
        // A numeric host and port always form a URL; the fallback only satisfies the type.
        let base = URL(string: "https://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
        return URL(string: path, relativeTo: base)?.absoluteURL ?? base
    }

    /// Stops serving: closes the listener, shuts down every open connection so that its thread
    /// returns from a blocked read or write and ends, and returns once the accepting thread has
    /// ended. New connections are then refused. Calling it again does nothing.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        registry.stop()
        Posix.signal(pipe: wake)
        finished.wait()
        Posix.close(wake)
    }

    deinit {
        stop()
    }
}
#endif
