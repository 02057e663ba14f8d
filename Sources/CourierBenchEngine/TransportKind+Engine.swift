#if os(Linux)
import Courier
import CourierBench
import CourierEngine

extension TransportKind {
    /// Courier's own HTTP/1.1 engine: `settings.threads` event loops, each owning its share of
    /// `settings.connections` per host and in all. Add it to a suite
    /// (`BenchSuite(transports: [.engine], …)`) for `load --transport engine`.
    ///
    /// It asks for `gzip, deflate` and inflates what comes, as bench's other transports do (wrk asks
    /// for nothing): every transport then measures the same exchange with a server that compresses,
    /// the decode scenarios decode what an app would, and a decompression bomb meets the body limit
    /// as it inflates. A request that sets `Accept-Encoding` itself gets the body as it came.
    public static let engine = TransportKind(name: "engine", summary: "Courier's own HTTP/1.1 engine, the fastest") { settings in
        if let version = settings.httpVersion, version != .http1_1 {
            throw TransportSettingsError(
                "the engine speaks HTTP/1.1 only ('--http \(version.rawValue)'); use '--transport curl' for HTTP/2")
        }
        let configuration = EngineConfiguration(
            loopCount: settings.threads,
            maximumConnectionsPerHost: settings.connections,
            maximumConnections: settings.connections,
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
        }
        return OpenTransport(
            transport, connectionCounts: { ScenarioResult.Connections(transport.connectionCounts(), phases: phases) },
            executors: transport.executors
        ) { await transport.shutdown() }
    }
}
#endif
