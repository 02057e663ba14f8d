#if os(Linux)
import Courier
import Foundation

/// How an ``EngineTransport`` connects: its threads, connection caps, HTTP version, time limits and TLS.
public struct EngineConfiguration: Sendable, Hashable {
    /// The HTTP version the engine asks for.
    public enum HTTPVersion: Sendable, Hashable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        /// HTTP/1.1 on every connection.
        case http1_1
        /// HTTP/2 where TLS negotiates it (ALPN offers `h2` before `http/1.1`), HTTP/1.1 where the
        /// server does not take it and over cleartext.
        case http2
        /// HTTP/2 without asking first, over cleartext too, for servers known to speak it (h2c).
        case http2PriorKnowledge
    }

    /// Event-loop threads, each owning its connections; requests are dealt to them in turn, and a
    /// task that prefers one (``EngineTransport/executors``) sends through its own. One per core by
    /// default. The connection caps are split between loops, rounding up, so they are exact only
    /// with one.
    public var loopCount: Int
    /// The most connections to one origin (scheme, host and port). A connection carries one
    /// request at a time over HTTP/1.1, so this is also the most requests in flight to it there;
    /// the rest wait in the transport's queue, in order.
    public var maximumConnectionsPerHost: Int
    /// The most connections in all, with the same meaning.
    public var maximumConnections: Int
    /// The HTTP version asked for; HTTP/2 needs Courier built with its `HTTP2` trait
    /// (``EngineTransport/speaksHTTP2``).
    public var httpVersion: HTTPVersion
    /// The most requests one HTTP/2 connection carries at once, as streams: the server's own
    /// `SETTINGS_MAX_CONCURRENT_STREAMS` lowers it, never raises it. Requests beyond wait in the
    /// transport's queue, their time counted from when they were sent, until a stream or a
    /// connection is free. A connection is opened only when the open ones are full.
    public var maximumStreamsPerConnection: Int
    /// How long opening a connection (TCP and TLS) may take, or `nil` for no limit of its own.
    public var connectTimeout: Duration?
    /// How long one request may take from the moment it leaves the queue to its last byte, or
    /// `nil` for no limit; time spent waiting for a free connection does not count.
    public var timeout: Duration?
    /// Whether to ask for `gzip` and `deflate` (`Accept-Encoding`) and inflate the body, under the
    /// request's ``Courier/HTTPRequest/maximumResponseBodySize``. A request that sets
    /// `Accept-Encoding` itself gets its body as it came.
    public var automaticDecompression: Bool
    /// The most redirects followed (by ``Courier/Redirects``' rules) before failing with
    /// `URLError(.httpTooManyRedirects)`; `0` returns 3xx responses as they are.
    public var maximumRedirects: Int
    /// The most response bytes held at once across every request in flight, or `nil` for each
    /// request's own limit alone (see ``Courier/ResponseMemoryBudget``).
    public var maximumResponseBytesInFlight: Int?
    /// Whom to trust and who to be over TLS; the system's trust store by default.
    public var tls: TLSOptions
    /// The id of each HTTP/2 connection's first stream: 1, or for a test of a connection that uses
    /// up its ids (2^31 of them, hours of a long run), an odd id close to the last.
    var firstStreamID: Int32 = 1

    /// A configuration with these settings.
    public init(
        loopCount: Int = EngineConfiguration.defaultLoopCount,
        maximumConnectionsPerHost: Int = 64,
        maximumConnections: Int = 256,
        httpVersion: HTTPVersion = .http1_1,
        maximumStreamsPerConnection: Int = 100,
        connectTimeout: Duration? = .seconds(30),
        timeout: Duration? = .seconds(60),
        automaticDecompression: Bool = true,
        maximumRedirects: Int = Redirects.defaultLimit,
        maximumResponseBytesInFlight: Int? = nil,
        tls: TLSOptions = TLSOptions()
    ) {
        self.loopCount = loopCount
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
        self.maximumConnections = maximumConnections
        self.httpVersion = httpVersion
        self.maximumStreamsPerConnection = maximumStreamsPerConnection
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.automaticDecompression = automaticDecompression
        self.maximumRedirects = maximumRedirects
        self.maximumResponseBytesInFlight = maximumResponseBytesInFlight
        self.tls = tls
    }

    /// One loop per core the process may run on.
    public static var defaultLoopCount: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The share of this configuration one of ``loopCount`` loops gets.
    var perLoop: EngineConfiguration {
        let loops = max(1, loopCount)
        var share = self
        share.maximumConnectionsPerHost = (max(1, maximumConnectionsPerHost) + loops - 1) / loops
        share.maximumConnections = (max(1, maximumConnections) + loops - 1) / loops
        return share
    }
}
#endif
