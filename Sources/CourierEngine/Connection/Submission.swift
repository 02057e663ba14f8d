#if os(Linux)
import Courier
import CourierEventLoop
import Foundation

/// One request on its way from a caller to a loop, with the continuation that answers it.
struct Submission: Sendable {
    typealias Continuation = UnsafeContinuation<(HTTPResponse, Data), any Error>

    let ticket: CancellationTicket
    let request: HTTPRequest
    let continuation: Continuation
    /// Whether the loop has sent it again already, after a kept-alive connection closed before any
    /// byte of its answer: it does so once at most.
    var isRetry = false
}

#endif
