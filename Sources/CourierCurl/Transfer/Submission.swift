#if COURIER_CURL
import Courier
import CourierEventLoop
import Foundation

/// One request on its way from a caller to the reactor, with the continuation that answers it.
struct Submission: Sendable {
    /// What the caller resumes with.
    typealias Continuation = UnsafeContinuation<(HTTPResponse, Data), any Error>

    let ticket: CancellationTicket
    let request: HTTPRequest
    let continuation: Continuation
    /// Whether the transport has sent this request again already, after an HTTP/2 connection
    /// dropped it unanswered (see ``Exchange/finish(_:)``): it does so once at most.
    var isRetry = false

    /// The scheme, host and port the request goes to, which the per-host cap counts by.
    var origin: Substring { Self.origin(of: request.url) }

    /// The scheme, host and port of `url` (`http://127.0.0.1:8080`): everything before the path,
    /// query or fragment.
    static func origin(of url: String) -> Substring {
        // On UTF-8 bytes: Foundation's range(of:) and Character iteration cost more than the request.
        let bytes = url.utf8
        var slashes = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                slashes += 1
                if slashes == 3 { break }
            } else if slashes == 2, byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                break
            }
            index = bytes.index(after: index)
        }
        return url[..<index]
    }
}

#endif
