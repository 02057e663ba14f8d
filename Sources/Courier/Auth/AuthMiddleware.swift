import Foundation

/// Sends each request with the ``TokenStore``'s credential in `Authorization`, and on a `401`
/// refreshes the credential (once, shared with every other refused request) and sends the request
/// once more.
///
/// A second `401` goes back as it came, so the client reports `badStatus(401)`. When no credential
/// can be had, the request fails with `badStatus(401)` whose underlying error is the
/// ``AuthenticationError``. Endpoints with ``AuthOverride/anonymous`` pass untouched.
public struct AuthMiddleware: Middleware {
    /// Where credentials come from.
    public let store: TokenStore

    /// A middleware authenticating with `store`'s credentials.
    public init(store: TokenStore) {
        self.store = store
    }

    /// Authorizes the request, and retries it once with a fresh credential after a `401`.
    public func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        if context.overrides[AuthOverride.self]?.isAnonymous == true {
            return try await next(request)
        }
        let issued = try await credential(for: request) { try await store.issue() }
        let (response, body) = try await next(authorized(request, with: issued.credential))
        guard response.statusCode == 401 else { return (response, body) }
        let fresh = try await credential(for: request, refused: (response, body)) {
            try await store.refreshed(after: issued.generation)
        }
        return try await next(authorized(request, with: fresh.credential))
    }

    private func authorized(_ request: HTTPRequest, with credential: Credential) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = credential.authorization
        return request
    }

    /// Runs `obtain`, reporting an ``AuthenticationError`` as the `401` the caller should react to.
    private func credential(
        for request: HTTPRequest,
        refused: (HTTPResponse, Data)? = nil,
        _ obtain: () async throws -> TokenStore.Issued
    ) async throws -> TokenStore.Issued {
        do {
            return try await obtain()
        } catch let error as AuthenticationError {
            throw APIError(.badStatus(401), request: request, response: refused?.0, responseBody: refused?.1, underlyingError: error)
        }
    }
}

/// How one endpoint departs from the client's ``AuthMiddleware``.
public struct AuthOverride: PolicyOverride {
    /// Whether the endpoint is sent without credentials (a sign-in, a public resource).
    public var isAnonymous: Bool

    /// An override with this setting.
    public init(isAnonymous: Bool) {
        self.isAnonymous = isAnonymous
    }

    /// Send this endpoint without an `Authorization` header and never refresh for it.
    public static let anonymous = AuthOverride(isAnonymous: true)
}
