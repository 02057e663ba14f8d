#if COURIER_CURL
import Courier

/// How a ``CurlTransport`` connects: connection caps, timeouts and the HTTP version.
public struct CurlConfiguration: Sendable, Hashable {
    /// The HTTP version a transport asks for.
    public enum HTTPVersion: Sendable, Hashable {
        // HTTP/1.1 by its version number, which lower camel case would blur into "http11".
        // swift-format-ignore: AlwaysUseLowerCamelCase
        /// HTTP/1.1 on every connection, the default: what URLSession speaks to a cleartext server
        /// and what load tests of HTTP/1.1 servers want.
        case http1_1
        /// HTTP/2 when TLS negotiates it (ALPN), HTTP/1.1 otherwise.
        case http2
        /// HTTP/2 without asking first, for cleartext servers known to speak it (h2c). With Debian
        /// 12's libcurl 7.88.1 a reused h2c connection fails its second request (CURLE_HTTP2,
        /// `URLError(.unknown)`), as the curl tool's does; use a newer libcurl for this.
        case http2PriorKnowledge
    }

    /// The most connections to one host (scheme, host and port). Over HTTP/1.1 a connection
    /// carries one request at a time, so this is also the most requests in flight to it; requests
    /// beyond it wait in the transport's queue.
    public var maximumConnectionsPerHost: Int
    /// The most connections in all, with the same meaning for requests in flight.
    public var maximumConnections: Int
    /// Over HTTP/2, how many requests one connection carries at once (its streams); requests in
    /// flight are then at most this many times the connection caps, as h2load's `-m` is to its
    /// `-c`. `1`, the default, keeps one request per connection. HTTP/1.1 ignores it.
    public var maximumStreamsPerConnection: Int
    /// Whom to trust and who to be over TLS; the system's trust store by default.
    public var tls: TLSOptions
    /// How long connecting may take, or `nil` for libcurl's own limit (300 s).
    public var connectTimeout: Duration?
    /// How long one request may take from the moment it leaves the transport's queue to its last
    /// byte, or `nil` for no limit. URLSession's default, 60 s, is the default here too; time spent
    /// waiting for a free connection slot does not count.
    public var timeout: Duration?
    /// The HTTP version to ask for.
    public var httpVersion: HTTPVersion
    /// Whether to ask for gzip/deflate/br and decode the body, as URLSession does.
    public var automaticDecompression: Bool
    /// Reactor threads, each with its own libcurl multi handle and connections; requests are dealt
    /// to them in turn. One thread drives tens of thousands of requests a second; a second one helps
    /// when the client, not the server, is what saturates a core. The connection caps are split
    /// between reactors, rounding up, so they are exact only with one.
    public var reactorCount: Int
    /// The most redirects followed (by ``Courier/Redirects``' rules, as ``Courier/URLSessionTransport``
    /// follows them) before failing with `URLError(.httpTooManyRedirects)`; `0` returns 3xx responses
    /// as they are.
    public var maximumRedirects: Int
    /// The most bytes of response body the transport holds at once across every request in flight,
    /// or `nil` for no bound but each request's own ``Courier/HTTPRequest/maximumResponseBodySize``.
    /// A response whose buffer would take the total past it fails at once as
    /// ``Courier/ResponseTooLargeError`` (`.budget(limit:)`); see ``Courier/ResponseMemoryBudget``.
    public var maximumResponseBytesInFlight: Int?

    /// A configuration with these settings.
    public init(
        maximumConnectionsPerHost: Int = 64,
        maximumConnections: Int = 256,
        connectTimeout: Duration? = .seconds(30),
        timeout: Duration? = .seconds(60),
        httpVersion: HTTPVersion = .http1_1,
        automaticDecompression: Bool = true,
        maximumRedirects: Int = Redirects.defaultLimit,
        reactorCount: Int = 1,
        maximumStreamsPerConnection: Int = 1,
        maximumResponseBytesInFlight: Int? = nil,
        tls: TLSOptions = TLSOptions()
    ) {
        self.tls = tls
        self.maximumResponseBytesInFlight = maximumResponseBytesInFlight
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
        self.maximumConnections = maximumConnections
        self.maximumStreamsPerConnection = maximumStreamsPerConnection
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.httpVersion = httpVersion
        self.automaticDecompression = automaticDecompression
        self.maximumRedirects = maximumRedirects
        self.reactorCount = reactorCount
    }

    /// The requests one connection carries at once: ``maximumStreamsPerConnection`` over HTTP/2,
    /// one over HTTP/1.1.
    var streamsPerConnection: Int {
        httpVersion == .http1_1 ? 1 : max(1, maximumStreamsPerConnection)
    }

    /// The share of this configuration one of ``reactorCount`` reactors gets.
    var perReactor: CurlConfiguration {
        let reactors = max(1, reactorCount)
        var share = self
        share.maximumConnectionsPerHost = (max(1, maximumConnectionsPerHost) + reactors - 1) / reactors
        share.maximumConnections = (max(1, maximumConnections) + reactors - 1) / reactors
        return share
    }
}

extension Duration {
    /// Whole milliseconds, at least 1, for libcurl's `_MS` options (where 0 means "no limit").
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
#endif
