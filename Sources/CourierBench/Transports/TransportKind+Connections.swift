import BenchmarkEngine
import Courier

extension TrustSettings {
    /// The options a transport that speaks TLS itself takes for these settings.
    public var tlsOptions: TLSOptions {
        TLSOptions(
            certificateAuthorities: certificateAuthorities, allowsInsecureConnections: allowsInsecureConnections,
            clientCertificate: clientCertificate.map { .init(certificate: $0, privateKey: privateKey ?? $0) },
            resolvedHosts: resolvedHosts, minimumVersion: minimumTLSVersion, maximumVersion: maximumTLSVersion)
    }
}

extension ConnectionPhaseRecorder {
    /// Records the phases of one finished transfer.
    public func record(_ transfer: TransferMetrics) {
        record(
            nameLookup: transfer.nameLookup, connect: transfer.connect, tlsHandshake: transfer.tlsHandshake,
            timeToFirstByte: transfer.timeToFirstByte, transfer: transfer.transfer)
    }
}

extension ScenarioResult.Connections {
    /// What a report says of a transport's `counts` and the `phases` recorded beside them.
    public init(_ counts: ConnectionCounts, phases: ConnectionPhaseRecorder) {
        self.init(
            requests: counts.requests, opened: counts.connectionsOpened, tlsHandshakes: counts.tlsHandshakes,
            tlsSessionsResumed: counts.tlsSessionsResumed, responsesByHTTPVersion: counts.responsesByHTTPVersion,
            phases: phases.phases, mostStreamsPerConnection: counts.mostStreamsPerConnection > 0 ? counts.mostStreamsPerConnection : nil,
            goAwaysByCode: counts.mostStreamsPerConnection > 0 ? counts.goAwaysByCode : nil,
            streamResetsByCode: counts.mostStreamsPerConnection > 0 ? counts.streamResetsByCode : nil)
    }
}
