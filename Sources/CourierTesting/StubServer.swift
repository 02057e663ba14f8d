import Courier
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Canned answers for the requests of one test, served in memory or through a real `URLSession`.
///
/// Each server owns its routes and its record of requests, and has a host name of its own, so tests
/// running in parallel never see each other's stubs:
///
/// ```swift
/// let server = StubServer()
/// server.route("GET", "/movies", .json(#"[{"id":1,"title":"Alien"}]"#))
/// let client = APIClient(baseURL: server.baseURL, session: server.session)   // through URLSession
/// let fast = APIClient(baseURL: server.baseURL, transport: server.transport)  // without it
/// ```
///
/// A request no route matches gets a `404` whose body names the method and path.
public final class StubServer: Sendable {
    private struct Route: Sendable {
        let method: String
        let path: String
        let query: [String: String]?
        let answer: @Sendable (HTTPRequest) async throws -> StubResponse
    }

    private struct State {
        var routes: [Route] = []
        var requests: [HTTPRequest] = []
    }

    /// The base URL to give a client: `https://<unique>.stub.invalid`, unreachable by anything else.
    public let baseURL: URL
    /// An ephemeral session whose requests are answered by this server's routes.
    public let session: URLSession
    private let state = Mutex(State())
    private let recordsRequests: Bool

    /// A server with no routes. Load tests that send many requests can turn off ``requests`` so that
    /// memory stays flat.
    public init(recordsRequests: Bool = true) {
        self.recordsRequests = recordsRequests
        let host = "\(UUID().uuidString.lowercased()).stub.invalid"
        // A UUID and fixed labels always form a valid host, so this cannot fail.
        baseURL = URL(string: "https://\(host)")!
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        session = URLSession(configuration: configuration)
        StubURLProtocol.register(self, host: host)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// A transport that answers from this server's routes without going through URLSession,
    /// following redirects by the rules every real transport follows (Courier's `Redirects`), as a
    /// client through ``session`` does.
    public var transport: InMemoryTransport {
        InMemoryTransport { [self] request in
            try await Redirects.follow(request) { try await respond(to: $0) }
        }
    }

    /// Every request the server has seen, in order of arrival (none when made with
    /// `recordsRequests: false`).
    public var requests: [HTTPRequest] {
        state.withLock { $0.requests }
    }

    /// Answers requests with this method and path (and, when given, these query parameters among
    /// others) with `response`. A later route for the same request wins over an earlier one.
    public func route(_ method: String, _ path: String, query: [String: String]? = nil, _ response: StubResponse) {
        route(method, path, query: query) { _ in response }
    }

    /// Answers matching requests with whatever `answer` makes of them; an error it throws reaches the
    /// client as a transport failure.
    public func route(
        _ method: String,
        _ path: String,
        query: [String: String]? = nil,
        answer: @escaping @Sendable (HTTPRequest) async throws -> StubResponse
    ) {
        let route = Route(method: method.uppercased(), path: Self.normalized(path), query: query, answer: answer)
        state.withLock { $0.routes.append(route) }
    }

    /// Records `request`, finds its route and plays the route's answer: the core both flavours share.
    public func respond(to request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let components = URLComponents(string: request.url)
        let path = Self.normalized(components?.percentEncodedPath.removingPercentEncoding ?? "")
        let query = components?.queryItems ?? []
        let route = state.withLock { state -> Route? in
            if recordsRequests { state.requests.append(request) }
            return state.routes.last { route in
                route.method == request.method && route.path == path
                    && (route.query ?? [:]).allSatisfy { wanted in query.contains { $0.name == wanted.key && $0.value == wanted.value } }
            }
        }
        guard let route else {
            return (HTTPResponse(statusCode: 404), Data("no stub route for \(request.method) \(path)".utf8))
        }
        let response = try await route.answer(request)
        if response.delay > .zero {
            try await Task.sleep(for: response.delay)
        }
        switch response.outcome {
        case .response(let head, let body): return (head, body)
        case .failure(let code): throw URLError(code)
        }
    }

    private static func normalized(_ path: String) -> String {
        path.hasPrefix("/") ? path : "/" + path
    }
}
