#if COURIER_CURL
import CCurl
import Synchronization

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
    /// Responses by the HTTP version they came in: `1.0`, `1.1`, `2` or `3`.
    public var responsesByHTTPVersion: [String: Int] = [:]

    /// No requests yet.
    public init() {}

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
/// callers.
final class ConnectionTally: Sendable {
    private let state = Mutex(ConnectionCounts())

    /// The counts so far.
    var counts: ConnectionCounts {
        state.withLock { $0 }
    }

    /// Counts the transfer `easy` has just finished, from libcurl's own figures for it.
    func record(_ easy: UnsafeMutableRawPointer) {
        var connects = 0
        var version = 0
        var handshake: curl_off_t = 0
        courier_curl_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects)
        courier_curl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        courier_curl_easy_getinfo_off_t(easy, CURLINFO_APPCONNECT_TIME_T, &handshake)
        let name = ConnectionCounts.versionName(version)
        state.withLock { counts in
            counts.requests += 1
            counts.connectionsOpened += connects
            if connects > 0, handshake > 0 { counts.tlsHandshakes += 1 }
            if let name { counts.responsesByHTTPVersion[name, default: 0] += 1 }
        }
    }
}
#endif
