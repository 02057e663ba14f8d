import Foundation

/// Ways the fixture server misbehaves at the transport level, each a failure a client meets in
/// production. (Error statuses such as 429 and 503 are ordinary responses: see ``FixtureRoute``.)
public enum FixtureFault: Sendable, Equatable {
    /// Reads the request, then resets the connection (TCP RST) without a byte of response.
    case resetBeforeResponse
    /// Reads the request, then closes the connection (an orderly FIN) without a byte of response:
    /// what a server that crashed or restarted mid-request looks like. On a kept-alive connection
    /// this is the moment a client must not silently send the request again.
    case closeWithoutResponse
    /// Sends the head with the full `Content-Length` and half the body, then closes the connection.
    case closeMidBody
    /// Sends the head at once, then the body `chunkBytes` at a time, one chunk every `interval`.
    case slowDrip(chunkBytes: Int, interval: Duration)
    /// Sends the status line at once and the header fields and body only after `delay`: a server
    /// that starts answering and then stalls before its head is complete.
    case slowHeaderFields(delay: Duration)
    /// Sends a line that is not an HTTP status line, then closes the connection.
    case garbageStatusLine
    /// Sends these bytes as they are, in place of the response, then closes the connection: a
    /// hostile server's answer, framed as no honest server frames one (two `Content-Length` fields,
    /// a chunk size that is not hexadecimal, a header field larger than a client keeps, …).
    case rawResponse(Data)
}
