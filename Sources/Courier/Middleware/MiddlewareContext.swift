/// What a middleware knows about the call besides the request itself.
public struct MiddlewareContext: Sendable {
    /// The endpoint's overrides of the client's policies (none unless it is ``PolicyOverriding``).
    public var overrides: PolicyOverrides

    /// A context with these overrides.
    public init(overrides: PolicyOverrides = PolicyOverrides()) {
        self.overrides = overrides
    }
}
