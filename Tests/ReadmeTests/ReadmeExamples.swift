// Every ```swift block of README.md, word for word, wrapped in what it needs to compile; the
// README's examples cannot drift from the API, and `ReadmeMirrorTests` fails when a block of the
// README is missing here.
//
// To add or change an example: change it in README.md, then paste the block here unchanged — in a
// function of its own when it holds statements (indent it as a whole if you like), at file level
// when it declares types — and add what it takes for granted (its types, its variables as the
// function's parameters) to the support section at the end. A block's `import` lines are matched
// on their own, since imports must stay at the top of the file. Then run
// `swift test --filter ReadmeTests`.

import Courier
import CourierJSON
import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
#if COURIER_CURL
import CourierCurl
#endif

// MARK: - A tour

struct Movies: Endpoint {
    typealias Response = [Movie]
    let page: Int
    var path: String { "movies" }
    var query: [String: String] { ["page": "\(page)"] }
}

struct Search: Endpoint {                       // repeated names: tag=a&tag=b
    var path: String { "search" }
    var queryItems: [URLQueryItem] { [.init(name: "tag", value: "a"), .init(name: "tag", value: "b")] }
}

struct SignIn: Endpoint {
    let login: Login                            // any Encodable & Sendable
    var path: String { "session" }
    var method: String { "POST" }
    var body: RequestBody? { .json(login) }     // also sets Content-Type: application/json
}

func tour() async throws {
    let client = APIClient(baseURL: URL(string: "https://api.example.com/v1/")!)
    let movies = try await client.send(Movies(page: 2))              // [Movie], from the endpoint
    let same = try await client.send(Movies(page: 2), as: [Movie].self)
    let raw = try await client.send(Movies(page: 2), as: Data.self)  // the body as it came
    try await client.send(DeleteMovie(id: 3))                        // Response = Empty: 204s welcome
    show((movies, same, raw))
}

func whichSession(client: APIClient) async throws {
    let bounded = try await withTimeLimit(.seconds(10)) { try await client.send(Movies(page: 1)) }
    show(bounded)
}

func errors(client: APIClient) async {
    do {
        let movies = try await client.send(Movies(page: 2))
        show(movies)
    } catch {                                       // error is APIError (typed throws)
        switch error.kind {
        case .badStatus(404): showEmpty()
        case .badStatus: log(error.statusCode, error.response?.headers, error.responseBody)
        case .decoding: log(error.decodingError)    // with its coding path
        case .transport: retryLater(error.urlErrorCode)
        case .cancelled: break                      // the caller's task was cancelled: not a failure
        case .responseTooLarge: log(error.underlyingError)  // past maximumResponseBodySize, decompressed
        case .encoding, .invalidURL, .invalidField: assertionFailure("\(error)")  // a bug of ours
        }
    }
}

func headers(response: HTTPResponse) {
    let challenges = response.headers.values(for: "WWW-Authenticate")  // two: Basic realm="a, b" and Bearer
    let challenge = response.headers["WWW-Authenticate"]               // one line: Basic realm="a, b", Bearer
    let cookies = response.headers.values(for: "Set-Cookie")           // one per cookie, never joined
    show((challenges, challenge, cookies))
}

// MARK: - Policies

func policies(base: URL, saved: Credential?, signIn: SignInService) {
    let clock = SystemClock()                       // tests inject CourierTesting's TestClock instead
    let store = TokenStore(credential: saved) { rejected in try await signIn.refresh(rejected) }
    let client = APIClient(baseURL: base, session: .shared, middlewares: [
        RetryMiddleware(policy: RetryPolicy(), clock: clock),   // 1. outermost: each retry passes everything below
        AuthMiddleware(store: store),                            // 2. adds Authorization, refreshes on a 401
        CacheMiddleware(cache: ResponseCache(), clock: clock),   // 3. after auth: entries are filed per credential
        LoggingMiddleware(sink: PrintLogSink()),                 // 4. nearest the wire: logs each attempt as sent
        TimeoutMiddleware(.seconds(30)),                         // 5. innermost: a limit per attempt
    ])
    show(client)
}

struct CreateOrder: PolicyOverriding {
    var path: String { "orders" }
    var method: String { "POST" }
    var overrides: PolicyOverrides { [RetryOverride.retryingNonIdempotent, CacheOverride.bypass] }
}

func refreshing(saved: String, expiry: Date?, authClient: APIClient, keychain: Keychain) {
    let store = TokenStore(credential: Credential(token: saved, expiresAt: expiry)) { _ in
        let tokens = try await authClient.send(RefreshToken(refreshToken: keychain.refreshToken))
        return Credential(token: tokens.accessToken, expiresAt: tokens.expiry)
    }
    show(store)
}

func retrying(base: URL, server: StubServer) {
    let clock = TestClock()
    let client = APIClient(baseURL: base, transport: server.transport,
                           middlewares: [RetryMiddleware(policy: RetryPolicy(maxAttempts: 3), clock: clock, random: { 0.5 })])
    // two 503s, then a 200:
    #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
    show(client)
}

