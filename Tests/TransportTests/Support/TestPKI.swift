#if os(Linux)
import CourierSystem
import Foundation

/// A throwaway certificate authority and the certificates the TLS tests need, made by `openssl` in
/// a directory of their own: a server certificate for 127.0.0.1 and api.example.test, one for
/// another name, one that expired in 2020, and a client certificate, all signed by the CA.
struct TestPKI {
    let directory: URL

    /// The path of `name` in the directory: `ca.pem`, `server.pem`, `server.key`, ….
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Makes the CA and the certificates; throws when openssl is missing or fails. openssl is waited
    /// for on a thread of its own, not the cooperative pool's.
    static func make() async throws -> TestPKI {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-pki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("ca.db"), withIntermediateDirectories: true)
        try script.write(to: directory.appendingPathComponent("make.sh"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["make.sh"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        await onOwnThread { process.waitUntilExit() }
        guard process.terminationStatus == 0 else { throw TestPKIError.opensslFailed(directory.path) }
        return TestPKI(directory: directory)
    }

    /// Removes the directory.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    // EC keys: an RSA key takes a tenth of a second to make in a debug-built test's shadow.
    private static let script = """
        set -e
        key() { openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$1.key" -out "$1.csr" -subj "/CN=$1"; }
        sign() { printf 'subjectAltName=%s\\n' "$2" > "$1.ext"; openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile "$1.ext" -out "$1.pem"; }
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=Courier Test CA"
        key server; sign server "IP:127.0.0.1,DNS:api.example.test"
        key wrongname; sign wrongname "DNS:elsewhere.example.test"
        key client; sign client "DNS:client.example.test"
        key expired
        : > ca.db/index.txt; echo 01 > ca.db/serial
        printf '[ca]\\ndefault_ca=test\\n[test]\\ndatabase=ca.db/index.txt\\nserial=ca.db/serial\\nnew_certs_dir=ca.db\\ncertificate=ca.pem\\nprivate_key=ca.key\\ndefault_md=sha256\\npolicy=any\\n[any]\\ncommonName=supplied\\n[leaf]\\nsubjectAltName=IP:127.0.0.1\\n' > ca.cnf
        openssl ca -batch -config ca.cnf -extensions leaf -in expired.csr -out expired.pem -startdate 20200101000000Z -enddate 20200102000000Z
        """
}

enum TestPKIError: Error {
    case opensslFailed(String)
}
#endif
