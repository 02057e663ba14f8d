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
