import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how often ``RetryMiddleware`` tries a request again.
///
/// The defaults follow common practice: three attempts in all, exponential backoff with full jitter
/// from 200 ms up to 10 s, at most 30 s spent in all, `Retry-After` honoured up to 60 s.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included; `1` never retries.
    public var maxAttempts: Int
    /// The backoff ceiling before the first retry; it doubles for each retry after that.
    public var baseDelay: Duration
    /// The largest backoff ceiling, however many retries came before.
    public var maxDelay: Duration
    /// The longest `Retry-After` the policy waits for; a server asking for longer gets its answer
    /// passed back at once rather than a retry that would come too early.
    public var maxRetryAfter: Duration
    /// The time from the first attempt after which no retry is scheduled.
    public var budget: Duration
    /// Statuses worth another attempt.
    public var retryableStatuses: Set<Int>
    /// Transport failures worth another attempt.
    public var retryableErrors: Set<URLError.Code>
    /// Methods retried without an endpoint's opt-in: those RFC 9110 calls idempotent.
    public var idempotentMethods: Set<String>

    /// A policy; every parameter has the default described above.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(200),
        maxDelay: Duration = .seconds(10),
        maxRetryAfter: Duration = .seconds(60),
        budget: Duration = .seconds(30),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableErrors: Set<URLError.Code> = [
            .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
            .dnsLookupFailed, .notConnectedToInternet, .secureConnectionFailed, .badServerResponse,
        ],
        idempotentMethods: Set<String> = HTTPRequest.idempotentMethods
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.budget = budget
        self.retryableStatuses = retryableStatuses
        self.retryableErrors = retryableErrors
        self.idempotentMethods = idempotentMethods
    }

    /// The backoff before retry number `retry` (1 for the first): a uniformly random share, given
    /// by `unit` in `0..<1`, of `baseDelay · 2^(retry-1)` capped at `maxDelay` ("full jitter").
    public func backoff(beforeRetry retry: Int, unit: Double) -> Duration {
        let doublings = min(max(retry - 1, 0), 62)
        let ceiling = min(maxDelay, baseDelay * Double(sign: .plus, exponent: doublings, significand: 1))
        return ceiling * min(max(unit, 0), 1)
    }
}

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
