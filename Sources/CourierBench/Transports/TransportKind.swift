import BenchmarkEngine
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
    /// no cache, the connection cap, and the timeout both per read and for the whole request.
    public static let urlSession = TransportKind(name: "urlsession", summary: "Foundation's URLSession") { settings in
        if settings.httpVersion != nil {
            throw TransportSettingsError(
                "URLSession chooses the HTTP version itself and cannot be asked for one ('--http'); use '--transport curl'")
        }
        if let option = settings.trust.optionsGiven.first {
            throw TransportSettingsError(
                "URLSession here cannot be given a CA bundle, a client certificate, host pins, insecure TLS or TLS versions ('\(option)'); use '--transport curl'"
            )
        }
        if settings.concurrency > settings.connections {
            throw TransportSettingsError(
                "URLSession cannot queue more requests than it has connections ('--connections' below '--concurrency'); use '--transport curl'"
            )
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.timeout.seconds
        configuration.timeoutIntervalForResource = settings.timeout.seconds
        configuration.httpMaximumConnectionsPerHost = settings.connections
        configuration.urlCache = nil
        // A journey's sessions keep their own cookies; one jar for the whole run would mix users.
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        let transport = URLSessionTransport(
            configuration: configuration, budget: settings.maximumResponseBytesInFlight.map(ResponseMemoryBudget.init(limit:)))
        // Foundation 6.3.1 on Linux ignores `timeoutIntervalForResource`, and restarts the request
        // timeout with every byte: a server that drips its body would hold a call forever. The
        // middleware makes the timeout a deadline for the whole call. It leaves the call it gives
        // up running, and the session is invalidated without cancelling its tasks, because
        // cancelling a call as it completes can deadlock that Foundation. Its deadline is a
        // tenth of a second after the session's own timeout, so that a server gone silent is
        // timed out by the session, which ends the call: a call left running while its server
        // closes the connection mid-head crashes that Foundation ("Transfer completed, but
        // there's no response"). Only a server that keeps sending is given up by the middleware.
        let deadline = TimeoutMiddleware(settings.timeout + .milliseconds(100), abandonment: .leaveRunning)
        return OpenTransport(transport, deadline: deadline) { transport.session.finishTasksAndInvalidate() }
    }
}

/// What a run asks of its transport.
public struct TransportSettings: Sendable, Equatable {
    /// An HTTP version a run can ask for: `--http`.
    public enum HTTPVersion: String, Sendable, CaseIterable {
        // HTTP/1.1 by its version number, which lower camel case would blur into "http11".
        // swift-format-ignore: AlwaysUseLowerCamelCase
        /// HTTP/1.1 on every connection.
        case http1_1 = "1.1"
        /// HTTP/2 where TLS negotiates it (ALPN), HTTP/1.1 where it does not.
        case http2 = "2"
        /// HTTP/2 without asking first, for cleartext servers known to speak it (h2c).
        case http2PriorKnowledge = "2-prior-knowledge"
    }

    /// Connections per host and in all.
    public var connections: Int
    /// The most requests in flight at once, at least ``connections``: over HTTP/2 they share the
    /// connections as streams; over HTTP/1.1 those beyond the connections wait in the transport's
    /// queue.
    public var concurrency: Int
    /// Each request's limit, whole.
    public var timeout: Duration
    /// Threads of a transport that has its own (the curl transport's reactors); others ignore it.
    public var threads: Int
    /// The HTTP version to ask for, or `nil` for the transport's own choice.
    public var httpVersion: HTTPVersion?
    /// Whom to trust and who to be over TLS.
    public var trust = TrustSettings()
    /// The most response bytes held at once across every request in flight (see
    /// `ResponseMemoryBudget`), or `nil` for each request's own limit alone.
    public var maximumResponseBytesInFlight: Int?

    /// Settings for `connections` at once, each request bounded by `timeout`; `concurrency`
    /// requests in flight (``connections`` when not given) over `httpVersion`.
    public init(connections: Int, timeout: Duration, threads: Int = 1, concurrency: Int? = nil, httpVersion: HTTPVersion? = nil) {
        self.connections = connections
        self.concurrency = max(connections, concurrency ?? connections)
        self.timeout = timeout
        self.threads = threads
        self.httpVersion = httpVersion
    }

    /// The requests one connection carries at once for ``concurrency`` over ``connections``.
    public var streamsPerConnection: Int {
        (concurrency + max(1, connections) - 1) / max(1, connections)
    }
}

/// Whom a run's transport trusts over TLS and who it is: `--cacert`, `--insecure`, `--cert` and
/// `--key`, `--resolve`.
public struct TrustSettings: Sendable, Equatable {
    /// A PEM file of the certificate authorities to trust instead of the system's.
    public var certificateAuthorities: String?
    /// Whether the server's certificate goes unchecked; never the default.
    public var allowsInsecureConnections = false
    /// A PEM certificate for mutual TLS.
    public var clientCertificate: String?
    /// The PEM private key of ``clientCertificate``.
    public var privateKey: String?
    /// Host names pinned to addresses, `host:port:address`.
    public var resolvedHosts: [String] = []
    /// The lowest TLS version negotiated, 1.2 unless told otherwise (`--tls-min`).
    public var minimumTLSVersion = TLSVersion.minimumDefault
    /// The highest TLS version negotiated, `nil` for the highest there is (`--tls-max`).
    public var maximumTLSVersion: TLSVersion?

    /// The system's trust, no identity, no pins, TLS 1.2 and up.
    public init() {}

    /// The options these settings came from, by their flags, for a transport that cannot honour them.
    public var optionsGiven: [String] {
        [
            certificateAuthorities.map { _ in "--cacert" }, allowsInsecureConnections ? "--insecure" : nil,
            clientCertificate.map { _ in "--cert" }, privateKey.map { _ in "--key" }, resolvedHosts.isEmpty ? nil : "--resolve",
            minimumTLSVersion == .minimumDefault ? nil : "--tls-min", maximumTLSVersion.map { _ in "--tls-max" },
        ].compactMap { $0 }
    }

    /// The TLS versions allowed, as reports record them (`1.0-1.3`), or `nil` for the default range:
    /// a run that allowed versions RFC 8996 forbids, or held back newer ones, says so.
    public var tlsVersionsRecorded: String? {
        guard minimumTLSVersion != .minimumDefault || maximumTLSVersion != nil else { return nil }
        return "\(minimumTLSVersion.rawValue)-\((maximumTLSVersion ?? .v1_3).rawValue)"
    }
}

/// Settings a transport cannot honour, refused before any request is sent; the commands report it
/// as a usage error.
public struct TransportSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What cannot be done, and what to do instead.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
