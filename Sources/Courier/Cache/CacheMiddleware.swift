import Foundation

/// Serves `GET` responses from a ``ResponseCache`` while they are fresh, revalidates stale ones with
/// `If-None-Match` / `If-Modified-Since` and serves the stored body on a `304`, following
/// `Cache-Control` (`max-age`, `no-store`, `no-cache`; `private` is what this cache is).
///
/// Entries are filed under the request's `Authorization` and `Cookie` values, so place it after
/// ``AuthMiddleware`` (it then sees the credential): responses never cross from one user to another.
/// Requests that are already conditional, or whose own `Cache-Control` says `no-store`, pass untouched;
/// `no-cache` on a request forces revalidation.
public struct CacheMiddleware: Middleware {
    /// Where responses are kept.
    public let cache: ResponseCache
    private let clock: any ClientClock

    /// A middleware keeping responses in `cache`, judging freshness by `clock`.
    public init(cache: ResponseCache = ResponseCache(), clock: any ClientClock = SystemClock()) {
        self.cache = cache
        self.clock = clock
    }

    /// Answers from the cache when it can, and stores what the server sends when allowed to.
    public func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        let control = CacheControl(request.headers["Cache-Control"])
        guard request.method.uppercased() == "GET", context.overrides[CacheOverride.self]?.bypassesCache != true,
            !control.noStore, !request.headers.contains("If-None-Match"), !request.headers.contains("If-Modified-Since")
        else {
            return try await next(request)
        }
        let key = CacheKey(request)
        guard let entry = cache.entry(for: key), entry.matches(request) else {
            return try await fetch(request, key: key, next: next)
        }
        if !control.noCache, entry.isFresh(at: clock.now) {
            return (entry.response, entry.body)
        }
        guard let conditional = entry.validating(request) else {
            return try await fetch(request, key: key, next: next)
        }
        let (response, body) = try await next(conditional)
        guard response.statusCode == 304 else {
            return store(response, body, for: request, key: key)
        }
        guard let updated = entry.revalidated(by: response, request: request, at: clock.now) else {
            // The 304 made the entry unstorable (it now says no-store): serve it this once.
            cache.remove(key)
            return (entry.response, entry.body)
        }
        cache.store(updated, for: key)
        return (updated.response, updated.body)
    }

    private func fetch(_ request: HTTPRequest, key: CacheKey, next: Next) async throws -> (HTTPResponse, Data) {
        let (response, body) = try await next(request)
        return store(response, body, for: request, key: key)
    }

    private func store(_ response: HTTPResponse, _ body: Data, for request: HTTPRequest, key: CacheKey) -> (HTTPResponse, Data) {
        if let entry = CachedResponse(response: response, body: body, request: request, at: clock.now) {
            cache.store(entry, for: key)
        } else if response.statusCode == 200 {
            cache.remove(key)
        }
        return (response, body)
    }
}

/// How one endpoint departs from the client's ``CacheMiddleware``.
public struct CacheOverride: PolicyOverride {
    /// Whether the endpoint skips the cache entirely, neither served from it nor stored in it.
    public var bypassesCache: Bool

    /// An override with this setting.
    public init(bypassesCache: Bool) {
        self.bypassesCache = bypassesCache
    }

    /// Always ask the server, and store nothing.
    public static let bypass = CacheOverride(bypassesCache: true)
}
