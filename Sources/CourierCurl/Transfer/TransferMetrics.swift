#if COURIER_CURL
import CCurl
import Synchronization

/// How one finished transfer spent its time and what it did to connections, from libcurl's own
/// clocks (`CURLINFO_*_TIME_T`); what `URLSessionTaskTransactionMetrics` is to URLSession.
///
/// The phases follow one another: ``nameLookup``, ``connect`` and ``tlsHandshake`` are spent only by
/// a transfer that opened a connection (`nil` on a reused one), then the ``timeToFirstByte`` of
/// the answer and the ``transfer`` of the rest. A transfer that failed before its answer has the
/// phases it reached.
public struct CurlTransferMetrics: Sendable, Hashable {
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
    /// reactor instead of a full handshake; `nil` without a handshake or when libcurl's TLS library
    /// is not OpenSSL.
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

    /// The figures libcurl kept for the transfer `easy` has just finished; `sessionResumed` is what
    /// the transfer saw while it still held its connection.
    init(finished easy: UnsafeMutableRawPointer, sessionResumed: Bool?) {
        var connects = 0
        var version = 0
        courier_curl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        courier_curl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        // libcurl's clocks all start at the transfer's start; each phase is the step between two.
        func clock(_ info: CURLINFO) -> Int64 {
            var microseconds: curl_off_t = 0
            courier_curl_easy_getinfo_off_t(easy, info, &microseconds)
            return Int64(microseconds)
        }
        let resolved = clock(CURLINFO_NAMELOOKUP_TIME_T)
        let connected = clock(CURLINFO_CONNECT_TIME_T)
        let secured = clock(CURLINFO_APPCONNECT_TIME_T)
        let ready = clock(CURLINFO_PRETRANSFER_TIME_T)
        let firstByte = clock(CURLINFO_STARTTRANSFER_TIME_T)
        let total = clock(CURLINFO_TOTAL_TIME_T)
        let opened = connects > 0
        let handshook = opened && secured > 0
        self.init(
            connectionsOpened: connects,
            httpVersion: ConnectionCounts.versionName(version),
            nameLookup: opened ? .microseconds(resolved) : nil,
            connect: opened && connected > 0 ? .microseconds(max(0, connected - resolved)) : nil,
            tlsHandshake: handshook ? .microseconds(max(0, secured - connected)) : nil,
            tlsSessionResumed: handshook ? sessionResumed : nil,
            timeToFirstByte: firstByte > 0 ? .microseconds(max(0, firstByte - ready)) : nil,
            transfer: firstByte > 0 ? .microseconds(max(0, total - firstByte)) : nil,
            total: .microseconds(total)
        )
    }
}

/// What a ``CurlTransport``'s finished requests did to connections: the figures that tell a
/// keep-alive run (a handshake per connection) from one that reconnects for every request (a
/// handshake per request), and which HTTP version the server actually spoke.
public struct ConnectionCounts: Sendable, Hashable {
    /// Requests that ended, with a response or without.
    public var requests = 0
    /// Connections opened for them (libcurl's `CURLINFO_NUM_CONNECTS`); a reused connection opens
    /// none.
    public var connectionsOpened = 0
    /// TLS handshakes made: requests that opened a connection and spent time in its handshake
    /// (`CURLINFO_APPCONNECT_TIME_T`).
    public var tlsHandshakes = 0
    /// Those of the handshakes that resumed a cached TLS session: each reactor shares one session
    /// cache among its connections, so after the first connection to a server the later ones can
    /// skip the full handshake. Counted only when libcurl's TLS library is OpenSSL.
    public var tlsSessionsResumed = 0
    /// Responses by the HTTP version they came in: `1.0`, `1.1`, `2` or `3`.
    public var responsesByHTTPVersion: [String: Int] = [:]

    /// No requests yet.
    public init() {}

    /// Counts one more finished transfer.
    public mutating func add(_ transfer: CurlTransferMetrics) {
        requests += 1
        connectionsOpened += transfer.connectionsOpened
        if transfer.tlsHandshake != nil { tlsHandshakes += 1 }
        if transfer.tlsSessionResumed == true { tlsSessionsResumed += 1 }
        if let version = transfer.httpVersion { responsesByHTTPVersion[version, default: 0] += 1 }
    }

    /// The name a report gives libcurl's `CURL_HTTP_VERSION_*` value, `nil` for none (no response).
    static func versionName(_ version: Int) -> String? {
        switch version {
        case Int(CURL_HTTP_VERSION_1_0): "1.0"
        case Int(CURL_HTTP_VERSION_1_1): "1.1"
        case Int(CURL_HTTP_VERSION_2_0): "2"
        case Int(CURL_HTTP_VERSION_3): "3"
        default: nil
        }
    }
}

/// A transport's ``ConnectionCounts``, written by its reactor threads as transfers end and read by
/// callers, and the caller's observer of each transfer's metrics.
final class ConnectionTally: Sendable {
    private let state = Mutex(ConnectionCounts())
    private let observer: (@Sendable (CurlTransferMetrics) -> Void)?

    /// A tally that also hands every finished transfer's metrics to `observer`, if given.
    init(observer: (@Sendable (CurlTransferMetrics) -> Void)?) {
        self.observer = observer
    }

    /// The counts so far.
    var counts: ConnectionCounts {
        state.withLock { $0 }
    }

    /// Counts the transfer `easy` has just finished, from libcurl's own figures for it, and passes
    /// them on to the observer.
    func record(_ easy: UnsafeMutableRawPointer, sessionResumed: Bool?) {
        let metrics = CurlTransferMetrics(finished: easy, sessionResumed: sessionResumed)
        state.withLock { $0.add(metrics) }
        observer?(metrics)
    }
}
#endif
