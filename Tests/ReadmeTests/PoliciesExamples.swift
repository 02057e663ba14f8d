// The ```swift blocks of Sources/Courier/Documentation.docc/Policies.md,
// word for word, each wrapped in what it needs to compile, so that the article's examples cannot
// drift from the API: `ReadmeMirrorTests` fails when a block of the article is in none of this
// target's files.
//
// To add or change an example: change it in the article, then paste the block here unchanged (in a
// function of its own when it holds statements, at file level when it declares types) and add what
// it takes for granted to the support section of ReadmeExamples.swift. Then run
// `swift test --filter ReadmeTests`.

import Courier
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func policies(base: URL, saved: Credential?, signIn: SignInService) {
    let clock = SystemClock()  // tests inject CourierTesting's TestClock instead
    let store = TokenStore(credential: saved) { rejected in try await signIn.refresh(rejected) }
    let client = APIClient(
        baseURL: base, session: .shared,
        middlewares: [
            RetryMiddleware(policy: RetryPolicy(), clock: clock),  // 1. outermost: each retry passes everything below
            AuthMiddleware(store: store),  // 2. adds Authorization, refreshes on a 401
            CacheMiddleware(cache: ResponseCache(), clock: clock),  // 3. after auth: entries are filed per credential
            LoggingMiddleware(sink: PrintLogSink()),  // 4. nearest the wire: logs each attempt as sent
            TimeoutMiddleware(.seconds(30)),  // 5. innermost: a limit per attempt
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
    let client = APIClient(
        baseURL: base, transport: server.transport,
        middlewares: [RetryMiddleware(policy: RetryPolicy(maxAttempts: 3), clock: clock, random: { 0.5 })])
    // two 503s, then a 200:
    #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
    show(client)
}

func cancellation(client: APIClient) {
    let call = Task { try await client.send(Movies(page: 1)) }
    call.cancel()  // → APIError.cancelled, promptly
}

func timeLimit(client: APIClient) async throws {
    let bounded = try await withTimeLimit(.seconds(10)) { try await client.send(Movies(page: 1)) }
    show(bounded)
}

func loggingExample() {
    let logging = LoggingMiddleware(sink: PrintLogSink())
    // request GET https://api.example.com/me?access_token=REDACTED [Authorization: REDACTED]
    show(logging)
}

func caching(base: URL, store: TokenStore) {
    let cache = ResponseCache(capacity: 20_000_000)
    let client = APIClient(baseURL: base, middlewares: [AuthMiddleware(store: store), CacheMiddleware(cache: cache)])
    cache.removeAll()  // on sign-out
    show(client)
}

func pagination(client: APIClient) async throws {
    let movies = client.pages(numbered: { Movies(page: $0) }, items: \.self)  // until an empty page
    let feed = client.pages(cursor: { Feed(after: $0) }, page: { ($0.entries, $0.next) })  // until no cursor
    let repositories = client.pages(following: Repositories(), limit: 10, items: \.self)  // Link: <…>; rel="next"
    for try await movie in movies.items { show(movie) }
    show((feed, repositories))
}
