import CourierSystem
import Foundation

/// An address on 127.0.0.1 where every connection is refused, for "connection refused" tests: a port
/// bound and never listened on. Holding the port, rather than closing it after picking it, keeps a
/// server started meanwhile (by a test running in parallel) from taking it. Released on `deinit`.
public final class RefusingEndpoint: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let url: URL
    private let descriptor: Int32

    /// Binds a port the system picks.
    public init() throws(SocketError) {
        descriptor = try Posix.makeBoundSocket(port: 0)
        let port = try Posix.localPort(closingOnFailure: descriptor)
        url = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    deinit {
        Posix.close(descriptor)
    }
}
