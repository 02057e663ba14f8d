/// An endpoint that overrides some of the client's policies for itself.
///
/// A separate protocol rather than a defaulted requirement of ``Endpoint``, on purpose: a requirement
/// with a default is silently missed when a conforming type declares `overrides` with another type,
/// whereas here there is no default to fall back to, so such a type does not compile.
///
/// ```swift
/// struct CreateOrder: PolicyOverriding {
///     let key: String
///     var path: String { "orders" }
///     var method: String { "POST" }
///     var headers: [String: String] { ["Idempotency-Key": key] }
///     var overrides: PolicyOverrides { [RetryOverride.retryingNonIdempotent] }
/// }
/// ```
public protocol PolicyOverriding: Endpoint {
    /// The overrides that apply to every request of this endpoint.
    var overrides: PolicyOverrides { get }
}

extension Endpoint {
    /// The endpoint's overrides, or none when it is not ``PolicyOverriding``.
    var policyOverrides: PolicyOverrides {
        (self as? any PolicyOverriding)?.overrides ?? PolicyOverrides()
    }
}
