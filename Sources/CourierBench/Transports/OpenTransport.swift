import BenchmarkEngine
import Courier
import Foundation

/// A transport made for one run, and how to release it.
public struct OpenTransport: Sendable {
    /// The transport to give the client.
    public let transport: any Transport
    /// What makes the run's timeout a limit on the whole request when the transport alone does not
    /// (URLSession on Linux); `nil` when the transport's own timeout is one.
    public let deadline: (any Middleware)?
    /// Releases it (cancels what is in flight, stops its threads).
    public let shutDown: @Sendable () async -> Void
    /// What its requests have done to connections so far, or `nil` for a transport that does not
    /// count them (URLSession on Linux exposes no such figures).
    public let connectionCounts: (@Sendable () -> ScenarioResult.Connections)?
    /// Threads of the transport's own that load workers run on, one worker after another, so that
    /// an answer resumes its worker where it arrived (the curl transport's reactors); empty for
    /// the global pool.
    public let executors: [any TaskExecutor]

    /// `transport`, its requests bounded by `deadline` when given, released by `shutDown`, its
    /// connections counted by `connectionCounts` when it can, its workers run on `executors`.
    public init(
        _ transport: any Transport, deadline: (any Middleware)? = nil,
        connectionCounts: (@Sendable () -> ScenarioResult.Connections)? = nil,
        executors: [any TaskExecutor] = [],
        shutDown: @escaping @Sendable () async -> Void
    ) {
        self.transport = transport
        self.deadline = deadline
        self.connectionCounts = connectionCounts
        self.executors = executors
        self.shutDown = shutDown
    }

    /// A client over this transport whose every request ends within the run's timeout, and whose
    /// responses may be at most `maximumResponseBodySize` bytes (decompressed).
    public func client(
        baseURL: URL,
        decoder: any ResponseDecoder = JSONDecoder(),
        maximumResponseBodySize: Int = HTTPRequest.defaultMaximumResponseBodySize
    ) -> APIClient {
        APIClient(
            baseURL: baseURL,
            transport: transport,
            decoder: decoder,
            middlewares: deadline.map { [$0] } ?? [],
            maximumResponseBodySize: maximumResponseBodySize
        )
    }
}
