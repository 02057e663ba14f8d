import Foundation

/// An access token and what the client knows about its lifetime.
///
/// Printing, dumping or logging a credential never shows the token.
public struct Credential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token itself.
    public var token: String
    /// The `Authorization` scheme it is sent with, `Bearer` by default.
    public var scheme: String
    /// When the token stops working, if the issuer said.
    public var expiresAt: Date?

    /// A credential sending `token` under `scheme`, valid until `expiresAt` (or until refused).
    public init(token: String, scheme: String = "Bearer", expiresAt: Date? = nil) {
        self.token = token
        self.scheme = scheme
        self.expiresAt = expiresAt
    }

    /// The `Authorization` header value: `Bearer <token>`.
    public var authorization: String { "\(scheme) \(token)" }

    /// Whether the token is expired at `date`, or will be within `leeway` (a request takes time to
    /// arrive, and clocks drift).
    public func isExpired(at date: Date, leeway: Duration = .zero) -> Bool {
        guard let expiresAt else { return false }
        return date.addingTimeInterval(leeway.timeInterval) >= expiresAt
    }

    /// The scheme and expiry, with the token redacted.
    public var description: String {
        "Credential(\(scheme) \(Redaction.placeholder)\(expiresAt.map { ", expires \($0)" } ?? ""))"
    }

    /// The same as ``description``: the token stays hidden in debug output too.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: everything but the token.
    public var customMirror: Mirror {
        Mirror(self, children: ["token": Redaction.placeholder, "scheme": scheme, "expiresAt": expiresAt as Any])
    }
}
