import CourierBench
import CourierCurl

extension TransportKind {
    /// CourierCurl's transport over libcurl's multi interface, much faster than URLSession on Linux:
    /// `settings.connections` per host and in all, `settings.threads` reactor threads. Add it to a
    /// suite (`BenchSuite(transports: [.curl], …)`) for `load --transport curl`.
    public static let curl = TransportKind(name: "curl", summary: "libcurl's multi interface, much faster") { settings in
        let transport = try CurlTransport(configuration: CurlConfiguration(
            maximumConnectionsPerHost: settings.connections,
            maximumConnections: settings.connections,
            timeout: .milliseconds(Int(settings.timeoutSeconds * 1000)),
            reactorCount: settings.threads
        ))
        return OpenTransport(transport) { await transport.shutdown() }
    }
}
