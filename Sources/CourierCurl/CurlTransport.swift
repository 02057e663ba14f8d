#if COURIER_CURL
import Courier
import Foundation
import Synchronization

/// A ``Courier/Transport`` over libcurl's multi interface: one reactor thread (or a few, see
/// ``CurlConfiguration/reactorCount``) drives every connection with epoll, so thousands of requests in
/// flight cost no threads and little locking.
///
/// ```swift
/// let transport = try CurlTransport(configuration: CurlConfiguration(maximumConnectionsPerHost: 64))
/// let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080/")!, transport: transport)
/// let movie = try await client.send(MovieDetail())
/// await transport.shutdown()
/// ```
///
/// It behaves as ``Courier/URLSessionTransport`` does where callers can tell: redirects are
/// followed by the same rules (``Courier/Redirects``), bodies are decompressed, failures throw `URLError` with the codes URLSession uses
/// (refused: `.cannotConnectToHost`, timeout: `.timedOut`, reset or truncated: `.networkConnectionLost`,
/// no or garbled reply: `.badServerResponse`), with the system's error, when there is one, beneath
/// it as an `NSPOSIXErrorDomain` error under `NSUnderlyingErrorKey` (as Apple's URLSession does: a
/// refusal's `ECONNREFUSED` tells it from this process's own `EMFILE`), and cancelling the calling
/// task removes the transfer from libcurl and throws `URLError(.cancelled)`. Its sockets leave a
/// few descriptors of the process's limit free (a connection that would take them fails with
/// `EMFILE`), so that running out cannot starve the rest of the process.
///
/// Connections are kept alive and reused, except by requests that must not run twice (see
/// ``send(_:)``). At most ``CurlConfiguration/maximumConnectionsPerHost``
/// requests per origin and ``CurlConfiguration/maximumConnections`` in all are in flight; the rest
/// wait in order, and their timeouts start when they leave the queue.
///
/// Call ``shutdown()`` when done: it cancels what is still in flight and tears libcurl down on the
/// reactor thread. Dropping the last reference without it asks for the same teardown but does not
/// wait for it.
public final class CurlTransport: Transport {
    /// The settings this transport was made with.
    public let configuration: CurlConfiguration
    private let reactors: [Reactor]
    private let nextReactor = Atomic<UInt>(0)
    /// One for all reactors: each holds its lock only for the few additions of a finished transfer.
    private let tally: ConnectionTally

    /// A transport with its own reactor thread and connection pool.
    ///
    /// `observer`, when given, is called with every finished transfer's ``Courier/TransferMetrics``
    /// (its phases, its connection), on the reactor thread before the caller is answered: it must be
    /// quick and must not block, since the reactor drives every other transfer meanwhile.
    ///
    /// Throws ``CurlTransportError`` when the system refuses a descriptor or libcurl a handle, and
    /// ``Courier/TLSOptionsError`` when the TLS options name a file that cannot be read or a malformed pin.
    public init(
        configuration: CurlConfiguration = CurlConfiguration(),
        observingTransfers observer: (@Sendable (TransferMetrics) -> Void)? = nil
    ) throws {
        try configuration.tls.validate()
        self.configuration = configuration
        tally = ConnectionTally(observer: observer)
        let budget = configuration.maximumResponseBytesInFlight.map(ResponseMemoryBudget.init(limit:))
        var reactors: [Reactor] = []
        for _ in 0..<max(1, configuration.reactorCount) {
            do {
                reactors.append(try Reactor(configuration: configuration.perReactor, tally: tally, budget: budget))
            } catch {
                for reactor in reactors { reactor.requestShutdown() }
                throw error
            }
        }
        self.reactors = reactors
    }

    deinit {
        for reactor in reactors { reactor.requestShutdown() }
    }

    /// Sends the request and returns what the server answered, following redirects by
    /// ``Courier/Redirects``' rules (at most ``CurlConfiguration/maximumRedirects``).
    ///
    /// A request that is not idempotent (``Courier/HTTPRequest/isIdempotent``: a `POST` or `PATCH`
    /// without an `Idempotency-Key`) goes out on a new connection, never a kept-alive one: libcurl
    /// silently sends a request again when a reused connection dies before the answer starts, and
    /// the server may already have executed it.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try await Redirects.follow(request, limit: configuration.maximumRedirects) { try await transfer($0) }
    }

    /// One request and its answer, redirects returned as they are.
    private func transfer(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let reactor = reactors.count == 1 ? reactors[0] : reactorForCaller()
        let ticket = reactor.makeTicket()
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                reactor.submit(Submission(ticket: ticket, request: request, continuation: continuation))
            }
        } onCancel: {
            reactor.cancel(ticket)
        }
    }

    /// The reactor a task running on one of them (``executors``) sends through, so that its answer
    /// resumes it with no hop between threads; the others, in turn.
    private func reactorForCaller() -> Reactor {
        if let preferred = withUnsafeCurrentTask(body: { $0?.unownedTaskExecutor }),
            let own = reactors.first(where: { $0.unownedExecutor == preferred })
        {
            return own
        }
        return reactors[Int(nextReactor.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(reactors.count))]
    }

    /// What the requests finished so far did to connections: how many were opened, how many TLS
    /// handshakes they made and how many of those resumed a session, and the HTTP versions the
    /// responses came in. Safe to read at any time, from any thread; a request is counted when it
    /// ends, with or without a response.
    public func connectionCounts() -> ConnectionCounts {
        tally.counts
    }

    /// The reactor threads as task executors, one per reactor. A task that prefers one
    /// (`withTaskExecutorPreference`, `TaskGroup.addTask(executorPreference:)`) runs on that
    /// reactor's thread between its transfers and sends its requests through that reactor, so that
    /// each answer resumes it where it arrived, with no hop to another thread; bench's load workers
    /// run this way. Other callers' requests are dealt to the reactors in turn. Such a task shares the
    /// thread with every transfer of the reactor, so it must not block.
    public var executors: [any TaskExecutor] {
        reactors.map(\.executor)
    }

    /// Cancels every request in flight or waiting (they throw `URLError(.cancelled)`), releases the
    /// connections and libcurl's handles on the reactor thread, and returns when that is done.
    /// Later sends throw `URLError(.cancelled)`. Calling it again waits for the same teardown.
    public func shutdown() async {
        for reactor in reactors {
            await reactor.shutdown()
        }
    }
}

/// Why a ``CurlTransport`` could not be created: a system call or libcurl refused a resource.
public struct CurlTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, such as `epoll_create1` or `curl_multi_init`.
    public let call: String
    /// Its `errno`, or 0 for libcurl calls, which report no reason.
    public let code: Int32

    /// An error for `call` failing with `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The call and its errno, such as `epoll_create1 failed (errno 24)`.
    public var description: String {
        "\(call) failed (errno \(code))"
    }
}
#endif
