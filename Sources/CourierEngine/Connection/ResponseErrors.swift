#if os(Linux)
import Courier
import CourierHTTP1
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Connection {
    /// The error a caller sees for what went wrong in a response: the parser's faults as the
    /// client's framing, size and malformed-response errors, which every transport of Courier's
    /// throws alike; anything else as it is.
    static func clientError(_ error: any Error) -> any Error {
        guard let failure = error as? HTTP1ParseError else { return error }
        switch failure {
        case .framing(let fault):
            switch fault {
            case .conflictingContentLength(let first, let second):
                return ResponseFramingError(.conflictingContentLength([String(first), String(second)]))
            case .invalidContentLength:
                return ResponseFramingError(.invalidContentLength(nil))
            case .contentLengthWithTransferEncoding:
                return ResponseFramingError(.contentLengthWithTransferEncoding)
            case .invalidChunkedEncoding(let chunked):
                return ResponseFramingError(.invalidChunkedEncoding(chunked.description))
            case .unsupportedTransferCoding, .transferEncodingInHTTP10:
                return ResponseFramingError(.invalidChunkedEncoding(fault.description))
            }
        case .tooLarge:
            return ResponseTooLargeError(.headers)
        case .malformed:
            return URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: failure.description])
        }
    }
}
#endif
