#if os(Linux)
import Courier
#if COURIER_CURL
import CourierCurl
#endif
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTPS against nginx with a private CA made for the test: trust, identity, pins, HTTP/2 by ALPN,
/// and each refused handshake with its own code and words.
// Two minutes a test: each makes a CA and its certificates with openssl and starts nginx, and CI
// runs this beside every other suite on two cores.
@Suite(.serialized, .enabled(if: Nginx.unavailableReason == nil, "\(Nginx.unavailableReason ?? "")"), .timeLimit(.minutes(2)))
struct TLSTests {
    /// Runs `body` with a fresh PKI and an nginx serving TLS with it.
    private func withTLSServer(_ body: (Nginx, TestPKI) async throws -> Void) async throws {
        let pki = try await TestPKI.make()
        defer { pki.remove() }
        try await withNginx(pki: pki) { try await body($0, pki) }
    }

    private func stack(_ tls: TLSOptions, http: StackConfiguration.HTTPVersion = .http1_1) -> StackConfiguration {
        StackConfiguration(timeout: .seconds(5), httpVersion: http, tls: tls)
    }

    private func failure(_ url: String, through transport: any Transport) async -> URLError? {
        await #expect(throws: URLError.self) { try await transport.fetch(url) }
    }

    /// The private CA's bundle trusts the server; HTTP/2 comes by ALPN when the stack asks for it,
    /// HTTP/1.1 otherwise, and a hundred requests on one kept-alive connection make one handshake.
    @Test(arguments: TransportKind.ownStacks, [StackConfiguration.HTTPVersion.http1_1, .http2])
    func aPrivateCAsServerIsTrustedWithItsBundle(_ kind: TransportKind, version: StackConfiguration.HTTPVersion) async throws {
        let (spoken, served) = version == .http2 ? ("2", "HTTP/2.0") : ("1.1", "HTTP/1.1")
        try await withTLSServer { server, pki in
            let tls = TLSOptions(certificateAuthorities: pki.path("ca.pem"))
            try await withTransport(kind, stack(tls, http: version)) { transport in
                for _ in 0..<100 {
                    let (response, body) = try await transport.fetch(server.tlsOrigin + "/protocol")
                    #expect(response.statusCode == 200 && body.text == served)
                }
                let counts = try #require(connectionCounts(of: transport))
                #expect(counts.connectionsOpened == 1 && counts.tlsHandshakes == 1 && counts.responsesByHTTPVersion == [spoken: 100])
            }
        }
    }

    /// The version range is what the handshake may choose from: TLS 1.3 by default against a server
    /// that offers 1.2 and 1.3, 1.2 when 1.2 is the most allowed.
    @Test(arguments: TransportKind.ownStacks)
    func theVersionRangeBoundsTheHandshake(_ kind: TransportKind) async throws {
        try await withTLSServer { server, pki in
            for (maximum, expected) in [(nil, "TLSv1.3"), (TLSVersion.v1_2, "TLSv1.2")] as [(TLSVersion?, String)] {
                let tls = TLSOptions(certificateAuthorities: pki.path("ca.pem"), maximumVersion: maximum)
                try await withTransport(kind, stack(tls)) { transport in
                    let (_, body) = try await transport.fetch(server.tlsOrigin + "/tls-version")
                    #expect(body.text == expected)
                }
            }
        }
    }

    /// Each transfer's phases: only the request that opened the kept-alive connection resolved,
    /// connected and shook hands; every request waited for its first byte and received the rest.
    @Test(arguments: TransportKind.ownStacks)
    func theObserverSeesEachTransfersPhases(_ kind: TransportKind) async throws {
        try await withTLSServer { server, pki in
            let seen = Mutex<[TransferMetrics]>([])
            let (transport, shutDown) = try kind.make(stack(TLSOptions(certificateAuthorities: pki.path("ca.pem")))) { metrics in
                seen.withLock { $0.append(metrics) }
            }
            for _ in 0..<10 { _ = try await transport.fetch(server.tlsOrigin + "/hello") }
            await shutDown()
            let metrics = seen.withLock { $0 }
            try #require(metrics.count == 10)
            let first = metrics[0]
            #expect(first.connectionsOpened == 1 && first.httpVersion == "1.1")
            #expect(first.nameLookup != nil && first.connect != nil && (first.tlsHandshake ?? .zero) > .zero)
            #expect(first.tlsSessionResumed == false)
            for later in metrics.dropFirst() {
                #expect(later.connectionsOpened == 0 && later.nameLookup == nil && later.connect == nil && later.tlsHandshake == nil)
                #expect(later.tlsSessionResumed == nil)
            }
            for each in metrics {
                let waiting = try #require(each.timeToFirstByte)
                let transfer = try #require(each.transfer)
                #expect(waiting > .zero && waiting + transfer <= each.total)
            }
        }
    }

