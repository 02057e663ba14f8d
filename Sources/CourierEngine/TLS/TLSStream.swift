#if COURIER_OPENSSL
import COpenSSL
import CourierSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// OpenSSL on one non-blocking socket: the handshake, then reads and writes that say when they
/// must wait for the socket to become readable or writable.
final class TLSStream {
    private let ssl: OpaquePointer
    /// The name (or address) the certificate must match, for the words of a mismatch.
    private let host: String

    /// What a step of the handshake, a read or a write did.
    enum Step: Equatable {
        case done(Int)
        /// Wait for the socket to be readable (`wantsWrite` false) or writable, then try again.
        case wait(wantsWrite: Bool)
        /// The server closed the stream with TLS's closure alert.
        case closedCleanly
        /// The connection ended without the alert: a body it delimits may be cut short.
        case closedUncleanly
        case failed(URLError)
    }

    /// A client stream on `descriptor` for `host`: SNI unless the host is an address, the host name
    /// (or address) checked against the certificate when `context` verifies, and `session`, if
    /// any, offered for resumption. `nil` when OpenSSL cannot make the stream.
    init?(context: TLSContext, descriptor: Int32, host: String, session: OpaquePointer?) {
        guard let ssl = SSL_new(context.context) else { return nil }
        self.ssl = ssl
        self.host = host
        courier_ssl_set_nonblocking_modes(ssl)
        // Whole reads: without read-ahead OpenSSL reads a record's 5-byte header and then its body,
        // two system calls a response where one does (strace: 2.06 reads a request over TLS, 1.0
        // in the clear). What it reads ahead waits in its buffer: see ``hasBufferedInput``.
        SSL_set_read_ahead(ssl, 1)
        let isAddress = Posix.SocketAddress(literal: host, port: 0) != nil
        guard SSL_set_fd(ssl, descriptor) == 1, isAddress || courier_ssl_set_tlsext_host_name(ssl, host) == 1 else { return nil }
        if context.verifies {
            let named = isAddress ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) : SSL_set1_host(ssl, host)
            guard named == 1 else { return nil }
        }
        if let session { SSL_set_session(ssl, session) }
        SSL_set_connect_state(ssl)
    }

    deinit {
        SSL_free(ssl)
    }

    /// Whether the handshake resumed the offered session.
    var resumedSession: Bool { SSL_session_reused(ssl) == 1 }

    /// Whether the server chose HTTP/2 (`h2`) by ALPN.
    var negotiatedHTTP2: Bool {
        var selected: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &selected, &length)
        guard let selected, length == 2 else { return false }
        return selected[0] == UInt8(ascii: "h") && selected[1] == UInt8(ascii: "2")
    }

    /// The session to offer the next connection to the same origin (a reference the caller frees
    /// with `SSL_SESSION_free`), or `nil` when there is none to resume.
    func resumableSession() -> OpaquePointer? {
        guard let session = SSL_get1_session(ssl) else { return nil }
        guard SSL_SESSION_is_resumable(session) == 1 else {
            SSL_SESSION_free(session)
            return nil
        }
        return session
    }

    /// One step of the handshake.
    func handshake() -> Step {
        ERR_clear_error()
        let result = SSL_connect(ssl)
        return result == 1 ? .done(0) : failure(of: result, inHandshake: true)
    }

    /// Whether OpenSSL holds bytes it has read from the socket and not yet handed out: the socket
    /// will not say so, so a reader that stopped on a short read must read again first.
    var hasBufferedInput: Bool { SSL_has_pending(ssl) == 1 }

    /// Reads into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Step {
        ERR_clear_error()
        let count = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        return count > 0 ? .done(Int(count)) : failure(of: count, inHandshake: false)
    }

    /// Writes as much of `bytes` as the socket takes.
    func write(_ bytes: UnsafeRawBufferPointer) -> Step {
        ERR_clear_error()
        let count = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
        return count > 0 ? .done(Int(count)) : failure(of: count, inHandshake: false)
    }

    private func failure(of result: Int32, inHandshake: Bool) -> Step {
        let code = SSL_get_error(ssl, result)
        switch code {
        case SSL_ERROR_WANT_READ: return .wait(wantsWrite: false)
        case SSL_ERROR_WANT_WRITE: return .wait(wantsWrite: true)
        case SSL_ERROR_ZERO_RETURN: return .closedCleanly
        case SSL_ERROR_SYSCALL where ERR_peek_error() == 0 && !inHandshake:
            // The socket ended (EOF or a reset) with nothing on OpenSSL's queue.
            return .closedUncleanly
        case SSL_ERROR_SSL where courier_ssl_error_is_unexpected_eof() != 0 && !inHandshake:
            ERR_clear_error()
            return .closedUncleanly
        default:
            return .failed(handshakeError(sslError: code))
        }
    }

    /// The error a failed handshake or record gives, with the code Apple's URLSession gives the same
    /// cause and OpenSSL's words (which bench's error classes read: "certificate has expired",
    /// "hostname mismatch", "wrong version number", …).
    private func handshakeError(sslError: Int32) -> URLError {
        let verifyResult = SSL_get_verify_result(ssl)
        if verifyResult != X509_V_OK {
            var words = String(cString: X509_verify_cert_error_string(verifyResult))
            if verifyResult == X509_V_ERR_HOSTNAME_MISMATCH || verifyResult == X509_V_ERR_IP_ADDRESS_MISMATCH {
                words += ": no subject name of the certificate matches the host name '\(host)'"
            }
            ERR_clear_error()
            return URLError(
                URLError.Code(certificateVerifyResult: verifyResult),
                userInfo: [NSLocalizedDescriptionKey: "SSL certificate problem: \(words)"])
        }
        var words = OpenSSLErrorQueue.take()
        if words.isEmpty {
            words =
                sslError == SSL_ERROR_SYSCALL
                ? "TLS connection ended during the handshake: \(Posix.describe(Posix.lastError))" : "TLS error \(sslError)"
        }
        return URLError(.secureConnectionFailed, userInfo: [NSLocalizedDescriptionKey: "TLS: \(words)"])
    }
}
#endif
