/// An HTTP/2 request the server did not process because it was going away: its stream was above
/// the last one a GOAWAY frame named (RFC 9113 §6.8), and the request was not one that may run
/// twice (``HTTPRequest/isIdempotent``), so the transport did not send it again on another
/// connection. The server promises it did nothing with it. The client reports this as
/// ``APIError/Kind/transport`` with this error as its cause.
public struct HTTP2GoAwayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The GOAWAY's error code (RFC 9113 §7): 0 (`NO_ERROR`) for a graceful shutdown.
    public let code: UInt32
    /// The last stream the server said it may process.
    public let lastStreamID: Int32

    /// An error for a GOAWAY with `code` naming `lastStreamID`.
    public init(code: UInt32, lastStreamID: Int32) {
        self.code = code
        self.lastStreamID = lastStreamID
    }

    /// The code's name in RFC 9113 §7, such as `NO_ERROR`.
    public var codeName: String {
        HTTP2StreamError(code: code).codeName
    }

    /// For example `the server went away (GOAWAY with NO_ERROR, last stream 19) before processing the request`.
    public var description: String {
        "the server went away (GOAWAY with \(codeName), last stream \(lastStreamID)) before processing the request"
    }
}
