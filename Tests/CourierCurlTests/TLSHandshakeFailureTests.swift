#if COURIER_CURL
import Courier
import CourierCurl
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What each transport says when the TLS handshake fails: the code and libcurl's words, from which
/// bench counts `tls(protocolMismatch)` and the others.
@Suite(.serialized, .enabled(if: Nginx.unavailableReason == nil, "\(Nginx.unavailableReason ?? "")"), .timeLimit(.minutes(1)))
struct TLSHandshakeFailureTests {
    /// An https:// URL on nginx's cleartext port: TLS's hello is answered with HTTP, and libcurl's
    /// words say so on both.
    @Test(arguments: TransportKind.allCases)
    func httpsToACleartextServerFailsSecurely(_ kind: TransportKind) async throws {
        try await withNginx { server in
            try await withTransport(kind, CurlConfiguration(timeout: .seconds(5))) { transport in
                let https = server.origin.replacingOccurrences(of: "http://", with: "https://")
                let error = await #expect(throws: URLError.self) { try await transport.fetch(https + "/hello") }
                // URLSession on Linux gives libcurl's SSL_CONNECT_ERROR no code of its own.
                #expect(error?.code == (kind == .curl ? .secureConnectionFailed : .unknown))
                let words = error?.errorUserInfo[NSLocalizedDescriptionKey] as? String ?? ""
                #expect(words.contains("wrong version number"), "\(words)")
            }
        }
    }
}
#endif
