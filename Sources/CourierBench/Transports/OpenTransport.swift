import Courier

/// A transport made for one run, and how to release it.
public struct OpenTransport: Sendable {
    /// The transport to give the client.
    public let transport: any Transport
    /// Releases it (cancels what is in flight, stops its threads).
    public let shutDown: @Sendable () async -> Void

    /// `transport`, released by `shutDown`.
    public init(_ transport: any Transport, shutDown: @escaping @Sendable () async -> Void) {
        self.transport = transport
        self.shutDown = shutDown
    }
}