func cancellation(client: APIClient) {
    let call = Task { try await client.send(Movies(page: 1)) }
    call.cancel()                                   // → APIError.cancelled, promptly
}

func loggingExample() {
    let logging = LoggingMiddleware(sink: PrintLogSink())
    // request GET https://api.example.com/me?access_token=REDACTED [Authorization: REDACTED]
    show(logging)
}

func caching(base: URL, store: TokenStore) {
    let cache = ResponseCache(capacity: 20_000_000)
    let client = APIClient(baseURL: base, middlewares: [AuthMiddleware(store: store), CacheMiddleware(cache: cache)])
    cache.removeAll()                               // on sign-out
    show(client)
}

func pagination(client: APIClient) async throws {
    let movies = client.pages(numbered: { Movies(page: $0) }, items: \.self)                 // until an empty page
    let feed = client.pages(cursor: { Feed(after: $0) }, page: { ($0.entries, $0.next) })     // until no cursor
    let repositories = client.pages(following: Repositories(), limit: 10, items: \.self)     // Link: <…>; rel="next"
    for try await movie in movies.items { show(movie) }
    show((feed, repositories))
}

// MARK: - Testing without a server (a test that runs)

@Test func showsTheFirstPage() async throws {
    let server = StubServer()
    server.route("GET", "/movies", query: ["page": "1"], .json(#"[{"id":1,"title":"Alien"}]"#))
    server.route("GET", "/slow", StubResponse.status(200).delayed(by: .seconds(2)))
    server.route("GET", "/down", .failure(.cannotConnectToHost))

    let client = APIClient(baseURL: server.baseURL, session: server.session)    // through URLSession
    // or APIClient(baseURL: server.baseURL, transport: server.transport)       // in memory, faster
    #expect(try await client.send(Movies(page: 1)) == [Movie(id: 1, title: "Alien")])
    #expect(server.requests.first?.url.hasSuffix("/movies?page=1") == true)
}

// MARK: - Decoders

func decoders(base: URL, data: Data) throws {
    var decoder = CourierJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase       // Foundation's conversion, to the letter
    decoder.dateDecodingStrategy = .iso8601                   // with or without fractional seconds
    let movies = try decoder.decode([Movie].self, from: data) // or from [UInt8]
    let client = APIClient(baseURL: base, decoder: decoder)   // any ResponseDecoder
    show((movies, client))
}

// MARK: - Encoders

func encoders(base: URL, movie: Movie) throws {
    var encoder = CourierJSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase          // Foundation's conversion, to the letter
    encoder.outputFormatting = .sortedKeys                     // then byte for byte JSONEncoder's output
    let body = try encoder.encode(movie)                       // Data
    let client = APIClient(baseURL: base, encoder: encoder)    // any RequestEncoder
    show((body, client))
}

// MARK: - Transports

#if COURIER_CURL
func curl() async throws {
    let transport = try CurlTransport(configuration: CurlConfiguration(
        maximumConnectionsPerHost: 64,      // requests in flight per origin; the rest wait in order
        maximumConnections: 256,            // in all
        timeout: .seconds(10),              // per request, counted from when it leaves the queue
        httpVersion: .http1_1               // or .http2 (TLS, ALPN) / .http2PriorKnowledge (h2c, see below)
    ))
    let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080/")!, transport: transport)
    let movie = try await client.send(MovieDetail())
    await transport.shutdown()              // cancels what is in flight, tears libcurl down on its thread
    show(movie)
}
#endif

// MARK: - Support: what the examples take for granted

struct Movie: Codable, Equatable, Sendable {
    let id: Int
    let title: String
}

struct Login: Encodable, Sendable {
    let user: String
    let password: String
}

struct DeleteMovie: Endpoint {
    typealias Response = Empty
    let id: Int
    var path: String { "movies/\(id)" }
    var method: String { "DELETE" }
}

struct MovieDetail: Endpoint {
    typealias Response = Movie
    var path: String { "movies/1" }
}

struct Feed: Endpoint {
    struct Page: Decodable {
        let entries: [String]
        let next: String?
    }

    typealias Response = Page
    let after: String?
    var path: String { "feed" }
    var query: [String: String] { after.map { ["after": $0] } ?? [:] }
}

struct Repositories: Endpoint {
    typealias Response = [String]
    var path: String { "repositories" }
}

struct RefreshToken: Endpoint {
    struct Tokens: Decodable {
        let accessToken: String
        let expiry: Date?
    }

    typealias Response = Tokens
    let refreshToken: String
    var path: String { "token" }
    var method: String { "POST" }
}

/// Where an app keeps its refresh token.
struct Keychain: Sendable {
    let refreshToken: String
}

/// An app's sign-in flow, which can get a new credential for a refused one.
struct SignInService: Sendable {
    func refresh(_ rejected: Credential?) async throws -> Credential {
        Credential(token: "new")
    }
}

func show<Value>(_ value: Value) {}
func showEmpty() {}
func log(_ items: Any?...) {}
func retryLater(_ code: URLError.Code?) {}
