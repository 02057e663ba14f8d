/// How one endpoint departs from the client's ``RetryPolicy``.
public struct RetryOverride: PolicyOverride {
    /// Whether the endpoint is retried at all.
    public var isEnabled: Bool
    /// Whether a method outside ``RetryPolicy/idempotentMethods`` (a `POST`, a `PATCH`) is retried:
    /// only safe when the server deduplicates, with an idempotency key say.
    public var retriesNonIdempotent: Bool
    /// Attempts in all for this endpoint, in place of the policy's ``RetryPolicy/maxAttempts``.
    public var maxAttempts: Int?

    /// An override with these settings.
    public init(isEnabled: Bool = true, retriesNonIdempotent: Bool = false, maxAttempts: Int? = nil) {
        self.isEnabled = isEnabled
        self.retriesNonIdempotent = retriesNonIdempotent
        self.maxAttempts = maxAttempts
    }

    /// Never retry this endpoint.
    public static let never = RetryOverride(isEnabled: false)
    /// Retry this endpoint whatever its method: it is idempotent by other means.
    public static let retryingNonIdempotent = RetryOverride(retriesNonIdempotent: true)
}
