#if os(Linux)
import Courier
import CourierEventLoop
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Courier's own HTTP engine as a ``Courier/Transport``: event loops on epoll, one per core, each
/// owning its connections, parsing HTTP/1.1 responses in place with a strict parser of Courier's
/// own, speaking HTTP/2 through nghttp2 on the same loops when asked
/// (``EngineConfiguration/httpVersion``), and TLS through OpenSSL directly on the socket.
///
/// ```swift
/// let transport = try EngineTransport(configuration: EngineConfiguration(maximumConnectionsPerHost: 64))
/// let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080/")!, transport: transport)
/// let movie = try await client.send(MovieDetail())
/// await transport.shutdown()
/// ```
///
/// It behaves as the other transports do where callers can tell: redirects follow
/// ``Courier/Redirects``' rules; failures throw `URLError` with URLSession's codes (refused:
/// `.cannotConnectToHost`, with the system's error beneath it; timeout: `.timedOut`; reset or cut
/// short: `.networkConnectionLost`; no reply: `.badServerResponse`; a refused certificate:
/// `.serverCertificateUntrusted` and its kin, with OpenSSL's words), and a response whose framing
/// contradicts itself throws ``Courier/ResponseFramingError``. Cancelling the calling task closes
/// the request's connection and throws `URLError(.cancelled)`.
///
/// Connections are kept alive and reused, except by requests that must not run twice
/// (``Courier/HTTPRequest/isIdempotent``), which always go out on a connection of their own. An
/// idempotent request whose kept-alive connection turns out closed before any byte of its answer is
/// sent once more on a new connection, as RFC 9110 §9.2.2 allows.
///
/// Over HTTP/2 a connection carries up to ``EngineConfiguration/maximumStreamsPerConnection``
/// requests at once, fewer when the server says so; a server's GOAWAY sends the streams it did not
/// process again on a new connection when they may run twice (else they throw
/// ``Courier/HTTP2GoAwayError``), a refused stream (`REFUSED_STREAM`) goes again once and the
/// connection carries one stream fewer, and any other reset throws ``Courier/HTTP2StreamError``
/// with its code. A server that breaks the protocol has its connection torn down
/// (`URLError(.networkConnectionLost)`, with nghttp2's words).
///
/// What it does not do: proxies, HTTP/3, authentication schemes beyond header fields.
/// Use ``CourierCurl`` for those. Host names are resolved once per loop and origin, blocking that
/// loop while the resolver works; `--resolve`-style pins (``Courier/TLSOptions/resolvedHosts``)
/// skip the resolver.
public final class EngineTransport: Transport {
    /// The settings this transport was made with.
    public let configuration: EngineConfiguration
    /// Whether this build speaks HTTP/2: Courier built with its `HTTP2` trait (nghttp2). Without
    /// it, a configuration asking for HTTP/2 is refused with ``EngineConfigurationError``.
    public static var speaksHTTP2: Bool {
        #if COURIER_HTTP2
        true
        #else
        false
        #endif
    }
    /// Whether this build speaks HTTPS: Courier built with its `OpenSSL` trait. Without it, an
    /// `https` URL fails with `URLError(.unsupportedURL)`.
    public static var speaksTLS: Bool {
        #if COURIER_OPENSSL
        true
        #else
        false
        #endif
    }
    private let loops: [EventLoop<EngineLoop>]
    private let nextLoop = Atomic<UInt>(0)
    private let nextID = Atomic<UInt64>(0)
    private let tally: ConnectionTally

