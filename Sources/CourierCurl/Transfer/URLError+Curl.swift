#if COURIER_CURL
import CCurl
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLError.Code {
    /// The code URLSession reports for the same failure, so that callers and the client's error
    /// classes cannot tell the transports apart. swift-corelibs-foundation's URLSession runs on
    /// libcurl too; this follows its mapping.
    init(curl code: CURLcode) {
        switch code {
        case CURLE_COULDNT_CONNECT: self = .cannotConnectToHost
        case CURLE_COULDNT_RESOLVE_HOST: self = .cannotFindHost
        case CURLE_OPERATION_TIMEDOUT: self = .timedOut
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: self = .networkConnectionLost
        case CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY: self = .badServerResponse
        case CURLE_TOO_MANY_REDIRECTS: self = .httpTooManyRedirects
        case CURLE_URL_MALFORMAT: self = .badURL
        case CURLE_UNSUPPORTED_PROTOCOL: self = .unsupportedURL
        case CURLE_BAD_CONTENT_ENCODING: self = .cannotDecodeContentData
        case CURLE_SSL_CONNECT_ERROR: self = .secureConnectionFailed
        case CURLE_PEER_FAILED_VERIFICATION: self = .serverCertificateUntrusted
        case CURLE_ABORTED_BY_CALLBACK: self = .cancelled
        default: self = .unknown
        }
    }
}
#endif
