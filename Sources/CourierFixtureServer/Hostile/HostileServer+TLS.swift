#if COURIER_OPENSSL
import COpenSSL

extension HostileServer {
    /// The TLS versions and cipher suites a hostile server accepts: modern, or one legacy protocol a
    /// client should refuse unless told otherwise.
    public enum TLS: Sendable, Equatable {
        /// TLS 1.2 and 1.3 with OpenSSL's defaults, ALPN selecting "h2" for the HTTP/2 behaviours and
        /// "http/1.1" for the others.
        case modern
        /// TLS 1.0 only, with static RSA key exchange (AES128-SHA) at security level 0: no forward
        /// secrecy, the oldest configuration still seen in the wild.
        case legacy10StaticRSA
        /// TLS 1.0 only, with ECDHE-RSA-AES128-SHA at security level 0.
        case legacy10ECDHE
        /// TLS 1.1 only, at security level 0.
        case legacy11

        /// The only version accepted, or nil for TLS 1.2 and later.
        var legacyVersion: Int32? {
            switch self {
            case .modern: nil
            case .legacy10StaticRSA, .legacy10ECDHE: TLS1_VERSION
            case .legacy11: TLS1_1_VERSION
            }
        }

        /// The TLS 1.2-and-earlier cipher list: level 0 lets OpenSSL 3 use SHA-1 and these suites at all.
        var cipherList: String? {
            switch self {
            case .modern: nil
            case .legacy10StaticRSA: "AES128-SHA:@SECLEVEL=0"
            case .legacy10ECDHE: "ECDHE-RSA-AES128-SHA:@SECLEVEL=0"
            case .legacy11: "DEFAULT:@SECLEVEL=0"
            }
        }
    }
}

/// A hostile server's OpenSSL context: its certificate, key, versions, ciphers and ALPN choice,
/// shared by the threads of its connections, each of which makes its own `SSL` from it.
///
/// The hostile servers' one unchecked `Sendable`, and why: the context is a raw pointer, which is
/// never `Sendable`, and every connection thread needs it. That is safe because it is configured
/// once here, before any thread sees it, and afterwards only `SSL_new` reads it, which OpenSSL
/// documents as safe from many threads at once.
final class TLSContext: @unchecked Sendable {
    private let context: OpaquePointer

    /// Configures a server context presenting `authority`'s server certificate.
    init(_ tls: HostileServer.TLS, http2: Bool, authority: TestCertificateAuthority) throws(OpenSSLError) {
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw OpenSSLError(call: "SSL_CTX_new") }
        self.context = context
        guard SSL_CTX_use_certificate_chain_file(context, authority.certificateFile) == 1 else {
            throw OpenSSLError(call: "SSL_CTX_use_certificate_chain_file")
        }
        guard SSL_CTX_use_PrivateKey_file(context, authority.privateKeyFile, SSL_FILETYPE_PEM) == 1 else {
            throw OpenSSLError(call: "SSL_CTX_use_PrivateKey_file")
        }
        if let version = tls.legacyVersion {
            SSL_CTX_set_security_level(context, 0)
            guard courier_ssl_ctx_set_min_proto_version(context, version) == 1,
                courier_ssl_ctx_set_max_proto_version(context, version) == 1
            else { throw OpenSSLError(call: "SSL_CTX_set_min_proto_version") }
        } else {
            guard courier_ssl_ctx_set_min_proto_version(context, TLS1_2_VERSION) == 1 else {
                throw OpenSSLError(call: "SSL_CTX_set_min_proto_version")
            }
        }
        if let ciphers = tls.cipherList, SSL_CTX_set_cipher_list(context, ciphers) != 1 {
            throw OpenSSLError(call: "SSL_CTX_set_cipher_list")
        }
        courier_ssl_ctx_select_alpn(context, http2 ? 1 : 0)
    }

    /// A new connection's `SSL`, owned by the caller; nil when OpenSSL is out of memory.
    func makeSSL() -> OpaquePointer? {
        SSL_new(context)
    }

    deinit {
        SSL_CTX_free(context)
    }
}
#endif
