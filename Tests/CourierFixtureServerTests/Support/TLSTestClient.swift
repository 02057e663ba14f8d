#if COURIER_OPENSSL
import COpenSSL
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A blocking TLS client over OpenSSL for the hostile servers' tests: it sets exactly the versions,
/// ciphers and ALPN a test names and reports how the connection ended, which no HTTP library shows.
///
/// Used on one thread (see ``onOwnThread(_:)``); every read gives up after 5 s.
final class TLSTestClient {
    /// How a read ended the data.
    enum End: Equatable {
        /// The server sent close_notify: SSL_ERROR_ZERO_RETURN.
        case closeNotify
        /// The connection ended otherwise: SSL_ERROR_SSL or SSL_ERROR_SYSCALL (an EOF without
        /// close_notify, a reset, a timeout).
        case abrupt(Int32)
    }

    private let descriptor: Int32
    private let context: OpaquePointer
    private let ssl: OpaquePointer

    /// Connects to 127.0.0.1:`port` trusting only `caFile`, checking the certificate names 127.0.0.1.
    init(
        port: UInt16, caFile: String, minimumVersion: Int32 = TLS1_2_VERSION, maximumVersion: Int32 = 0, cipherList: String? = nil,
        alpn: [String] = []
    ) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            close(descriptor)
            throw TLSTestClientError.openSSL("SSL_CTX_new")
        }
        self.context = context
        // Before SSL_new, which copies the context's versions into the connection.
        _ = courier_ssl_ctx_set_min_proto_version(context, minimumVersion)
        _ = courier_ssl_ctx_set_max_proto_version(context, maximumVersion)
        guard let ssl = SSL_new(context) else {
            close(descriptor)
            SSL_CTX_free(context)
            throw TLSTestClientError.openSSL("SSL_new")
        }
        self.ssl = ssl
        guard connected == 0 else { throw TLSTestClientError.openSSL("connect") }
        guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else { throw TLSTestClientError.openSSL("load_verify_locations") }
        SSL_set_verify(ssl, SSL_VERIFY_PEER, nil)
        X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), "127.0.0.1")
        if let cipherList {
            SSL_set_security_level(ssl, 0)
            SSL_set_cipher_list(ssl, cipherList)
        }
        if !alpn.isEmpty {
            let protocols = alpn.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }
            SSL_set_alpn_protos(ssl, protocols, UInt32(protocols.count))
        }
        SSL_set_fd(ssl, descriptor)
    }

    deinit {
        SSL_free(ssl)
        SSL_CTX_free(context)
        close(descriptor)
    }

    /// Runs the handshake; true when it succeeded and the certificate verified.
    func handshake() -> Bool {
        SSL_connect(ssl) == 1 && SSL_get_verify_result(ssl) == X509_V_OK
    }

    /// The negotiated protocol version, such as `TLS1_2_VERSION`.
    var version: Int32 {
        SSL_version(ssl)
    }

    /// The protocol ALPN selected, if any.
    var selectedProtocol: String? {
        var data: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &data, &length)
        guard let data, length > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    /// Writes all of `bytes`; false when it failed.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) } > 0
    }

    /// The next bytes the server sent, or how the data ended.
    func readOnce() -> Result<[UInt8], End> {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
        guard count > 0 else {
            let error = SSL_get_error(ssl, count)
            return .failure(error == SSL_ERROR_ZERO_RETURN ? .closeNotify : .abrupt(error))
        }
        return .success(Array(buffer.prefix(Int(count))))
    }

    /// Reads until `enough` says so of everything read, or the data ends; what was read, and how
    /// it ended (nil when `enough` stopped it).
    func read(until enough: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], end: End?) {
        var bytes: [UInt8] = []
        while !enough(bytes) {
            switch readOnce() {
            case .success(let more): bytes += more
            case .failure(let end): return (bytes, end)
            }
        }
        return (bytes, nil)
    }
}

extension TLSTestClient.End: Error {}

/// What the client could not set up.
enum TLSTestClientError: Error {
    case openSSL(String)
}

#endif
