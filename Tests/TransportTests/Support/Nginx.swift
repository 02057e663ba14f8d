#if os(Linux)
import Foundation

/// A private nginx on 127.0.0.1, started for one test and stopped by it: a real HTTP/1.1 server with
/// keep-alive, whose `$connection` variables prove connection reuse from the server's side.
///
/// The echo module (Debian's libnginx-mod-http-echo) supplies request-body echo and delays. Tests
/// that need the server are skipped, with ``unavailableReason``, where nginx or the module is missing.
final class Nginx {
    static let binary = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let echoModule = ["/usr/lib/nginx/modules/ngx_http_echo_module.so", "/usr/share/nginx/modules/ngx_http_echo_module.so"]
        .first { FileManager.default.fileExists(atPath: $0) }

    /// Why the tests that need nginx cannot run here, or `nil` when they can.
    static var unavailableReason: String? {
        if binary == nil { return "nginx is not installed (apt-get install nginx-light)" }
        if echoModule == nil { return "nginx's echo module is not installed (apt-get install libnginx-mod-http-echo)" }
        return nil
    }

    /// Size of `/files/large.bin`.
    static let largeFileSize = 8 << 20

    let port: Int
    let directory: URL
    private let process: Process

    /// `http://127.0.0.1:<port>`.
    var origin: String { "http://127.0.0.1:\(port)" }
    /// The same routes over cleartext HTTP/2 (h2c, prior knowledge only), on the next port.
    var http2Origin: String { "http://127.0.0.1:\(port + 1)" }

    /// `https://127.0.0.1:<port>`: the same routes over TLS with the PKI's server certificate,
    /// HTTP/2 by ALPN.
    var tlsOrigin: String { "https://127.0.0.1:\(port + 2)" }
    /// Over TLS, asking for a client certificate signed by the PKI's CA (mutual TLS).
    var mutualTLSOrigin: String { "https://127.0.0.1:\(port + 3)" }
    /// Over TLS with a certificate that expired in 2020.
    var expiredOrigin: String { "https://127.0.0.1:\(port + 4)" }
    /// Over TLS with a certificate for another name.
    var wrongNameOrigin: String { "https://127.0.0.1:\(port + 5)" }

