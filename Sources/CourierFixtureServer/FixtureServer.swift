import CourierSystem
import Foundation
import Synchronization
#if os(Linux)
import CourierEventLoop
#endif

/// A small HTTP/1.1 server on 127.0.0.1, started in-process, that serves the deterministic fixture
/// payloads and misbehaves on request: the real endpoint the bench and the tests drive the client
/// against.
///
/// ```swift
/// let server = try FixtureServer.start()
/// defer { server.stop() }
/// let client = APIClient(baseURL: server.baseURL)
/// let movies = try await client.send(Movies(page: 1))    // GET /movies?page=1, 100 movies
/// ```
///
/// One thread runs an event loop over non-blocking sockets (on Linux the package's shared epoll
/// loop, elsewhere `poll`; see ``Configuration`` for the limits);
/// it keeps connections alive, answers malformed requests with 400 and oversized ones with 431 or
/// 413, and closes those connections. ``stop()`` closes the listener and every connection, so calls
/// in flight fail as they would against a server that went away.
public final class FixtureServer: Sendable {
    /// The port the server listens on, chosen by the system unless the configuration named one.
    public let port: UInt16
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let counts: RequestCounts
    #if os(Linux)
    private let loop: EventLoop<FixtureLoop>
    private let stopped = Atomic<Bool>(false)
    private let finished: DispatchSemaphore
    #else
    private let stopper: LoopStopper
    #endif

    /// How the server is set up.
    public struct Configuration: Sendable {
        /// The port to listen on; 0, the default, lets the system pick a free one.
        public var port: UInt16 = 0
        /// The routes served, by exact path; others get 404. Defaults to ``FixtureServer/standardRoutes``.
        public var routes: [String: FixtureRoute] = FixtureServer.standardRoutes
        /// The most bytes a request line and its header fields may take; larger requests get 431.
        public var maximumHeaderBytes = 16 * 1024
        /// The largest request body accepted; larger ones get 413.
        public var maximumBodyBytes = 1 << 20
        /// Connections served at once; further clients wait in the listen backlog.
        public var maximumConnections = 4096
        /// How long a connection may sit with nothing to read, send or wait for before the server
        /// closes it, so that idle clients cannot hold every connection slot.
        public var idleTimeout: Duration = .seconds(60)
        /// What the server does with each connection it accepts: serve it, or fail in a way no route
        /// can, because a route is chosen only after the request is read.
        public var acceptance: Acceptance = .serve
        /// How many requests a token of the `/flow/sign-in` route serves before `/flow/…` refuses it
        /// with a 401: a sign-in that wears out, for journeys that must sign in again.
        public var flowTokenUses = 5

        /// What the server does with a connection it has accepted.
        public enum Acceptance: Sendable, Equatable {
            /// Reads requests and answers them: the server as it normally is.
            case serve
            /// Resets the connection (TCP RST) once the request has arrived, without reading a byte
            /// of it: the client has connected and sent, and gets no answer but the reset.
            case reset
            /// Never reads from the connection nor answers: a server that hangs whole. The
            /// connection stays open, untouched by the idle timeout, until the server stops.
            case stall
        }

        /// The standard routes and limits on an ephemeral port.
        public init() {}

        /// The standard limits serving `routes`.
        public init(routes: [String: FixtureRoute]) {
            self.routes = routes
        }
    }

    /// Binds, listens and starts serving on a thread of its own.
    public static func start(_ configuration: Configuration = Configuration()) throws(SocketError) -> FixtureServer {
        let counts = RequestCounts(paths: Array(configuration.routes.keys) + FlowService.paths)
        #if os(Linux)
        let finished = DispatchSemaphore(value: 0)
        let listener = try Posix.makeListener(port: configuration.port, backlog: 1024)
        let port = try Posix.localPort(closingOnFailure: listener)
        do throws(EventLoopError) {
            let loop = try EventLoop(name: "FixtureServer:\(port)") { io in
                FixtureLoop(io: io, listener: listener, configuration: configuration, counts: counts, finished: finished)
            }
            return FixtureServer(port: port, counts: counts, finished: finished, loop: loop)
        } catch {
            Posix.close(listener)
            throw SocketError(call: error.call, code: error.code)
        }
        #else
        let (listener, port, pipe) = try Posix.makeServerSockets(port: configuration.port, backlog: 1024)
        let stopper = LoopStopper(wake: pipe.write)
        let thread = Thread {
            FixtureLoop(listener: listener, configuration: configuration, counts: counts).run(wake: pipe.read)
            stopper.loopFinished()
        }
        thread.name = "FixtureServer:\(port)"
        thread.start()
        return FixtureServer(port: port, counts: counts, stopper: stopper)
        #endif
    }

    #if os(Linux)
    private init(port: UInt16, counts: RequestCounts, finished: DispatchSemaphore, loop: EventLoop<FixtureLoop>) {
        self.port = port
        self.counts = counts
        self.finished = finished
        self.loop = loop
        baseURL = Self.baseURL(port: port)
    }
    #else
    private init(port: UInt16, counts: RequestCounts, stopper: LoopStopper) {
        self.port = port
        self.counts = counts
        self.stopper = stopper
        baseURL = Self.baseURL(port: port)
    }
    #endif

    /// `http://127.0.0.1:<port>`.
    private static func baseURL(port: UInt16) -> URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = Int(port)
        // Scheme, numeric host and port always form a URL; the fallback only satisfies the type.
        return components.url ?? URL(fileURLWithPath: "/")
    }

    /// The URL of `path` (with its query, if any) on this server.
    public func url(_ path: String) -> URL {
        URL(string: path, relativeTo: baseURL)?.absoluteURL ?? baseURL
    }

    /// The paths of the configured routes, sorted.
    public var paths: [String] {
        counts.paths
    }

    /// How many requests to `path` (a configured route's path, without a query) the server has read
    /// and answered or misbehaved on so far: how a test tells a request executed once from one a
    /// client sent twice.
    public func requestCount(_ path: String) -> Int {
        counts.count(path)
    }

    /// Stops serving: closes the listener and every connection, and returns once the loop's thread
    /// has. New connections are then refused. Calling it again does nothing.
    public func stop() {
        #if os(Linux)
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        loop.requestShutdown()
        finished.wait()
        #else
        stopper.stop()
        #endif
    }

    deinit {
        stop()
    }
}

/// A system call a server could not make; the package's system layer defines it, and the servers
/// throw it.
public typealias SocketError = CourierSystem.SocketError
