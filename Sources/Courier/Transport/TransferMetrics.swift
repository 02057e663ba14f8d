import Synchronization

/// How one finished transfer spent its time and what it did to connections, from its transport's
/// own clocks (libcurl's `CURLINFO_*_TIME_T` in the curl transport); what
/// `URLSessionTaskTransactionMetrics` is to URLSession.
///
/// The phases follow one another: ``nameLookup``, ``connect`` and ``tlsHandshake`` are spent only by
/// a transfer that opened a connection (`nil` on a reused one), then the ``timeToFirstByte`` of
/// the answer and the ``transfer`` of the rest. A transfer that failed before its answer has the
/// phases it reached.
public struct TransferMetrics: Sendable, Hashable {
    /// Connections the transfer opened: 0 when it reused one.
    public var connectionsOpened: Int
    /// The HTTP version the answer came in (`1.0`, `1.1`, `2`, `3`), `nil` without an answer.
    public var httpVersion: String?
    /// Resolving the host name, `nil` on a reused connection.
    public var nameLookup: Duration?
    /// The TCP connect, after the name was resolved; `nil` on a reused connection.
    public var connect: Duration?
    /// The TLS handshake, after the TCP connect; `nil` on a reused or cleartext connection.
    public var tlsHandshake: Duration?
    /// Whether that handshake resumed a session cached from an earlier connection of the same
    /// thread instead of a full handshake; `nil` without a handshake or when the transport cannot
    /// tell (libcurl built on a TLS library other than OpenSSL).
    public var tlsSessionResumed: Bool?
    /// From the request being ready to send to the answer's first byte: the server's time, with
    /// the sending and one round trip; `nil` without an answer.
    public var timeToFirstByte: Duration?
    /// From the first byte of the answer to its last, `nil` without an answer.
    public var transfer: Duration?
    /// The whole transfer, from its start to its end.
    public var total: Duration

    /// Metrics with these figures.
    public init(
        connectionsOpened: Int, httpVersion: String?, nameLookup: Duration?, connect: Duration?, tlsHandshake: Duration?,
        tlsSessionResumed: Bool?, timeToFirstByte: Duration?, transfer: Duration?, total: Duration
    ) {
        self.connectionsOpened = connectionsOpened
        self.httpVersion = httpVersion
        self.nameLookup = nameLookup
        self.connect = connect
        self.tlsHandshake = tlsHandshake
        self.tlsSessionResumed = tlsSessionResumed
        self.timeToFirstByte = timeToFirstByte
        self.transfer = transfer
        self.total = total
    }
}

/// What a transport's finished requests did to connections: the figures that tell a
/// keep-alive run (a handshake per connection) from one that reconnects for every request (a
/// handshake per request), and which HTTP version the server actually spoke.
public struct ConnectionCounts: Sendable, Hashable {
    /// Requests that ended, with a response or without.
    public var requests = 0
    /// Connections opened for them; a reused connection opens none.
    public var connectionsOpened = 0
    /// TLS handshakes made: requests that opened a connection and spent time in its handshake.
    public var tlsHandshakes = 0
    /// Those of the handshakes that resumed a cached TLS session: each thread of a transport shares
    /// one session cache among its connections, so after the first connection to a server the later
    /// ones can skip the full handshake.
    public var tlsSessionsResumed = 0
    /// Responses by the HTTP version they came in: `1.0`, `1.1`, `2` or `3`.
    public var responsesByHTTPVersion: [String: Int] = [:]
    /// The most requests one connection carried at once: HTTP/2 streams in flight together, 1
    /// over HTTP/1.1; 0 where the transport does not count them.
    public var mostStreamsPerConnection = 0
    /// GOAWAY frames HTTP/2 servers sent, by error code name (`NO_ERROR`, `ENHANCE_YOUR_CALM`, …).
    public var goAwaysByCode: [String: Int] = [:]
    /// Streams HTTP/2 servers reset (RST_STREAM), by error code name (`REFUSED_STREAM`, …).
    public var streamResetsByCode: [String: Int] = [:]

    /// No requests yet.
    public init() {}

    /// Counts one more finished transfer.
    public mutating func add(_ transfer: TransferMetrics) {
        requests += 1
        connectionsOpened += transfer.connectionsOpened
        if transfer.tlsHandshake != nil { tlsHandshakes += 1 }
        if transfer.tlsSessionResumed == true { tlsSessionsResumed += 1 }
        if let version = transfer.httpVersion { responsesByHTTPVersion[version, default: 0] += 1 }
    }
}

/// A transport's ``ConnectionCounts``, written by its threads as transfers end and read by callers,
/// and the caller's observer of each transfer's metrics.
package final class ConnectionTally: Sendable {
    private let state = Mutex(ConnectionCounts())
    private let observer: (@Sendable (TransferMetrics) -> Void)?

    /// A tally that also hands every finished transfer's metrics to `observer`, if given.
    package init(observer: (@Sendable (TransferMetrics) -> Void)?) {
        self.observer = observer
    }

    /// The counts so far.
    package var counts: ConnectionCounts {
        state.withLock { $0 }
    }

    /// Counts a finished transfer and passes its metrics on to the observer.
    package func record(_ metrics: TransferMetrics) {
        state.withLock { $0.add(metrics) }
        observer?(metrics)
    }

    /// A connection carried `streams` requests at once.
    package func recordStreamsInFlight(_ streams: Int) {
        state.withLock { $0.mostStreamsPerConnection = max($0.mostStreamsPerConnection, streams) }
    }

    /// A server sent GOAWAY with `code`.
    package func recordGoAway(code: UInt32) {
        state.withLock { $0.goAwaysByCode[HTTP2StreamError(code: code).codeName, default: 0] += 1 }
    }

    /// A server reset a stream with `code`.
    package func recordStreamReset(code: UInt32) {
        state.withLock { $0.streamResetsByCode[HTTP2StreamError(code: code).codeName, default: 0] += 1 }
    }
}
