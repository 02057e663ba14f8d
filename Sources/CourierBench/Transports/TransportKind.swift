import Courier
#if COURIER_CURL
import CourierCurl
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP stack a real-endpoint run goes through: `--transport urlsession|curl`.
enum TransportChoice: String, CaseIterable, Equatable, Sendable {
    /// Foundation's URLSession, the client's default.
    case urlsession
    /// CourierCurl's libcurl reactor; only in builds that found libcurl's header.
    case curl

    /// The choices this build offers.
    static var available: [TransportChoice] {
        #if COURIER_CURL
        allCases
        #else
        [.urlsession]
        #endif
    }

    /// A transport for one run: `connections` per host and in all, each request bounded by
    /// `timeoutSeconds`, nothing cached, and for curl `reactors` reactor threads. Call
    /// ``RunTransport/shutDown`` when the run is over.
    func make(connections: Int, timeoutSeconds: Double, reactors: Int = 1) throws -> RunTransport {
        switch self {
        case .urlsession:
            let configuration = URLSessionConfiguration.ephemeral
            // The timeout both per read and for the whole request, so that no call outlives the run
            // by more than it.
            configuration.timeoutIntervalForRequest = timeoutSeconds
            configuration.timeoutIntervalForResource = timeoutSeconds
            configuration.httpMaximumConnectionsPerHost = connections
            configuration.urlCache = nil
            let transport = URLSessionTransport(configuration: configuration)
            return RunTransport(transport: transport) { transport.session.invalidateAndCancel() }
        case .curl:
            #if COURIER_CURL
            let transport = try CurlTransport(configuration: CurlConfiguration(
                maximumConnectionsPerHost: connections,
                maximumConnections: connections,
                timeout: .milliseconds(Int(timeoutSeconds * 1000)),
                reactorCount: reactors
            ))
            return RunTransport(transport: transport) { await transport.shutdown() }
            #else
            throw TransportUnavailable()
            #endif
        }
    }
}

/// A transport made for one run and how to release it.
struct RunTransport: Sendable {
    let transport: any Transport
    let shutDown: @Sendable () async -> Void
}

/// `--transport curl` in a build without libcurl.
struct TransportUnavailable: Error, CustomStringConvertible {
    var description: String {
        "this bench was built without libcurl's header; install libcurl4-openssl-dev and rebuild for --transport curl"
    }
}
