#if COURIER_OPENSSL
import COpenSSL

/// One accepted connection's TLS, read and written with blocking calls on its own thread.
///
/// Created and used on one connection thread only: deliberately not `Sendable`. It never closes the
/// socket, which belongs to the server's ``ConnectionRegistry``, so that ``HostileServer/stop()``
/// can shut it down from another thread without racing a close.
final class TLSConnection {
    /// The socket, for `poll` and for closing without TLS.
    let descriptor: Int32
    private let ssl: OpaquePointer

    /// Wraps `descriptor` in a new `SSL` from `context`; nil when OpenSSL cannot.
    init?(descriptor: Int32, context: TLSContext) {
        guard let ssl = context.makeSSL() else { return nil }
        guard SSL_set_fd(ssl, descriptor) == 1 else {
            SSL_free(ssl)
            return nil
        }
        self.descriptor = descriptor
        self.ssl = ssl
    }

    deinit {
        SSL_free(ssl)
    }

    /// Runs the server's side of the handshake; false when the client failed it or went away.
    func handshake() -> Bool {
        SSL_accept(ssl) == 1
    }

    /// Appends what one `SSL_read` returns, at most 16 KiB, to `buffer`; false when the client
    /// closed (with or without close_notify), the read timed out or failed.
    func read(appendingTo buffer: inout [UInt8]) -> Bool {
        let chunk = 16 * 1024
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress.map { $0 + start }, Int32(chunk)) }
        buffer.removeLast(chunk - max(0, Int(count)))
        return count > 0
    }

    /// Whether OpenSSL holds bytes already read from the socket that ``read(appendingTo:)`` would
    /// return without waiting.
    var hasPendingBytes: Bool {
        SSL_has_pending(ssl) == 1
    }

    /// Writes all of `bytes`; false when the client has gone or the write timed out.
    func write(_ bytes: [UInt8]) -> Bool {
        bytes.isEmpty || bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) } > 0
    }

    /// Sends close_notify, the TLS end of data, without waiting for the client's.
    func closeNotify() {
        SSL_shutdown(ssl)
    }
}
#endif
