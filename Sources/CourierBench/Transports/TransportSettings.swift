/// What a run asks of its transport.
public struct TransportSettings: Sendable, Equatable {
    /// Connections per host and in all: the run's concurrency.
    public var connections: Int
    /// Each request's limit, whole.
    public var timeout: Duration
    /// Threads of a transport that has its own (the curl transport's reactors); others ignore it.
    public var threads: Int

    /// Settings for `connections` at once, each request bounded by `timeout`.
    public init(connections: Int, timeout: Duration, threads: Int = 1) {
        self.connections = connections
        self.timeout = timeout
        self.threads = threads
    }
}
