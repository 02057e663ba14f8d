import BenchmarkEngine
import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The class a failed request is counted in. Every request ends in exactly one outcome: success or
/// one of these, so `sent == succeeded + Σ errors` holds in every report.
///
/// Built on ``APIError``'s kind and, for transport failures, its `URLError` code: the client already
/// separates "the server answered badly" from "no answer"; this splits "no answer" into the cases an
/// operator reacts to differently.
enum ErrorClass: Hashable, CustomStringConvertible {
    /// An answer with a status outside 200..<300.
    case badStatus(Int)
    /// A 2xx answer whose body did not decode into the expected type.
    case decoding
    /// No complete answer within the request timeout.
    case timeout
    /// Nothing listened at the address (or the host could not be reached at all).
    case connectionRefused
    /// The connection broke: reset, or closed before the whole response arrived.
    case connectionLost
    /// The response's framing contradicted itself (two `Content-Length`s, a length that is not a
    /// number, a chunked body that does not parse): refused, as RFC 9112 §6.3 requires.
    case invalidFraming
    /// A body that only the closing of its connection ends came over TLS without the server's
    /// closure alert (`close_notify`): cut short by someone, perhaps not the server (RFC 9112 §9.8).
    case truncated
    /// The response was larger than `--max-body` (after decompression) or its header section larger
    /// than the transport keeps.
    case responseTooLarge
    /// The response would have taken the bytes held by every response in flight past
    /// `--max-body-total`: the run's memory, not this response alone, was the limit.
    case responseBudgetExceeded
    /// This process ran out of descriptors (`EMFILE`, or the system `ENFILE`) and could not open a
    /// socket: the client's limit, not the server's refusal. Told apart only where the transport
    /// passes the system's error on (the curl transport does; URLSession on Linux does not).
    case localDescriptors
    /// An HTTP/2 stream ended with this error code instead of its response: reset by the server, or
    /// by the client refusing what came on it (`HTTP2StreamError`).
    case http2Stream(String)
    /// An HTTP/2 request a server's GOAWAY left unprocessed, with this error code, that was not
    /// sent again because it may not run twice (`HTTP2GoAwayError`).
    case http2GoAway(String)
    /// The TLS handshake failed, for this reason.
    case tls(TLSFailure)
    /// Any other transport failure, by its `URLError` code (`nil` when the cause was not a `URLError`).
    case transport(Int?)
    /// The calling task was cancelled (a run that is stopping); not a failure of the server.
    case cancelled
    /// The request could not be built or sent as it was: a bad URL, a body that did not encode, a
    /// method or header field that would have broken its framing (`invalidField`).
    case request(String)
    /// A targets file's `once` data file had no row left for the request chosen: the run asked for
    /// more requests than the data holds.
    case dataExhausted
    /// Something other than an `APIError`; the client promises this never happens.
    case unclassified

    /// The class of a request of a targets file that could not be filled: its data ran out, or a
    /// value would have put a line break in a header field (refused, as the client refuses one).
    init(filling error: TargetsFileError) {
        if case .dataExhausted = error { self = .dataExhausted } else { self = .request(APIError.Kind.invalidField.description) }
    }

    /// The class of a client error.
    init(_ error: APIError) {
        switch error.kind {
        case .badStatus(let code): self = .badStatus(code)
        case .decoding: self = .decoding
        case .cancelled: self = .cancelled
        case .encoding, .invalidURL, .invalidField: self = .request(error.kind.description)
        case .responseTooLarge:
            if case .budget? = (error.underlyingError as? ResponseTooLargeError)?.part {
                self = .responseBudgetExceeded
            } else {
                self = .responseTooLarge
            }
        case .transport where error.framingError?.reason == .truncated: self = .truncated
        case .transport where error.framingError != nil: self = .invalidFraming
        case .transport where error.underlyingError is HTTP2StreamError:
            self = .http2Stream((error.underlyingError as? HTTP2StreamError)?.codeName ?? "")
        case .transport where error.underlyingError is HTTP2GoAwayError:
            self = .http2GoAway((error.underlyingError as? HTTP2GoAwayError)?.codeName ?? "")
        case .transport: self = ErrorClass(transport: error.underlyingError as? URLError)
        }
    }

    private init(transport error: URLError?) {
        if let cause = error?.errorUserInfo[NSUnderlyingErrorKey] as? NSError, cause.domain == NSPOSIXErrorDomain,
            cause.code == Int(EMFILE) || cause.code == Int(ENFILE)
        {
            self = .localDescriptors
            return
        }
        switch error?.code {
        case .timedOut?:
            self = .timeout
        case .cannotConnectToHost?, .cannotFindHost?, .dnsLookupFailed?, .notConnectedToInternet?:
            self = .connectionRefused
        case .networkConnectionLost?:
            self = .connectionLost
        case .cancelled?:
            self = .cancelled
        default:
            if let error, let failure = TLSFailure(error) {
                self = .tls(failure)
            } else {
                self = .transport(error?.code.rawValue)
            }
        }
    }

