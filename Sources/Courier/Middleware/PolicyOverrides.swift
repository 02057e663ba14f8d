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
