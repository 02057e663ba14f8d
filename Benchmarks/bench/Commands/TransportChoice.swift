import BenchmarkEngine
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
    /// `timeoutSeconds` from start to end, nothing cached, and for curl `reactors` reactor threads.
    /// Call ``RunTransport/shutDown`` when the run is over.
    func make(connections: Int, timeoutSeconds: Double, reactors: Int = 1) throws -> RunTransport {
        let timeout = Duration.nanoseconds(Int64(clamping: LoadConfiguration.nanoseconds(timeoutSeconds)))
        switch self {
        case .urlsession:
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeoutSeconds
            configuration.timeoutIntervalForResource = timeoutSeconds
            configuration.httpMaximumConnectionsPerHost = connections
            configuration.urlCache = nil
            let transport = URLSessionTransport(configuration: configuration)
            // Foundation 6.3.1 on Linux ignores `timeoutIntervalForResource`, and restarts the request
            // timeout with every byte: a server that drips its body would hold a call forever. The
            // middleware makes the timeout a deadline for the whole call. It leaves the call it gives
            // up running, and the session is invalidated without cancelling its tasks, because
            // cancelling a call as it completes can deadlock that Foundation. Its deadline is a
            // tenth of a second after the session's own timeout, so that a server gone silent is
            // timed out by the session, which ends the call: a call left running while its server
            // closes the connection mid-head crashes that Foundation ("Transfer completed, but
            // there's no response"). Only a server that keeps sending is given up by the middleware.
            let deadline = TimeoutMiddleware(timeout + .milliseconds(100), abandonment: .leaveRunning)
            return RunTransport(transport: transport, deadline: deadline) {
                transport.session.finishTasksAndInvalidate()
            }
        case .curl:
            #if COURIER_CURL
            // libcurl's timeout bounds the whole transfer from when it leaves the transport's queue.
            // With one request per connection in flight, a request waits there only when the
            // requests dealt (in turn) to its reactor outnumber the reactor's share of connections.
            // Letting each reactor open a connection per worker instead ends that wait but costs
            // 5–13 more allocations per request (measured at 64 workers, 2 reactors).
            let transport = try CurlTransport(configuration: CurlConfiguration(
                maximumConnectionsPerHost: connections,
                maximumConnections: connections,
                timeout: timeout,
                reactorCount: reactors
            ))
            return RunTransport(transport: transport, deadline: nil) { await transport.shutdown() }
            #else
            throw TransportUnavailable()
            #endif
        }
    }
}

/// A transport made for one run and how to release it.
struct RunTransport: Sendable {
    let transport: any Transport
    /// What makes the run's timeout a limit on the whole request when the transport alone does not.
    let deadline: TimeoutMiddleware?
    let shutDown: @Sendable () async -> Void

    /// A client over this transport whose every request ends within the run's timeout.
    func client(baseURL: URL, decoder: any ResponseDecoder = JSONDecoder()) -> APIClient {
        APIClient(baseURL: baseURL, transport: transport, decoder: decoder, middlewares: deadline.map { [$0] } ?? [])
    }
}

/// `--transport curl` in a build without libcurl.
struct TransportUnavailable: Error, CustomStringConvertible {
    var description: String {
        "this bench was built without libcurl's header; install libcurl4-openssl-dev and rebuild for --transport curl"
    }
}
