#if COURIER_OPENSSL
import COpenSSL
import Foundation

/// A throwaway certificate authority and a server certificate it signs, made in process by OpenSSL
/// and written as PEM files to a fresh temporary directory: what a ``HostileServer`` presents, and
/// what its clients trust (`curl --cacert`, `CURLOPT_CAINFO`, `SSL_CTX_load_verify_locations`).
///
/// The server's key is RSA 2048, so that the servers' static-RSA TLS 1.0 suite works with it. It is
/// made once per process and shared by every authority: an RSA key takes a tenth of a second or more
/// of a core to make, and a test run makes a hundred authorities beside tests that keep time. The
/// CA's key is a new P-256 key each time, so that no authority trusts another's server. The server
/// certificate names IP 127.0.0.1 and DNS localhost, and both are valid from an hour ago until two
/// days from now. Made in process rather than by the `openssl` command so that tests need no tool on
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

    /// Makes the CA's key and the certificates and writes them; throws when the directory cannot be
    /// made or OpenSSL fails. The first call in a process also makes the shared RSA key, which takes a
    /// fraction of a second.
    public static func make() throws -> TestCertificateAuthority {
        let serverKey = try sharedServerKey.get()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let authority = TestCertificateAuthority(directory: directory)
        guard courier_make_test_authority(authority.caFile, authority.certificateFile, authority.privateKeyFile, serverKey) == 1 else {
            let error = OpenSSLError(call: "courier_make_test_authority")
            authority.remove()
            throw error
        }
        return authority
    }

    /// The servers' RSA key as PEM, made on first use.
    private static let sharedServerKey: Result<String, OpenSSLError> = {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard courier_make_rsa_key_pem(&buffer, Int32(buffer.count)) > 0 else {
            return .failure(OpenSSLError(call: "courier_make_rsa_key_pem"))
        }
        return .success(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }()

    /// Deletes the directory and its files.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
#endif
