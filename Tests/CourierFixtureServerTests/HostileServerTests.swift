#if COURIER_OPENSSL
import COpenSSL
import CourierFixtureServer
import CourierSystem
import Foundation
import Testing

/// The hostile servers as a client sees them on the wire: the test CA verifies, each TLS
/// configuration accepts what it should and refuses the rest, close-delimited bodies end with or
/// without close_notify, and HTTP/2 exchanges written by hand get the frames the behaviour promises.
@Suite(.timeLimit(.minutes(1)))
struct HostileServerTests {
    // MARK: TLS

    @Test func theAuthorityVerifiesTheServerAndAnotherDoesNot() async throws {
        try await withServer(.http1OK) { server, authority in
            let other = try TestCertificateAuthority.make()
            defer { other.remove() }
            let (trusted, untrusted) = try await onOwnThread {
                let trusted = try TLSTestClient(port: server.port, caFile: authority.caFile).handshake()
                let untrusted = try TLSTestClient(port: server.port, caFile: other.caFile).handshake()
                return (trusted, untrusted)
            }
            #expect(trusted)
            #expect(!untrusted)
        }
    }

    @Test func http1OKAnswersOverTLS12OrLaterAndKeepsTheConnection() async throws {
        try await withServer(.http1OK) { server, authority in
            let (version, alpn, answers) = try await onOwnThread {
                let client = try TLSTestClient(port: server.port, caFile: authority.caFile, alpn: ["h2", "http/1.1"])
                guard client.handshake() else { return (Int32(0), String?.none, [String]()) }
                var answers: [String] = []
                for _ in 0..<2 {
                    client.write(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                    answers.append(String(decoding: client.read { $0.suffix(5) == Array("hello".utf8) }.bytes, as: UTF8.self))
                }
                return (client.version, client.selectedProtocol, answers)
            }
            #expect(version >= TLS1_2_VERSION)
            #expect(alpn == "http/1.1")
            #expect(answers.count == 2)
            #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 200 OK\r\n") && $0.contains("Content-Length: 5\r\n") })
            #expect(server.streamsAnswered == 2)
            #expect(server.connectionsAccepted == 1)
        }
    }

    @Test func legacyStaticRSARefusesATLS12ClientAndServesATLS10One() async throws {
        try await withServer(.http1OK, tls: .legacy10StaticRSA) { server, authority in
            let (modern, legacy, version) = try await onOwnThread {
                let modern = try TLSTestClient(port: server.port, caFile: authority.caFile).handshake()
                let client = try TLSTestClient(
                    port: server.port, caFile: authority.caFile, minimumVersion: TLS1_VERSION, cipherList: "AES128-SHA:@SECLEVEL=0")
                let legacy = client.handshake()
                return (modern, legacy, client.version)
            }
            #expect(!modern)
            #expect(legacy)
            #expect(version == TLS1_VERSION)
        }
    }

    @Test(arguments: [true, false])
    func aCloseDelimitedBodyEndsWithCloseNotifyOnlyWhenAsked(_ closeNotify: Bool) async throws {
        try await withServer(.http1CloseDelimited(bodyBytes: 40_000, closeNotify: closeNotify)) { server, authority in
            let (bytes, end) = try await onOwnThread {
                let client = try TLSTestClient(port: server.port, caFile: authority.caFile)
                guard client.handshake() else { throw TLSTestClientError.openSSL("handshake") }
                client.write(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                return client.read()
            }
            let head = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: application/octet-stream\r\n\r\n"
            #expect(bytes.count == head.utf8.count + 40_000)
            if closeNotify {
                #expect(end == .closeNotify)
            } else {
                #expect(end != .closeNotify)
                #expect(end != nil)
            }
        }
    }

    // MARK: HTTP/2

    @Test func h2OKSendsSettingsThenAnswersTheStream() async throws {
        try await withServer(.h2OK) { server, authority in
            let (alpn, frames, _) = try await exchange(with: server, authority) { frames in
                frames.contains { $0.type == 0 && $0.flags & 1 != 0 }
            }
            #expect(alpn == "h2")
            #expect(frames.first?.type == 4 && frames.first?.flags == 0)
            #expect(frames.first?.payload == [0, 3, 0, 0, 0, 100])
            let headers = frames.first { $0.type == 1 }
            #expect(headers?.stream == 1)
            // ":status: 200" as a literal field without indexing, new name, no Huffman.
            #expect(headers.map { Array($0.payload.prefix(13)) } == [0, 7] + Array(":status".utf8) + [3] + Array("200".utf8))
            let data = frames.first { $0.type == 0 }
            #expect(data?.payload == Array(#"{"ok":true}"#.utf8))
            #expect(server.streamsStarted == 1)
            #expect(server.streamsAnswered == 1)
        }
    }

    @Test func h2GoAwayAfterOneRequestNamesItTheLastStreamAndClosesAfterAnsweringIt() async throws {
        try await withServer(.h2GoAwayAfter(requests: 1)) { server, authority in
            let (_, frames, end) = try await exchange(with: server, authority) { _ in false }
            let goAway = frames.first { $0.type == 7 }
            #expect(goAway?.payload == [0, 0, 0, 1, 0, 0, 0, 0])
            #expect(frames.contains { $0.type == 0 && $0.stream == 1 && $0.flags & 1 != 0 })
            #expect(end == .closeNotify)
            #expect(server.goAwaysSent == 1)
        }
    }

    @Test func h2RefuseBeyondResetsTheStreamsOverTheLimitOfABurst() async throws {
        try await withServer(.h2RefuseBeyond(concurrentStreams: 1, advertised: true)) { server, authority in
            let (_, frames, _) = try await exchange(with: server, authority, streams: [1, 3, 5]) { frames in
                frames.filter { ($0.type == 0 && $0.flags & 1 != 0) || $0.type == 3 }.count == 3
            }
            #expect(frames.first?.payload == [0, 3, 0, 0, 0, 1])
            let refused = frames.filter { $0.type == 3 }
            #expect(refused.map(\.stream) == [3, 5])
            #expect(refused.allSatisfy { $0.payload == [0, 0, 0, 7] })
            #expect(server.streamsRefused == 2)
            #expect(server.streamsAnswered == 1)
        }
    }

    @Test func stopEndsAConnectionWaitingForARequest() async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(.http1OK, authority: authority)
        let client = try await onOwnThread { () -> Bool in
            let client = try TLSTestClient(port: server.port, caFile: authority.caFile)
            guard client.handshake() else { return false }
            server.stop()
            if case .failure = client.readOnce() { return true }
            return false
        }
        #expect(client)
        server.stop()
    }

    // MARK: Helpers

    /// One HTTP/2 frame as the test reads it off the wire.
    struct Frame: Sendable {
        let type: UInt8
        let flags: UInt8
        let stream: UInt32
        let payload: [UInt8]
    }

    /// A CA, `behaviour` served with it, and both removed after `body`.
    private func withServer(
        _ behaviour: HostileBehaviour, tls: HostileServer.TLS = .modern,
        _ body: (HostileServer, TestCertificateAuthority) async throws -> Void
    ) async throws {
        let authority = try TestCertificateAuthority.make()
        defer { authority.remove() }
        let server = try HostileServer.start(behaviour, tls: tls, authority: authority)
        defer { server.stop() }
        try await body(server, authority)
    }

    /// Sends the preface, an empty SETTINGS and a GET on each of `streams` in one write, then reads
    /// frames until `enough` says so or the data ends: the protocol ALPN selected, the frames, and
    /// how the data ended (nil when `enough` stopped it).
    private func exchange(
        with server: HostileServer, _ authority: TestCertificateAuthority, streams: [UInt32] = [1],
        until enough: @escaping @Sendable ([Frame]) -> Bool
    ) async throws -> (String?, [Frame], TLSTestClient.End?) {
        try await onOwnThread {
            let client = try TLSTestClient(port: server.port, caFile: authority.caFile, alpn: ["h2"])
            guard client.handshake() else { throw TLSTestClientError.openSSL("handshake") }
            // :method GET, :scheme https, :path / (static table) and :authority 127.0.0.1 (literal, indexed name).
            let block: [UInt8] = [0x82, 0x86, 0x84, 0x41, 9] + Array("127.0.0.1".utf8)
            var request = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + [0, 0, 0, 4, 0, 0, 0, 0, 0]
            for stream in streams {
                request += [0, 0, UInt8(block.count), 1, 0x5, 0, 0, 0, UInt8(stream)] + block
            }
            client.write(request)
            let (bytes, end) = client.read { enough(Self.frames(in: $0)) }
            return (client.selectedProtocol, Self.frames(in: bytes), end)
        }
    }

    /// The complete frames at the start of `bytes`.
    private static func frames(in bytes: [UInt8]) -> [Frame] {
        var frames: [Frame] = []
        var offset = 0
        while bytes.count - offset >= 9 {
            let length = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            guard bytes.count - offset >= 9 + length else { break }
            let stream = bytes[(offset + 5)..<(offset + 9)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7fff_ffff
            frames.append(
                Frame(
                    type: bytes[offset + 3], flags: bytes[offset + 4], stream: stream,
                    payload: Array(bytes[(offset + 9)..<(offset + 9 + length)])))
            offset += 9 + length
        }
        return frames
    }
}
#endif
