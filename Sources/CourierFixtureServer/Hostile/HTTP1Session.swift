#if COURIER_OPENSSL
/// The HTTP/1.1 behaviours on one connection: reads a request head, answers it, and either waits
/// for the next request or ends the connection as the behaviour says.
struct HTTP1Session {
    /// The most bytes a request head may take before the server gives up on the connection.
    private static let maximumHeadBytes = 16 * 1024

    let connection: TLSConnection
    let counters: HostileCounters

    /// Serves until the client closes, a head is too large or the behaviour ends the connection.
    func run(bodyBytes: Int?, closeNotify: Bool) {
        var received: [UInt8] = []
        while let headEnd = readHead(into: &received) {
            received.removeFirst(headEnd)
            counters.streamsStarted.wrappingAdd(1, ordering: .relaxed)
            guard let bodyBytes else {
                // Counted before the write returns, and taken back if it fails: the client can read
                // the answer, and its test read the count, before this thread runs again.
                counters.streamsAnswered.wrappingAdd(1, ordering: .relaxed)
                guard connection.write(Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello".utf8)) else {
                    counters.streamsAnswered.wrappingSubtract(1, ordering: .relaxed)
                    return
                }
                continue
            }
            answerCloseDelimited(bodyBytes: bodyBytes, closeNotify: closeNotify)
            return
        }
    }

    /// Reads until `received` holds a whole head; the index just past its blank line, or nil when
    /// the client closed, went quiet or sent more than the limit without one.
    private func readHead(into received: inout [UInt8]) -> Int? {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let range = received.firstRange(of: terminator) { return range.upperBound }
            guard received.count < Self.maximumHeadBytes, connection.read(appendingTo: &received) else { return nil }
        }
    }

    /// A body with no length, ended by the end of the connection: with close_notify a complete
    /// body, without it one a client cannot tell from a truncated one and must refuse. Leaving out
    /// `SSL_shutdown` is all the truncation takes: OpenSSL sends no alert of its own when an `SSL`
    /// is freed, and the caller then shuts down and closes the socket.
    private func answerCloseDelimited(bodyBytes: Int, closeNotify: Bool) {
        let head = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: application/octet-stream\r\n\r\n"
        guard connection.write(Array(head.utf8)) else { return }
        var remaining = max(0, bodyBytes)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16 * 1024)
        while remaining > 0 {
            guard connection.write(Array(chunk.prefix(remaining))) else { return }
            remaining -= min(remaining, chunk.count)
        }
        counters.streamsAnswered.wrappingAdd(1, ordering: .relaxed)
        if closeNotify { connection.closeNotify() }
    }
}
#endif
