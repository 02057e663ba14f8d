/// Why the client could not authenticate a request.
///
/// It reaches callers as the ``APIError/underlyingError`` of an ``APIError/Kind/badStatus(_:)``
/// `401`: the caller's reaction (sign in again) is the same as for a refused token.
public struct AuthenticationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The refresh function threw; every request waiting for it fails with this.
        case refreshFailed
        /// A refresh was asked for too soon after the last one, which the server refused or which
        /// failed: refreshing again would likely loop.
        case refreshRateLimited
    }

    /// What went wrong.
    public let reason: Reason
    /// What the refresh function threw, for ``Reason/refreshFailed``.
    public let underlyingError: (any Error)?

    /// An error for `reason`, caused by `underlyingError`.
    public init(_ reason: Reason, underlyingError: (any Error)? = nil) {
        self.reason = reason
        self.underlyingError = underlyingError
    }

    /// The reason, and the type of the cause without its message (which may quote a token).
    public var description: String {
        switch reason {
        case .refreshFailed: "token refresh failed: \(underlyingError.map(LogEvent.reason(for:)) ?? "unknown cause")"
        case .refreshRateLimited: "token refresh refused: the last one was too recent"
        }
    }

    /// Equal reasons make equal errors; the cause is left out.
    public static func == (lhs: AuthenticationError, rhs: AuthenticationError) -> Bool {
        lhs.reason == rhs.reason
    }
}
