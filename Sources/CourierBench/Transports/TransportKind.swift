import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP stack a run can send through: `load --transport <name>`, and the transport of a round
/// trip against a server. URLSession is always there; others come from modules a suite adds, so a
/// bench links an HTTP stack only when it asks for one (`CourierBenchCurl` offers `.curl`).
public struct TransportKind: Sendable, Equatable {
    /// The name `--transport` takes: `urlsession`, `curl`.
    public let name: String
    /// A few words for `load --help`.
    public let summary: String
    private let open: @Sendable (TransportSettings) throws -> OpenTransport

    /// A kind called `name` whose transports `open` makes.
    public init(name: String, summary: String, open: @escaping @Sendable (TransportSettings) throws -> OpenTransport) {
        self.name = name
        self.summary = summary
        self.open = open
    }

    /// A transport for one run, made to `settings`. Call ``OpenTransport/shutDown`` when the run is
    /// over.
    public func make(_ settings: TransportSettings) throws -> OpenTransport {
        try open(settings)
    }

    /// Kinds are told apart by name.
    public static func == (lhs: TransportKind, rhs: TransportKind) -> Bool {
        lhs.name == rhs.name
    }

    /// Foundation's URLSession, the client's default: an ephemeral session of its own per run, with
    /// no cache, the connection cap and the timeout both per read and for the whole request, so no
    /// call outlives the run by more than it.
    public static let urlSession = TransportKind(name: "urlsession", summary: "Foundation's URLSession") { settings in
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.timeoutSeconds
        configuration.timeoutIntervalForResource = settings.timeoutSeconds
        configuration.httpMaximumConnectionsPerHost = settings.connections
        configuration.urlCache = nil
        let transport = URLSessionTransport(configuration: configuration)
        return OpenTransport(transport) { transport.session.invalidateAndCancel() }
    }
}

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
