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
