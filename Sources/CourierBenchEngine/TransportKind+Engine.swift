#if os(Linux)
import Courier
import CourierBench
import CourierEngine

extension TransportKind {
    /// Courier's own HTTP engine: `settings.threads` event loops, each owning its share of
    /// `settings.connections` per host and in all; over HTTP/2 (`--http 2`, or
    /// `2-prior-knowledge` in the clear) each connection carries `settings.streamsPerConnection`
    /// requests at once, as h2load's `-c` and `-m`. Add it to a suite
    /// (`BenchSuite(transports: [.engine], …)`) for `load --transport engine`.
    ///
    /// It asks for `gzip, deflate` and inflates what comes, as bench's other transports do (wrk asks
    /// for nothing): every transport then measures the same exchange with a server that compresses,
    /// the decode scenarios decode what an app would, and a decompression bomb meets the body limit
    /// as it inflates. A request that sets `Accept-Encoding` itself gets the body as it came.
    public static let engine = TransportKind(name: "engine", summary: "Courier's own HTTP/1.1 and HTTP/2 engine, the fastest") {
        settings in
        let version: EngineConfiguration.HTTPVersion =
            switch settings.httpVersion {
            case nil, .http1_1: .http1_1
            case .http2: .http2
            case .http2PriorKnowledge: .http2PriorKnowledge
            }
        if version != .http1_1, !EngineTransport.speaksHTTP2 {
            throw TransportSettingsError(
                "this build's engine speaks HTTP/1.1 only (built without the HTTP2 trait); use '--transport curl' for HTTP/2")
        }
        let configuration = EngineConfiguration(
            // No more loops than connections: each loop opens its own share, rounding up.
            loopCount: max(1, min(settings.threads, settings.connections)),
            maximumConnectionsPerHost: settings.connections,
            maximumConnections: settings.connections,
            httpVersion: version,
            maximumStreamsPerConnection: settings.streamsPerConnection,
            timeout: settings.timeout,
            maximumResponseBytesInFlight: settings.maximumResponseBytesInFlight,
            tls: settings.trust.tlsOptions
        )
        let phases = try ConnectionPhaseRecorder()
        let transport: EngineTransport
        do {
            transport = try EngineTransport(configuration: configuration) { phases.record($0) }
        } catch let error as TLSOptionsError {
            throw TransportSettingsError(error.description)
        } catch let error as TLSContextError {
            throw TransportSettingsError(error.description)
        } catch let error as EngineConfigurationError {
            throw TransportSettingsError(error.description)
        }
        return OpenTransport(
            transport, connectionCounts: { ScenarioResult.Connections(transport.connectionCounts(), phases: phases) },
            executors: transport.executors
        ) { await transport.shutdown() }
    }
}
#endif