    /// A request that must not run twice opens a connection of its own, and so shakes hands every
    /// time; the reactor's (the loop's) shared session cache makes every handshake after the first a
    /// resumption.
    @Test(arguments: TransportKind.ownStacks)
    func newConnectionsResumeTheLoopsTLSSession(_ kind: TransportKind) async throws {
        try await withTLSServer { server, pki in
            try await withTransport(kind, stack(TLSOptions(certificateAuthorities: pki.path("ca.pem")))) { transport in
                for _ in 0..<5 {
                    #expect(
                        try await transport.fetch(server.tlsOrigin + "/hello", method: "POST", body: Data("x".utf8)).0.statusCode == 200)
                }
                let counts = try #require(connectionCounts(of: transport))
                #expect(counts.connectionsOpened == 5 && counts.tlsHandshakes == 5, "\(counts)")
                #expect(counts.tlsSessionsResumed == 4, "\(counts)")
            }
        }
    }

    /// Cleartext has no handshake to time or resume.
    @Test(arguments: TransportKind.ownStacks)
    func aCleartextTransferHasNoHandshake(_ kind: TransportKind) async throws {
        try await withNginx { server in
            let seen = Mutex<[TransferMetrics]>([])
            let (transport, shutDown) = try kind.make { metrics in seen.withLock { $0.append(metrics) } }
            _ = try await transport.fetch(server.origin + "/hello")
            let counts = try #require(connectionCounts(of: transport))
            await shutDown()
            let metrics = try #require(seen.withLock { $0.first })
            #expect(metrics.connectionsOpened == 1 && metrics.connect != nil)
            #expect(metrics.tlsHandshake == nil && metrics.tlsSessionResumed == nil)
            #expect(counts.tlsHandshakes == 0 && counts.tlsSessionsResumed == 0)
        }
    }

    /// HTTP/2 multiplexing: 32 requests at once over at most 2 connections of 16 streams.
    @Test(arguments: TransportKind.ownStacks)
    func http2CarriesManyRequestsOverFewConnections(_ kind: TransportKind) async throws {
        try await withTLSServer { server, pki in
            var configuration = stack(TLSOptions(certificateAuthorities: pki.path("ca.pem")), http: .http2)
            configuration.maximumConnectionsPerHost = 2
            configuration.maximumStreamsPerConnection = 16
            try await withTransport(kind, configuration) { transport in
                let url = server.tlsOrigin + "/hello"
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<32 { group.addTask { try await transport.fetch(url).0.statusCode } }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
                #expect(statuses == Array(repeating: 200, count: 32))
                let counts = try #require(connectionCounts(of: transport))
                #expect((1...2).contains(counts.connectionsOpened) && counts.responsesByHTTPVersion == ["2": 32], "\(counts)")
                if kind == .engine { #expect((2...16).contains(counts.mostStreamsPerConnection), "\(counts)") }
            }
        }
    }

    /// The bundle replaces the system store: without it the private CA is unknown, and with
    /// `allowsInsecureConnections` nothing is checked.
    @Test(arguments: TransportKind.ownStacks)
    func withoutTheBundleTheIssuerIsUnknownAndInsecureSkipsTheCheck(_ kind: TransportKind) async throws {
        try await withTLSServer { server, _ in
            try await withTransport(kind, stack(TLSOptions())) { transport in
                #expect(await failure(server.tlsOrigin + "/hello", through: transport)?.code == .serverCertificateHasUnknownRoot)
            }
            try await withTransport(kind, stack(TLSOptions(allowsInsecureConnections: true))) { transport in
                let status = try await transport.fetch(server.tlsOrigin + "/hello").0.statusCode
                #expect(status == 200)
            }
        }
    }

    /// URLSession on Linux takes no CA bundle: the private CA's server is refused with -1, no code
    /// of its own, and libcurl's words, from which bench tells the reason.
    @Test func urlSessionRefusesThePrivateCAWithLibcurlsWords() async throws {
        try await withTLSServer { server, _ in
            try await withTransport(.urlSession) { transport in
                let error = await failure(server.tlsOrigin + "/hello", through: transport)
                #expect(error?.code == .unknown)
                let words = error?.errorUserInfo[NSLocalizedDescriptionKey] as? String ?? ""
                #expect(words.contains("unable to get local issuer certificate"), "\(words)")
            }
        }
    }

    @Test(arguments: TransportKind.ownStacks)
    func anExpiredCertificateHasABadDate(_ kind: TransportKind) async throws {
        try await withTLSServer { server, pki in
            try await withTransport(kind, stack(TLSOptions(certificateAuthorities: pki.path("ca.pem")))) { transport in
                #expect(await failure(server.expiredOrigin + "/hello", through: transport)?.code == .serverCertificateHasBadDate)
            }
        }
    }

    @Test(arguments: TransportKind.ownStacks)
    func aCertificateForAnotherNameIsUntrustedSayingSo(_ kind: TransportKind) async throws {
        try await withTLSServer { server, pki in
            try await withTransport(kind, stack(TLSOptions(certificateAuthorities: pki.path("ca.pem")))) { transport in
                let error = await failure(server.wrongNameOrigin + "/hello", through: transport)
                #expect(error?.code == .serverCertificateUntrusted)
                let words = error?.errorUserInfo[NSLocalizedDescriptionKey] as? String ?? ""
                #expect(words.contains("subject name") || words.contains("host name"), "\(words)")
            }
        }
    }

    /// Mutual TLS: with the client certificate nginx verifies it; without, it answers 400.
    @Test(arguments: TransportKind.ownStacks)
    func aClientCertificateIsPresentedWhenGiven(_ kind: TransportKind) async throws {
        try await withTLSServer { server, pki in
            let trusted = TLSOptions(certificateAuthorities: pki.path("ca.pem"))
            var identified = trusted
            identified.clientCertificate = .init(certificate: pki.path("client.pem"), privateKey: pki.path("client.key"))
            try await withTransport(kind, stack(identified)) { transport in
                let (response, body) = try await transport.fetch(server.mutualTLSOrigin + "/client")
                #expect(response.statusCode == 200 && body.text == "SUCCESS")
            }
            try await withTransport(kind, stack(trusted)) { transport in
                let status = try await transport.fetch(server.mutualTLSOrigin + "/client").0.statusCode
                #expect(status == 400)
            }
        }
    }

    /// A name pinned to 127.0.0.1: the request for api.example.test reaches the server, and the
    /// certificate is checked against that name.
    @Test(arguments: TransportKind.ownStacks)
    func aPinnedNameReachesItsAddressWithItsNameChecked(_ kind: TransportKind) async throws {
        try await withTLSServer { server, pki in
            let port = server.port + 2
            let tls = TLSOptions(
                certificateAuthorities: pki.path("ca.pem"), resolvedHosts: ["api.example.test:\(port):127.0.0.1"])
            try await withTransport(kind, stack(tls)) { transport in
                let status = try await transport.fetch("https://api.example.test:\(port)/hello").0.statusCode
                #expect(status == 200)
            }
        }
    }

    /// An https:// URL on nginx's cleartext port: TLS's hello is answered with HTTP, and OpenSSL's
    /// words say so on every transport.
    @Test(arguments: TransportKind.allCases)
    func httpsToACleartextServerFailsSecurely(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind, StackConfiguration(timeout: .seconds(5))) { transport in
                let https = server.origin.replacingOccurrences(of: "http://", with: "https://")
                let error = await failure(https + "/hello", through: transport)
                // URLSession on Linux gives libcurl's SSL_CONNECT_ERROR no code of its own.
                #expect(error?.code == (kind == .urlSession ? .unknown : .secureConnectionFailed))
                let words = error?.errorUserInfo[NSLocalizedDescriptionKey] as? String ?? ""
                #expect(words.contains("wrong version number"), "\(words)")
            }
        }
    }

    @Test(
        arguments: TransportKind.ownStacks,
        [
            (
                TLSOptions(certificateAuthorities: "/nonexistent/ca.pem"),
                TLSOptionsError.unreadableFile(role: "CA bundle", path: "/nonexistent/ca.pem")
            ),
            (TLSOptions(resolvedHosts: ["api.example.test:443"]), .invalidPin("api.example.test:443")),
            (TLSOptions(resolvedHosts: ["api.example.test:0:127.0.0.1"]), .invalidPin("api.example.test:0:127.0.0.1")),
            (TLSOptions(resolvedHosts: ["api.example.test:443:nowhere"]), .invalidPin("api.example.test:443:nowhere")),
            (TLSOptions(minimumVersion: .v1_3, maximumVersion: .v1_2), .emptyVersionRange(minimum: .v1_3, maximum: .v1_2)),
        ])
    func badOptionsAreRefusedBeforeAnyRequest(_ kind: TransportKind, case: (tls: TLSOptions, expected: TLSOptionsError)) {
        let error = #expect(throws: TLSOptionsError.self) { try kind.make(StackConfiguration(tls: `case`.tls)) }
        #expect(error == `case`.expected)
    }

    @Test(arguments: TransportKind.ownStacks)
    func anIPv6PinAndAKeyFileAreAccepted(_ kind: TransportKind) async throws {
        let pki = try await TestPKI.make()
        defer { pki.remove() }
        let tls = TLSOptions(
            clientCertificate: .init(certificate: pki.path("client.pem"), privateKey: pki.path("client.key")),
            resolvedHosts: ["api.example.test:443:[::1]"])
        let (transport, shutDown) = try kind.make(StackConfiguration(tls: tls))
        #expect(tlsOptions(of: transport) == tls)
        await shutDown()
    }
}
#endif
