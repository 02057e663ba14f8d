#if COURIER_CURL
import Courier
import CourierBench
import CourierCurl

extension TransportKind {
    /// CourierCurl's transport over libcurl's multi interface, much faster than URLSession on Linux:
    /// `settings.connections` per host and in all, `settings.threads` reactor threads. Add it to a
    /// suite (`BenchSuite(transports: [.curl], …)`) for `load --transport curl`.
    public static let curl = TransportKind(name: "curl", summary: "libcurl's multi interface, much faster") { settings in
        // libcurl's timeout bounds the whole transfer from when it leaves the transport's queue.
        // With one request per connection in flight, a request waits there only when the
        // requests dealt (in turn) to its reactor outnumber the reactor's share of connections.
        // Letting each reactor open a connection per worker instead ends that wait but costs
        // 5–13 more allocations per request (measured at 64 workers, 2 reactors).
        let configuration = CurlConfiguration(
            maximumConnectionsPerHost: settings.connections,
            maximumConnections: settings.connections,
            timeout: settings.timeout,
            httpVersion: settings.httpVersion.map(CurlConfiguration.HTTPVersion.init) ?? .http1_1,
            reactorCount: settings.threads,
            maximumStreamsPerConnection: settings.streamsPerConnection,
            maximumResponseBytesInFlight: settings.maximumResponseBytesInFlight,
            tls: settings.trust.tlsOptions
        )
        let phases = try ConnectionPhaseRecorder()
        let transport: CurlTransport
        do {
            transport = try CurlTransport(configuration: configuration) { phases.record($0) }
        } catch let error as TLSOptionsError {
            throw TransportSettingsError(error.description)
        }
        return OpenTransport(
            transport, connectionCounts: { ScenarioResult.Connections(transport.connectionCounts(), phases: phases) },
            executors: transport.executors
        ) { await transport.shutdown() }
    }
}
extension CurlConfiguration.HTTPVersion {
    /// The curl transport's name for the version a run asks for.
    init(_ version: TransportSettings.HTTPVersion) {
        switch version {
        case .http1_1: self = .http1_1
        case .http2: self = .http2
        case .http2PriorKnowledge: self = .http2PriorKnowledge
        }
    }
}
#endif
