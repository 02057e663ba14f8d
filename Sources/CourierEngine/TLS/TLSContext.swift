#if COURIER_OPENSSL
import COpenSSL
import Courier

/// OpenSSL's client context for one ``EngineConfiguration``: the versions allowed, whom to trust,
/// who to be, ALPN. Made once per transport and shared by its loops: after it is set up OpenSSL
/// only reads it (and counts references under its own lock), which is what makes it `Sendable`.
final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer
    /// Whether certificates and names are checked; `false` only when told (`--insecure`).
    let verifies: Bool

    /// A context for `options`, offering HTTP/2 by ALPN when `offersHTTP2`, or the reason OpenSSL
    /// refused them.
    init(_ options: TLSOptions, offersHTTP2: Bool = false) throws(TLSContextError) {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw TLSContextError(call: "SSL_CTX_new") }
        self.context = context
        verifies = !options.allowsInsecureConnections
        guard courier_ssl_ctx_set_min_proto_version(context, options.minimumVersion.openSSLVersion) == 1,
            courier_ssl_ctx_set_max_proto_version(context, options.maximumVersion?.openSSLVersion ?? 0) == 1
        else { throw TLSContextError(call: "SSL_CTX_set_min_proto_version") }
        if verifies {
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
            if let authorities = options.certificateAuthorities {
                // The bundle replaces the system's store, as with the curl transport.
                guard SSL_CTX_load_verify_locations(context, authorities, nil) == 1 else {
                    throw TLSContextError(call: "SSL_CTX_load_verify_locations")
                }
            } else {
                guard SSL_CTX_set_default_verify_paths(context) == 1 else {
                    throw TLSContextError(call: "SSL_CTX_set_default_verify_paths")
                }
            }
        }
        if let identity = options.clientCertificate {
            guard SSL_CTX_use_certificate_chain_file(context, identity.certificate) == 1,
                SSL_CTX_use_PrivateKey_file(context, identity.privateKey, SSL_FILETYPE_PEM) == 1,
                SSL_CTX_check_private_key(context) == 1
            else { throw TLSContextError(call: "SSL_CTX_use_certificate_chain_file") }
        }
        // ALPN says which protocol the connection will speak, so that a server serving both
        // HTTP/2 and HTTP/1.1 does not have to guess; `h2` first when it is wanted.
        let protocols: [UInt8] = (offersHTTP2 ? [2] + Array("h2".utf8) : []) + [8] + Array("http/1.1".utf8)
        guard SSL_CTX_set_alpn_protos(context, protocols, UInt32(protocols.count)) == 0 else {
            throw TLSContextError(call: "SSL_CTX_set_alpn_protos")
        }
    }

    deinit {
        SSL_CTX_free(context)
    }
}

extension TLSContextError {
    /// The error for `call`, with the reason on the thread's OpenSSL error queue.
    init(call: String) {
        self.init(call: call, reason: OpenSSLErrorQueue.take())
    }
}

/// The thread's OpenSSL error queue, read as words.
enum OpenSSLErrorQueue {
    /// The oldest error as text, emptying the queue; empty when there is none.
    static func take() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        courier_take_error(&buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension TLSVersion {
    /// OpenSSL's number for the version.
    var openSSLVersion: Int32 {
        switch self {
        case .v1_0: TLS1_VERSION
        case .v1_1: TLS1_1_VERSION
        case .v1_2: TLS1_2_VERSION
        case .v1_3: TLS1_3_VERSION
        }
    }
}
#endif
