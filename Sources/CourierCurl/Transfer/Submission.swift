import Courier
import Foundation

/// One request on its way from a caller to the reactor, with the continuation that answers it.
struct Submission: Sendable {
    /// What the caller resumes with.
    typealias Continuation = UnsafeContinuation<(HTTPResponse, Data), any Error>

    let ticket: CancellationTicket
    let request: HTTPRequest
    let continuation: Continuation

    /// The scheme, host and port the request goes to (`http://127.0.0.1:8080`), which the
    /// per-host connection cap counts by; the whole URL when it has no `://`.
    var origin: Substring {
        let url = request.url
        guard let separator = url.range(of: "://") else { return url[...] }
        let rest = url[separator.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return url[..<end]
    }
}