    /// A transport with its own loops and connections.
    ///
    /// `observer`, when given, is called with every finished request's ``Courier/TransferMetrics``
    /// on its loop's thread before the caller is answered: it must be quick and must not block.
    ///
    /// Throws ``EngineConfigurationError`` when the configuration asks for HTTP/2 of a build
    /// without it, ``Courier/TLSOptionsError`` when the TLS options name a file that cannot be read
    /// or a malformed pin, ``TLSContextError`` when OpenSSL refuses them, and
    /// ``EngineTransportError`` when the system refuses a loop's descriptors.
    public init(
        configuration: EngineConfiguration = EngineConfiguration(),
        observingTransfers observer: (@Sendable (TransferMetrics) -> Void)? = nil
    ) throws {
        if configuration.httpVersion != .http1_1, !Self.speaksHTTP2 {
            throw EngineConfigurationError("HTTP/2 needs Courier built with its HTTP2 trait (nghttp2)")
        }
        try configuration.tls.validate()
        self.configuration = configuration
        let tally = ConnectionTally(observer: observer)
        self.tally = tally
        let budget = configuration.maximumResponseBytesInFlight.map(ResponseMemoryBudget.init(limit:))
        let share = configuration.perLoop
        #if COURIER_OPENSSL
        let tls = try TLSContext(configuration.tls, offersHTTP2: configuration.httpVersion != .http1_1)
        #endif
        var loops: [EventLoop<EngineLoop>] = []
        for _ in 0..<max(1, configuration.loopCount) {
            do {
                loops.append(
                    try EventLoop(name: "Courier engine") { io in
                        #if COURIER_OPENSSL
                        EngineLoop(io: io, configuration: share, tally: tally, budget: budget, tls: tls)
                        #else
                        EngineLoop(io: io, configuration: share, tally: tally, budget: budget)
                        #endif
                    })
            } catch {
                for loop in loops { loop.requestShutdown() }
                throw EngineTransportError(call: error.call, code: error.code)
            }
        }
        self.loops = loops
    }

    deinit {
        for loop in loops { loop.requestShutdown() }
    }

    /// Sends the request and returns what the server answered, following redirects by
    /// ``Courier/Redirects``' rules (at most ``EngineConfiguration/maximumRedirects``).
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try await Redirects.follow(request, limit: configuration.maximumRedirects) { try await exchange($0) }
    }

    /// One request and its answer, redirects returned as they are.
    private func exchange(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let loop = loops.count == 1 ? loops[0] : loopForCaller()
        let ticket = CancellationTicket(id: nextID.wrappingAdd(1, ordering: .relaxed).newValue)
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                if !loop.post(.submit(Submission(ticket: ticket, request: request, continuation: continuation))) {
                    continuation.resume(throwing: URLError(.cancelled))
                }
            }
        } onCancel: {
            ticket.cancel()
            _ = loop.post(.cancel(ticket.id))
        }
    }

    /// The loop a task running on one of them (``executors``) sends through, so that its answer
    /// resumes it with no hop between threads; the others, in turn.
    private func loopForCaller() -> EventLoop<EngineLoop> {
        if let preferred = withUnsafeCurrentTask(body: { $0?.unownedTaskExecutor }),
            let own = loops.first(where: { $0.unownedExecutor == preferred })
        {
            return own
        }
        return loops[Int(nextLoop.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(loops.count))]
    }

    /// What the requests finished so far did to connections. Safe to read at any time, from any
    /// thread; a request is counted when it ends, with or without a response.
    public func connectionCounts() -> ConnectionCounts {
        tally.counts
    }

    /// The loops' threads as task executors, one per loop. A task that prefers one runs on that
    /// loop's thread between its requests and sends through that loop, so that each answer resumes
    /// it where it arrived; bench's load workers run this way. Such a task shares the thread with
    /// all of the loop's connections, so it must not block.
    public var executors: [any TaskExecutor] {
        loops.map(\.executor)
    }

    /// Cancels every request in flight or waiting (they throw `URLError(.cancelled)`), closes the
    /// connections on their loops, and returns when that is done. Later sends throw
    /// `URLError(.cancelled)`.
    public func shutdown() async {
        for loop in loops {
            await loop.shutdown()
        }
    }
}

/// Why an ``EngineTransport`` refused its configuration.
public struct EngineConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Why an ``EngineTransport`` could not be created: a system call refused a loop's descriptor.
public struct EngineTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, such as `epoll_create1`.
    public let call: String
    /// Its `errno`.
    public let code: Int32

    /// `epoll_create1 failed (errno 24)`.
    public var description: String {
        "\(call) failed (errno \(code))"
    }
}
#endif