    /// Starts nginx on a free port, trying a few random ones below the ephemeral range; waits at most 5 s for it to listen.
    /// With `pki`, it also serves ``tlsOrigin`` and the other TLS origins.
    static func start(pki: TestPKI? = nil) async throws -> Nginx {
        guard let binary, let echoModule else { throw NginxError.unavailable }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("files"), withIntermediateDirectories: true)
        for _ in 0..<8 {
            // Below Linux's ephemeral range (32768–60999): the load tests beside this one open
            // thousands of client sockets there, and a port one of them holds fails nginx's bind.
            let port = Int.random(in: 10_000..<32_000)
            try configuration(port: port, directory: directory.path, echoModule: echoModule, pki: pki)
                .write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["-p", directory.path, "-c", "nginx.conf", "-e", "\(directory.path)/error.log"]
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let pidFile = directory.appendingPathComponent("nginx.pid").path
            let deadline = Date().addingTimeInterval(5)
            // Polled with Task.sleep: blocking a thread of the small cooperative pool would stall
            // every other test in the process.
            while Date() < deadline, process.isRunning, !FileManager.default.fileExists(atPath: pidFile) {
                try await Task.sleep(for: .milliseconds(10))
            }
            if process.isRunning, FileManager.default.fileExists(atPath: pidFile) {
                return Nginx(port: port, directory: directory, process: process)
            }
            if process.isRunning { process.terminate() }
        }
        throw NginxError.didNotStart(directory.path)
    }

    private init(port: Int, directory: URL, process: Process) {
        self.port = port
        self.directory = directory
        self.process = process
    }

    /// Writes `/files/large.bin` (``largeFileSize`` varied bytes) and returns its contents; only the
    /// tests that need it pay for it.
    func writeLargeFile() throws -> Data {
        // A block repeated: building 8 MiB byte by byte is slow in debug builds.
        let block = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        var large = Data(capacity: Self.largeFileSize)
        for _ in 0..<(Self.largeFileSize / block.count) { large.append(block) }
        try large.write(to: directory.appendingPathComponent("files/large.bin"))
        return large
    }

    /// Stops nginx (SIGTERM, then SIGKILL after 5 s) and removes its directory.
    func stop() async {
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func configuration(port: Int, directory: String, echoModule: String, pki: TestPKI?) -> String {
        let tls = pki.map { pki in
            func server(_ offset: Int, certificate: String, extra: String = "") -> String {
                """
                server {
                    listen 127.0.0.1:\(port + offset) ssl http2;
                    ssl_certificate \(pki.path("\(certificate).pem"));
                    ssl_certificate_key \(pki.path("\(certificate).key"));
                    # As production serves: TLS 1.3 (nginx 1.22 offers only up to 1.2 unless told)
                    # and sessions clients can resume.
                    ssl_protocols TLSv1.2 TLSv1.3;
                    ssl_session_cache shared:tls:1m;
                    \(extra)
                    location = /protocol { return 200 "$server_protocol"; }
                    location = /hello { return 200 "hello"; }
                    location = /connection { return 200 "$connection $connection_requests"; }
                    location = /client { return 200 "$ssl_client_verify"; }
                    location = /tls-version { return 200 "$ssl_protocol"; }
                }
                """
            }
            return [
                server(2, certificate: "server"),
                server(3, certificate: "server", extra: "ssl_verify_client on; ssl_client_certificate \(pki.path("ca.pem"));"),
                server(4, certificate: "expired"),
                server(5, certificate: "wrongname"),
            ].joined(separator: "\n")
        }
        return """
            load_module \(echoModule);
            daemon off;
            worker_processes 1;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log;
            events { worker_connections 4096; }
            http {
                access_log off;
                client_body_temp_path \(directory)/body;
                proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi;
                uwsgi_temp_path \(directory)/uwsgi;
                scgi_temp_path \(directory)/scgi;
                client_body_buffer_size 16m;
                client_max_body_size 64m;
                keepalive_requests 100000;
                keepalive_timeout 60s;
                server {
                    listen 127.0.0.1:\(port) reuseport;
                    listen 127.0.0.1:\(port + 1) http2;
                    location = /protocol { return 200 "$server_protocol"; }
                    location = /hello { return 200 "hello"; }
                    location = /connection { return 200 "$connection $connection_requests"; }
                    location = /status/201 { return 201 "created"; }
                    location = /status/404 { return 404 "missing"; }
                    location = /status/503 { add_header Retry-After 7 always; return 503 "busy"; }
                    location = /headers { add_header X-Reply one always; add_header X-Echo "$http_x_custom" always; return 200 "$http_x_custom"; }
                    location = /echo { add_header X-Method $request_method always; echo_read_request_body; echo_request_body; }
                    location = /redirect { return 302 /hello; }
                    location = /see-other { return 303 /echo; }
                    location = /loop { return 302 /loop; }
                    location = /slow { echo_sleep 0.5; echo -n slow; }
                    location = /stall { echo_sleep 30; echo -n late; }
                    location = /close { return 444; }
                    location = /gzipped { gzip on; gzip_min_length 0; gzip_types text/plain; default_type text/plain; return 200 "hello, compressed"; }
                    location /files/ { root \(directory); }
                }
                \(tls ?? "")
            }
            """
    }
}

enum NginxError: Error {
    case unavailable
    case didNotStart(String)
}

/// Runs `body` against a fresh nginx (serving TLS too with `pki`), stopping it afterwards whatever
/// happens.
func withNginx<T>(pki: TestPKI? = nil, _ body: (Nginx) async throws -> T) async throws -> T {
    let server = try await Nginx.start(pki: pki)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
#endif
