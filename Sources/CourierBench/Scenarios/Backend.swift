import Courier
import CourierTesting
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What answers a round trip's requests: the in-memory transport (the client layer alone), the
/// URLProtocol stub (the whole URLSession stack, no sockets), a server you start, or a server that
/// is already running.
public struct Backend: Sendable {
    /// How `list` names it.
    let description: String
    /// Each request's limit in a round trip, whatever answers: the transports are made with it, and
    /// the load runner stops waiting for a request past it.
    static let requestTimeout: Duration = .seconds(10)
    private let open: @Sendable (_ client: APIClient, _ request: HTTPRequest?, _ concurrency: Int) async throws -> Connection

    /// A client rebound to the backend, and how to release what was opened for it.
    struct Connection: Sendable {
        let client: APIClient
        let close: @Sendable () async -> Void
    }

    /// Opens the backend for `concurrency` workers and rebinds `client` (its decoder, encoder and
    /// middlewares) to it. `request` is the client's request for the scenario's endpoint; `nil` for
    /// a journey, which sends many.
    func connect(_ client: APIClient, sending request: HTTPRequest?, concurrency: Int) async throws -> Connection {
        try await open(client, request, concurrency)
    }

    /// The base URL a journey's client starts from before a backend rebinds it; an in-memory
    /// backend keeps it, and answers any path under it alike.
    static let journeyPlaceholder = URL(string: "http://journey.invalid") ?? URL(fileURLWithPath: "/")

    /// Every request answered in memory with `status`, `headers` and `body`, without URLSession:
    /// what remains is the cost of the client layer, your middlewares and your model.
    public static func inMemory(answering body: PayloadSource, status: Int = 200, headers: [String: String] = [:]) -> Backend {
        Backend(description: "in memory") { client, _, _ in
            let transport = InMemoryTransport.constant(status: status, headers: HTTPHeaders(headers), body: try body.data())
            return Connection(client: client.rebound(to: client.baseURL, transport: transport)) {}
        }
    }

    /// Requests sent through a real URLSession whose URLProtocol stub answers the endpoint's
    /// method and path (under the client's base path) with `status`, `headers` and `body`: the whole
    /// Foundation stack, no sockets.
    public static func urlProtocolStub(
        answering body: PayloadSource,
        status: Int = 200,
        headers: [String: String] = ["Content-Type": "application/json"]
    ) -> Backend {
        Backend(description: "URLProtocol stub") { client, request, _ in
            guard let request else {
                throw BackendError("the URLProtocol stub answers one endpoint; a journey needs a server or the in-memory backend")
            }
            let server = StubServer(recordsRequests: false)
            let components = URLComponents(string: request.url)
            let path = components?.percentEncodedPath.removingPercentEncoding ?? "/"
            server.route(request.method, path, StubResponse(status: status, headers: HTTPHeaders(headers), body: try body.data()))
            // The stub's host in front of the client's base path, so the route matches what is sent.
            let basePath = client.baseURL.path
            let base = basePath.isEmpty || basePath == "/" ? server.baseURL : server.baseURL.appendingPathComponent(basePath)
            let transport = URLSessionTransport(session: server.session)
            return Connection(client: client.rebound(to: base, transport: transport)) { withExtendedLifetime(server) {} }
        }
    }

    /// A server `start` starts for the scenario (and stops after it), reached over real sockets
    /// through `transport`: your own test server, or CourierFixtureServer's. Over TLS, `trust` says
    /// whom to trust and who to be, and `httpVersion` which HTTP to ask for, as `load`'s `--cacert`,
    /// `--cert`, `--key`, `--resolve`, `--insecure` and `--http` do (the curl transport honours
    /// them all; URLSession on Linux none, and the scenario fails saying so).
    ///
    /// ```swift
    /// .localServer { let server = try FixtureServer.start(); return LocalServer(baseURL: server.baseURL, stop: server.stop) }
    /// ```
    public static func localServer(
        transport: TransportKind = .urlSession, httpVersion: TransportSettings.HTTPVersion? = nil, trust: TrustSettings = TrustSettings(),
        _ start: @escaping @Sendable () async throws -> LocalServer
    ) -> Backend {
        Backend(description: "a local server through \(transport.name)") { client, _, concurrency in
            let server = try await start()
            do {
                let open = try transport.make(settings(concurrency: concurrency, httpVersion: httpVersion, trust: trust))
                return Connection(client: client.rebound(to: server.baseURL, transport: open.transport)) {
                    await open.shutDown()
                    await server.stop()
                }
            } catch {
                await server.stop()
                throw error
            }
        }
    }

    /// The server at `baseURL`, already running, reached through `transport`, with `httpVersion`
    /// and `trust` as ``localServer(transport:httpVersion:trust:_:)`` takes them: a staging server
    /// behind a private CA, say. Mind whose server it is: a round trip sends as fast as it can.
    public static func server(
        at baseURL: URL, transport: TransportKind = .urlSession, httpVersion: TransportSettings.HTTPVersion? = nil,
        trust: TrustSettings = TrustSettings()
    ) -> Backend {
        Backend(description: "\(Redaction.url(baseURL.absoluteString)) through \(transport.name)") { client, _, concurrency in
            let open = try transport.make(settings(concurrency: concurrency, httpVersion: httpVersion, trust: trust))
            return Connection(client: client.rebound(to: baseURL, transport: open.transport), close: open.shutDown)
        }
    }

    /// A round trip's transport settings: a connection per worker, the round trip's timeout.
    private static func settings(concurrency: Int, httpVersion: TransportSettings.HTTPVersion?, trust: TrustSettings) -> TransportSettings {
        var settings = TransportSettings(connections: concurrency, timeout: requestTimeout, httpVersion: httpVersion)
        settings.trust = trust
        return settings
    }
}

extension APIClient {
    /// This client's decoder, encoder and middlewares in front of another base URL and transport.
    func rebound(to baseURL: URL, transport: some Transport) -> APIClient {
        APIClient(baseURL: baseURL, transport: transport, decoder: decoder, encoder: encoder, middlewares: middlewares)
    }
}

/// A server started for a round trip: where it listens and how to stop it.
public struct LocalServer: Sendable {
    /// The URL the client's paths are relative to.
    public let baseURL: URL
    /// Stops the server; called once, after the scenario.
    public let stop: @Sendable () async -> Void

    /// A server at `baseURL` that `stop` stops.
    public init(baseURL: URL, stop: @escaping @Sendable () async -> Void) {
        self.baseURL = baseURL
        self.stop = stop
    }
}

/// A backend asked for what it cannot do.
struct BackendError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
