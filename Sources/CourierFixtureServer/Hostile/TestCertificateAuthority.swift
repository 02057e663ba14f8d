#if COURIER_OPENSSL
import COpenSSL
import Foundation

/// A throwaway certificate authority and a server certificate it signs, made in process by OpenSSL
/// and written as PEM files to a fresh temporary directory: what a ``HostileServer`` presents, and
/// what its clients trust (`curl --cacert`, `CURLOPT_CAINFO`, `SSL_CTX_load_verify_locations`).
///
/// Both keys are RSA 2048, so that the servers' static-RSA TLS 1.0 suite works with the server key;
/// the server certificate names IP 127.0.0.1 and DNS localhost, and both are valid from an hour ago
/// until two days from now. Made in process rather than by the `openssl` command so that tests need no tool on
/// the PATH and the certificates cannot go stale on disk.
public struct TestCertificateAuthority: Sendable {
    /// The directory holding the three files; ``remove()`` deletes it.
    public let directory: URL

    /// The CA's certificate (`ca.pem`): the trust store of the servers' clients.
    public var caFile: String { directory.appendingPathComponent("ca.pem").path }
    /// The server's certificate (`server.pem`), signed by the CA.
    public var certificateFile: String { directory.appendingPathComponent("server.pem").path }
    /// The server's private key (`server.key`), unencrypted.
    public var privateKeyFile: String { directory.appendingPathComponent("server.key").path }

    /// Makes the keys and certificates and writes them; throws when the directory cannot be made or
    /// OpenSSL fails. RSA key generation makes this take a fraction of a second: make one per suite
    /// or test, not per request.
    public static func make() throws -> TestCertificateAuthority {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let authority = TestCertificateAuthority(directory: directory)
        guard courier_make_test_authority(authority.caFile, authority.certificateFile, authority.privateKeyFile) == 1 else {
            let error = OpenSSLError(call: "courier_make_test_authority")
            authority.remove()
            throw error
        }
        return authority
    }

    /// Deletes the directory and its files.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
#endif
