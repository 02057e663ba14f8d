#if os(Linux)
import CourierSystem

/// What a loop keeps for one origin (scheme, host and port): its addresses, resolved once, its
/// connections waiting for a request, and the TLS session the next connection resumes.
final class Origin {
    /// `http://host:port`, the pool's key.
    let key: String
    let isSecure: Bool
    /// The host to resolve, name in SNI and check against the certificate.
    let host: String
    let port: UInt16
    /// Resolved at the first connection; the same answer serves every later one.
    var addresses: [Posix.SocketAddress]?
    /// Open connections of this origin that wait for a request, the most recently used last.
    var idle: [Connection] = []
    /// Connections open to this origin, idle or busy.
    var openCount = 0
    /// Connections opened to this origin whose protocol is not known yet: while there is one,
    /// requests that could share it as HTTP/2 streams wait for it.
    var awaitingProtocol = 0
    /// Whether the origin answered HTTP/2 by ALPN (or prior knowledge): `nil` until a connection
    /// has asked.
    var speaksHTTP2: Bool?
    #if COURIER_HTTP2
    /// Open HTTP/2 connections of this origin that take new streams.
    var multiplexed: [HTTP2Connection] = []
    #endif
    #if COURIER_OPENSSL
    /// The session the next TLS connection offers, from the last connection that had one.
    var session: OpaquePointer?
    #endif

    init(target: RequestTarget) {
        key = target.text(target.origin)
        isSecure = target.isSecure
        host = target.text(target.host)
        port = target.port
    }

    /// Whether `target` goes to this origin: its bytes compared, without hashing a new key.
    func serves(_ target: RequestTarget) -> Bool {
        target.withBytes(target.origin) { bytes in
            key.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) } ?? key.utf8.elementsEqual(bytes)
        }
    }
}
#endif
