// One concept under three names: a `PolicyOverride` is how one endpoint departs from one policy,
// `PolicyOverrides` is the set an endpoint gives (at most one of each type), and `PolicyOverriding`
// is the endpoint that gives it. Middlewares read the set from `MiddlewareContext.overrides`.

/// A value that changes how one policy treats one endpoint, such as ``RetryOverride`` or
/// ``AuthOverride``. Each policy reads only its own override type, so policies stay independent.
public protocol PolicyOverride: Sendable {}

/// The per-endpoint overrides of the client's policies, at most one of each type.
///
/// ```swift
/// var overrides: PolicyOverrides { [RetryOverride.never, AuthOverride.anonymous] }
/// ```
public struct PolicyOverrides: Sendable, ExpressibleByArrayLiteral {
    private var values: [ObjectIdentifier: any PolicyOverride] = [:]

    /// No overrides: every policy applies as the client configured it.
    public init() {}

    /// These overrides; of two of the same type, the later wins.
    public init(_ overrides: [any PolicyOverride]) {
        for override in overrides {
            values[ObjectIdentifier(type(of: override))] = override
        }
    }

    /// These overrides; of two of the same type, the later wins.
    public init(arrayLiteral overrides: any PolicyOverride...) {
        self.init(overrides)
    }

    /// The override of this type, if the endpoint gave one.
    public subscript<Override: PolicyOverride>(_ type: Override.Type) -> Override? {
        values[ObjectIdentifier(type)] as? Override
    }
}

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
