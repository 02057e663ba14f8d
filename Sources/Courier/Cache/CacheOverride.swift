/// How one endpoint departs from the client's ``CacheMiddleware``.
public struct CacheOverride: PolicyOverride {
    /// Whether the endpoint skips the cache entirely, neither served from it nor stored in it.
    public var bypassesCache: Bool

    /// An override with this setting.
    public init(bypassesCache: Bool) {
        self.bypassesCache = bypassesCache
    }

    /// Always ask the server, and store nothing.
    public static let bypass = CacheOverride(bypassesCache: true)
}
