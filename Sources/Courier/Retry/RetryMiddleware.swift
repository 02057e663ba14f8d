import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Tries a request again after a transport failure or a status worth retrying, as its
/// ``RetryPolicy`` says, waiting with exponential backoff and full jitter or for as long as
/// `Retry-After` asks.
///
/// Only idempotent methods are retried unless the endpoint opts in (``RetryOverride``) or the
/// request carries an `Idempotency-Key`. A cancelled task is never retried, and its backoff ends at
/// once. When no attempts or time are left, the last response goes back as it came (the client then
/// reports its status) or the last error is thrown.
public struct RetryMiddleware: Middleware {
    private let policy: RetryPolicy
    private let clock: any ClientClock
    private let random: @Sendable () -> Double
    private let sink: (any LogSink)?

    /// A middleware applying `policy`, timing with `clock`, drawing jitter from `random` (a number
    /// in `0..<1`), and reporting scheduled retries to `sink`.
    public init(
        policy: RetryPolicy = RetryPolicy(),
        clock: any ClientClock = SystemClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sink: (any LogSink)? = nil
    ) {
        self.policy = policy
        self.clock = clock
        self.random = random
        self.sink = sink
    }

    /// Sends the request, then again while the policy allows it.
    public func intercept(_ request: HTTPRequest, context: MiddlewareContext, next: @escaping Next) async throws -> (HTTPResponse, Data) {
        let override = context.overrides[RetryOverride.self] ?? RetryOverride()
        guard override.isEnabled, isRetryable(request, override: override) else {
            return try await next(request)
        }
        let maxAttempts = override.maxAttempts ?? policy.maxAttempts
        let started = clock.now
        var attempt = 1
        while true {
            let outcome: Result<(HTTPResponse, Data), any Error>
            do {
                outcome = .success(try await next(request))
            } catch {
                outcome = .failure(error)
            }
            guard attempt < maxAttempts,
                let (delay, reason) = retryDelay(after: outcome, retry: attempt),
                clock.now.timeIntervalSince(started) + delay.timeInterval <= policy.budget.timeInterval
            else {
                return try outcome.get()
            }
            attempt += 1
            sink?.log(LogEvent(.retryScheduled(attempt: attempt, delay: delay, reason: reason), request: request, date: clock.now))
            try await clock.sleep(for: delay)
        }
    }

    private func isRetryable(_ request: HTTPRequest, override: RetryOverride) -> Bool {
        request.isIdempotent(methods: policy.idempotentMethods) || override.retriesNonIdempotent
    }

    /// How long to wait before retry number `retry` after `outcome`, and why; `nil` when it is not
    /// worth it.
    private func retryDelay(after outcome: Result<(HTTPResponse, Data), any Error>, retry: Int) -> (Duration, String)? {
        let backoff = { policy.backoff(beforeRetry: retry, unit: random()) }
        switch outcome {
        case .success(let (response, _)):
            guard policy.retryableStatuses.contains(response.statusCode) else { return nil }
            let reason = "status \(response.statusCode)"
            guard let header = response.headers["Retry-After"], let asked = RetryAfter.delay(header, now: clock.now) else {
                return (backoff(), reason)
            }
            return asked <= policy.maxRetryAfter ? (asked, reason) : nil
        case .failure(let error):
            guard !Task.isCancelled, let code = (error as? URLError)?.code, policy.retryableErrors.contains(code) else {
                return nil
            }
            return (backoff(), LogEvent.reason(for: error))
        }
    }
}

/// The wait a `Retry-After` header asks for, in either of its forms (RFC 9110 §10.2.3).
enum RetryAfter {
    /// The wait `value` asks for, measured from `now`: delay-seconds (`120`) or an HTTP-date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`); a date in the past asks for none. `nil` when unparsable.
    static func delay(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) {
            return seconds >= 0 ? .seconds(seconds) : nil
        }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }
}
