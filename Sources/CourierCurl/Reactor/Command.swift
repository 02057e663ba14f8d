#if COURIER_CURL
/// What callers ask of a reactor, in the order they asked.
enum Command: Sendable {
    /// Send a request.
    case submit(Submission)
    /// Stop the transfer with this id, wherever it is.
    case cancel(UInt64)
    /// Cancel everything, tear libcurl down and end the thread.
    case shutdown
}
#endif
