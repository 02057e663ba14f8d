import Foundation

/// Holds the current credential and refreshes it, once for any number of requests that need it.
///
/// However many requests find their token refused at the same time, one refresh runs and all of them
/// wait for its result. A request refused with a token older than the current one gets the current
/// one at once. A failed refresh fails every waiter with ``AuthenticationError/Reason/refreshFailed``;
/// within `minimumRefreshInterval` of the last refresh no new one starts (the request fails with the
/// last failure, or ``AuthenticationError/Reason/refreshRateLimited``), so a server that refuses
/// every token cannot make the client loop. Cancelling a waiting request ends its wait at once; the
/// refresh itself goes on for the others.
public actor TokenStore {
    /// Makes a new credential; given the one refused or expired (`nil` when there was none).
    public typealias Refresh = @Sendable (_ rejected: Credential?) async throws -> Credential

    /// A credential with the generation it belongs to, so that a refusal can say which one it refused.
    struct Issued: Sendable {
        let credential: Credential
        let generation: Int
    }

    private var credential: Credential?
    private var generation = 0
    private var isRefreshing = false
    private var waiters: [UUID: CheckedContinuation<Issued, any Error>] = [:]
    private var lastRefresh: (date: Date, failure: AuthenticationError?)?
    private let refresh: Refresh
    private let minimumRefreshInterval: Duration
    private let expiryLeeway: Duration
    private let clock: any ClientClock
    private let sink: (any LogSink)?

    /// A store starting with `credential` (or none: the first request refreshes), refreshing with
    /// `refresh`, at most once per `minimumRefreshInterval`, and ahead of time when the credential
    /// expires within `expiryLeeway`. Refreshes are reported to `sink`.
    public init(
        credential: Credential? = nil,
        minimumRefreshInterval: Duration = .seconds(2),
        expiryLeeway: Duration = .seconds(30),
        clock: any ClientClock = SystemClock(),
        sink: (any LogSink)? = nil,
        refresh: @escaping Refresh
    ) {
        self.credential = credential
        self.minimumRefreshInterval = minimumRefreshInterval
        self.expiryLeeway = expiryLeeway
        self.clock = clock
        self.sink = sink
        self.refresh = refresh
    }

    /// The current credential, if any.
    public var current: Credential? { credential }

    /// A credential to send: the current one, or a refreshed one when it is missing or expired.
    func issue() async throws -> Issued {
        if let credential, !credential.isExpired(at: clock.now, leeway: expiryLeeway) {
            return Issued(credential: credential, generation: generation)
        }
        return try await refreshed(after: generation)
    }

    /// A credential newer than generation `rejected`: the current one if it already is, else the
    /// result of the refresh in flight or of a new one.
    func refreshed(after rejected: Int) async throws -> Issued {
        if rejected < generation, let credential {
            return Issued(credential: credential, generation: generation)
        }
        if !isRefreshing {
            if let last = lastRefresh, clock.now.timeIntervalSince(last.date) < minimumRefreshInterval.timeInterval {
                throw last.failure ?? AuthenticationError(.refreshRateLimited)
            }
            startRefresh()
        }
        return try await waitForRefresh()
    }

    private func startRefresh() {
        isRefreshing = true
        sink?.log(LogEvent(.refreshStarted, date: clock.now))
        let rejected = credential
        let refresh = self.refresh
        Task {
            let result: Result<Credential, any Error>
            do {
                result = .success(try await refresh(rejected))
            } catch {
                result = .failure(error)
            }
            finishRefresh(with: result)
        }
    }

    private func finishRefresh(with result: Result<Credential, any Error>) {
        isRefreshing = false
        let waiting = waiters.values
        waiters = [:]
        switch result {
        case .success(let fresh):
            credential = fresh
            generation += 1
            lastRefresh = (clock.now, nil)
            let issued = Issued(credential: fresh, generation: generation)
            for continuation in waiting { continuation.resume(returning: issued) }
        case .failure(let error):
            let failure = AuthenticationError(.refreshFailed, underlyingError: error)
            lastRefresh = (clock.now, failure)
            for continuation in waiting { continuation.resume(throwing: failure) }
        }
        sink?.log(LogEvent(.refreshFinished(succeeded: lastRefresh?.failure == nil), date: clock.now))
    }

    private func waitForRefresh() async throws -> Issued {
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            // The handler runs outside the actor; hop on to it rather than touching the waiters here.
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}
