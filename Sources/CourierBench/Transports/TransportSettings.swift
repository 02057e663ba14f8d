/// What a run asks of its transport.
public struct TransportSettings: Sendable, Equatable {
    /// Connections per host and in all: the run's concurrency.
    public var connections: Int
    /// Each request's limit, whole.
    public var timeoutSeconds: Double
    /// Threads of a transport that has its own (the curl transport's reactors); others ignore it.
    public var threads: Int

    /// Settings for `connections` at once, each request bounded by `timeoutSeconds`.
    public init(connections: Int, timeoutSeconds: Double, threads: Int = 1) {
        self.connections = connections
        self.timeoutSeconds = timeoutSeconds
        self.threads = threads
    }
}
