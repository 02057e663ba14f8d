#if COURIER_HTTP2
import Courier
import CourierSystem
import Foundation

/// One request on an HTTP/2 connection and what has come of it so far. A connection keeps the
/// streams it finished and reuses them, so that a request allocates no stream of its own.
final class HTTP2Stream {
    private(set) var submission: Submission?
    /// The stream's id, given when its request was submitted.
    var id: Int32 = 0
    /// Its place in its connection's streams in flight.
    var slot = 0
    /// When the request left the queue (or its connection began to open), monotonic nanoseconds.
    private(set) var started: UInt64 = 0
    /// When it must be done.
    private(set) var deadline = UInt64.max
    private(set) var opensConnection = false
    private(set) var requestWasHEAD = false
    /// When its HEADERS frame left, and when the first frame of its answer came.
    var sent: UInt64 = 0
    var firstByte: UInt64 = 0

    /// The final response's status, once its `:status` has come; an interim answer's until then.
    var status = 0
    var headers = HTTPHeaders()
    /// Whether the final (non-1xx) response head is whole: later header blocks are trailers.
    var hasFinalHead = false
    /// The header block's size as RFC 9113 §6.5.2 counts it, and its field count.
    var headerListBytes = 0
    var fieldCount = 0
    /// CONTINUATION frames of the header block being read.
    var continuations = 0
    var body = ResponseBody()
    /// The inflater a compressed body goes through, kept with the stream for its next request.
    var inflater: Inflater?
    /// Why the client gave the stream up, reported when nghttp2 closes it.
    var failure: (any Error)?
    /// The request's body and how much of it has gone out.
    private(set) var requestBody: Data?
    var requestBodyOffset = 0

    /// Takes `submission`, started at `started`, due by `deadline`.
    func take(_ submission: Submission, started: UInt64, deadline: UInt64, opensConnection: Bool) {
        self.submission = submission
        self.started = started
        self.deadline = deadline
        self.opensConnection = opensConnection
        requestWasHEAD = submission.request.method == "HEAD"
        requestBody = submission.request.body
    }

    /// Gives the request back and forgets the exchange, ready for the next.
    func reset() -> Submission? {
        let taken = submission
        submission = nil
        body.release()
        body = ResponseBody()
        id = 0
        deadline = .max
        sent = 0
        firstByte = 0
        status = 0
        headers = HTTPHeaders()
        hasFinalHead = false
        headerListBytes = 0
        fieldCount = 0
        continuations = 0
        failure = nil
        requestBody = nil
        requestBodyOffset = 0
        return taken
    }

    /// A header block begins: before the final head, any interim head's fields are forgotten.
    func beginHeaders(at now: UInt64) {
        if firstByte == 0 { firstByte = now }
        continuations = 0
        guard !hasFinalHead else { return }
        status = 0
        headerListBytes = 0
        fieldCount = 0
        if !headers.fields.isEmpty { headers = HTTPHeaders() }
        // One allocation for a usual answer's fields, not one per doubling.
        headers.reserveCapacity(8)
    }

    /// Copies up to `buffer.count` bytes of the request body into `buffer`; `true` once the last
    /// byte has been copied.
    func copyBody(into buffer: UnsafeMutableRawBufferPointer) -> (count: Int, finished: Bool) {
        guard let requestBody else { return (0, true) }
        let count = min(buffer.count, requestBody.count - requestBodyOffset)
        if count > 0 {
            requestBody.withUnsafeBytes { bytes in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[requestBodyOffset..<requestBodyOffset + count]))
            }
        }
        requestBodyOffset += count
        return (count, requestBodyOffset == requestBody.count)
    }
}
#endif
