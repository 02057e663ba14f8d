#if COURIER_CURL
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
        let trust = settings.trust
        let tls = CurlConfiguration.TLSOptions(
            certificateAuthorities: trust.certificateAuthorities, allowsInsecureConnections: trust.allowsInsecureConnections,
            clientCertificate: trust.clientCertificate.map { .init(certificate: $0, privateKey: trust.privateKey ?? $0) },
            resolvedHosts: trust.resolvedHosts, minimumVersion: trust.minimumTLSVersion, maximumVersion: trust.maximumTLSVersion)
        let configuration = CurlConfiguration(
            maximumConnectionsPerHost: settings.connections,
            maximumConnections: settings.connections,
            timeout: settings.timeout,
            httpVersion: settings.httpVersion.map(CurlConfiguration.HTTPVersion.init) ?? .http1_1,
            reactorCount: settings.threads,
            maximumStreamsPerConnection: settings.streamsPerConnection,
            maximumResponseBytesInFlight: settings.maximumResponseBytesInFlight,
            tls: tls
        )
        let phases = try ConnectionPhaseRecorder()
        let transport: CurlTransport
        do {
            transport = try CurlTransport(configuration: configuration) { transfer in
                phases.record(
                    nameLookup: transfer.nameLookup, connect: transfer.connect, tlsHandshake: transfer.tlsHandshake,
                    timeToFirstByte: transfer.timeToFirstByte, transfer: transfer.transfer)
            }
        } catch let error as CurlTLSError {
            throw TransportSettingsError(error.description)
        }
        let counts: @Sendable () -> ScenarioResult.Connections = {
            let counts = transport.connectionCounts()
            return ScenarioResult.Connections(
                requests: counts.requests, opened: counts.connectionsOpened, tlsHandshakes: counts.tlsHandshakes,
                tlsSessionsResumed: counts.tlsSessionsResumed, responsesByHTTPVersion: counts.responsesByHTTPVersion,
                phases: phases.phases)
        }
        return OpenTransport(transport, connectionCounts: counts, executors: transport.executors) { await transport.shutdown() }
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
