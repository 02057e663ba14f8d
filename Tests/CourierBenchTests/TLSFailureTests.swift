import Courier
import Foundation
import Testing

@testable import CourierBench

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// TLS failures are counted by their reason, `tls(untrusted)` and the like, not as `transport(-1202)`;
/// truncations, budgets and HTTP/2 stream errors each in a class of their own.
@Suite struct TLSFailureTests {
    private func error(_ code: URLError.Code, _ words: String) -> APIError {
        APIError(.transport, underlyingError: URLError(code, userInfo: [NSLocalizedDescriptionKey: words]))
    }

    /// The codes the curl transport and Apple's URLSession give each cause, and the words libcurl
    /// adds where URLSession on Linux gives every refused certificate -1202.
    @Test(
        arguments: [
            (URLError.Code.serverCertificateHasBadDate, "", "tls(expired)"),
            (.serverCertificateNotYetValid, "", "tls(expired)"),
            (.serverCertificateHasUnknownRoot, "", "tls(untrusted)"),
            (.clientCertificateRequired, "", "tls(clientCertificate)"),
            (.serverCertificateUntrusted, "SSL certificate problem: certificate has expired", "tls(expired)"),
            (.serverCertificateUntrusted, "SSL certificate problem: unable to get local issuer certificate", "tls(untrusted)"),
            (
                .serverCertificateUntrusted, "SSL: no alternative certificate subject name matches target host name 'api.example.test'",
                "tls(wrongHost)"
            ),
            (.secureConnectionFailed, "error:0A00010B:SSL routines::wrong version number", "tls(protocolMismatch)"),
            (.secureConnectionFailed, "error:0A00042E:SSL routines::tlsv1 alert protocol version", "tls(protocolMismatch)"),
            (.secureConnectionFailed, "error:0A000412:SSL routines::sslv3 alert bad certificate", "tls(clientCertificate)"),
            (.secureConnectionFailed, "error:0A00018A:SSL routines::legacy sigalg disallowed or unsupported", "tls(protocolMismatch)"),
            (.secureConnectionFailed, "OpenSSL SSL_connect: Connection reset by peer", "tls(handshake)"),
            (.unknown, "SSL certificate problem: unable to get local issuer certificate", "tls(untrusted)"),
            (.unknown, "SSL certificate problem: certificate has expired", "tls(expired)"),
            (.serverCertificateUntrusted, "", "tls(untrusted)"),
            (.secureConnectionFailed, "", "tls(handshake)"),
            (.unknown, "OpenSSL SSL_connect: wrong version number", "tls(protocolMismatch)"),
            (.unknown, "OpenSSL SSL_connect: SSL_ERROR_SYSCALL", "tls(handshake)"),
            (.unknown, "Failure when receiving data from the peer", "transport(-1)"),
            (.badServerResponse, "", "transport(-1011)"),
        ] as [(URLError.Code, String, String)])
    func eachReasonHasItsClass(code: URLError.Code, words: String, expected: String) {
        #expect(ErrorClass(error(code, words)).description == expected)
    }

    /// Issue 45's classes: each cause of its own, told from the error the transport threw.
    @Test(
        arguments: [
            (APIError(.transport, underlyingError: ResponseFramingError(.truncated)), "truncated"),
            (APIError(.transport, underlyingError: ResponseFramingError(.contentLengthWithTransferEncoding)), "invalidFraming"),
            (APIError(.responseTooLarge, underlyingError: ResponseTooLargeError(.budget(limit: 1 << 20))), "responseBudgetExceeded"),
            (APIError(.responseTooLarge, underlyingError: ResponseTooLargeError(.body(limit: 1 << 20))), "responseTooLarge"),
            (APIError(.responseTooLarge, underlyingError: ResponseTooLargeError(.headers)), "responseTooLarge"),
            (APIError(.transport, underlyingError: HTTP2StreamError(code: 1)), "http2Stream(PROTOCOL_ERROR)"),
            (APIError(.transport, underlyingError: HTTP2StreamError(code: 7)), "http2Stream(REFUSED_STREAM)"),
        ] as [(APIError, String)])
    func hostileServersCausesHaveTheirClasses(error: APIError, expected: String) {
        #expect(ErrorClass(error).description == expected)
    }
}
