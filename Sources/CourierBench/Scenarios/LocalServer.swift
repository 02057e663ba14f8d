import Foundation

/// A server started for a round trip: where it listens and how to stop it.
public struct LocalServer: Sendable {
    /// The URL the client's paths are relative to.
    public let baseURL: URL
    /// Stops the server; called once, after the scenario.
    public let stop: @Sendable () async -> Void

    /// A server at `baseURL` that `stop` stops.
    public init(baseURL: URL, stop: @escaping @Sendable () async -> Void) {
        self.baseURL = baseURL
        self.stop = stop
    }
}