    /// The name reports count it under: `badStatus(503)`, `timeout`, `transport(-1011)`, ….
    var description: String {
        switch self {
        case .badStatus(let code): "badStatus(\(code))"
        case .decoding: "decoding"
        case .timeout: "timeout"
        case .connectionRefused: "connectionRefused"
        case .connectionLost: "connectionLost"
        case .invalidFraming: "invalidFraming"
        case .truncated: "truncated"
        case .responseTooLarge: "responseTooLarge"
        case .responseBudgetExceeded: "responseBudgetExceeded"
        case .localDescriptors: "clientDescriptorsExhausted"
        case .http2Stream(let code): "http2Stream(\(code))"
        case .http2GoAway(let code): "http2GoAway(\(code))"
        case .tls(let failure): "tls(\(failure.rawValue))"
        case .transport(let code?): "transport(\(code))"
        case .transport(nil): "transport"
        case .cancelled: "cancelled"
        case .request(let kind): kind
        case .dataExhausted: "dataExhausted"
        case .unclassified: "unclassified"
        }
    }
}

/// Why a TLS handshake failed: the reasons an operator fixes in different places (the trust store,
/// the certificate's renewal, the URL or `--resolve`, the server's TLS settings).
///
/// Told from the `URLError` code where the transport sets one per cause (the curl transport does,
/// from OpenSSL's verify result, as Apple's URLSession does), and from libcurl's words for the
/// failure where it does not: URLSession on Linux gives every refused certificate the same code.
enum TLSFailure: String, Hashable {
    /// The certificate's issuer is not trusted: a private CA not given with `--cacert`, a
    /// self-signed certificate.
    case untrusted
    /// The certificate has expired, or is not valid yet.
    case expired
    /// The certificate does not name the host the URL does.
    case wrongHost
    /// The two sides share no TLS version or cipher, or the server does not speak TLS at all.
    case protocolMismatch
    /// The server refused the client's certificate, or required one that was not given.
    case clientCertificate
    /// Any other failure of the handshake.
    case handshake

    /// The reason for `error`, or `nil` when it is not a TLS failure.
    init?(_ error: URLError) {
        switch error.code {
        case .serverCertificateHasBadDate, .serverCertificateNotYetValid: self = .expired
        case .serverCertificateHasUnknownRoot: self = .untrusted
        case .clientCertificateRejected, .clientCertificateRequired: self = .clientCertificate
        // URLSession on Linux reports every failed handshake, refused certificates included, as -1
        // (`.unknown`), with libcurl's words; a certificate it refuses it sometimes reports as -1202.
        case .serverCertificateUntrusted, .secureConnectionFailed, .unknown:
            let words = (error.errorUserInfo[NSLocalizedDescriptionKey] as? String)?.lowercased() ?? ""
            guard let failure = Self(libcurlWords: words) ?? Self.fallback(for: error.code) else { return nil }
            self = failure
        default: return nil
        }
    }

    /// The reason libcurl's words for a failure give, or `nil` when they name none.
    private init?(libcurlWords words: String) {
        func mentions(_ phrases: String...) -> Bool { phrases.contains(where: words.contains) }
        if mentions("expired", "not yet valid") {
            self = .expired
        } else if mentions("subject name", "host name", "hostname") {
            self = .wrongHost
        } else if mentions("issuer", "self-signed", "self signed", "unknown ca certificate", "certificate verify failed") {
            self = .untrusted
        } else if mentions(
            "wrong version number", "unsupported protocol", "protocol version", "no protocols available", "no shared cipher",
            // A TLS 1.0 or 1.1 server signs its key exchange with SHA-1, which OpenSSL 3 refuses at
            // its default security level even when those versions are allowed (`--tls-min 1.0`).
            "legacy sigalg")
        {
            self = .protocolMismatch
        } else if mentions("certificate required", "bad certificate", "unknown ca") {
            self = .clientCertificate
        } else if mentions("ssl", "tls") {
            self = .handshake
        } else {
            return nil
        }
    }

    /// The reason a code alone gives, when the words give none.
    private static func fallback(for code: URLError.Code) -> TLSFailure? {
        switch code {
        case .serverCertificateUntrusted: .untrusted
        case .secureConnectionFailed: .handshake
        default: nil
        }
    }
}

/// How a call ended, in the classes reports count.
func outcome(_ call: () async throws -> some Any) async -> RequestOutcome {
    do {
        _ = try await call()
        return .success
    } catch {
        return .failure(ErrorClass.name(of: error))
    }
}

extension ErrorClass {
    /// The class of `error` as reports name it: a client's error by its kind, anything else
    /// `unclassified`.
    static func name(of error: any Error) -> String {
        if let failure = error as? TargetFailure { return failure.errorClass }
        return (error as? APIError).map { ErrorClass($0).description } ?? ErrorClass.unclassified.description
    }
}
