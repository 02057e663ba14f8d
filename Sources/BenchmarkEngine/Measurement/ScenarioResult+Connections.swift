import Synchronization

extension ScenarioResult {
    /// What a load run's requests did to connections, as its transport counted them: the figures
    /// that tell a keep-alive run (about one TLS handshake per connection) from one that reconnects
    /// for every request, and which HTTP version the server spoke.
    public struct Connections: Codable, Sendable, Equatable {
        /// Requests the transport saw end, with a response or without.
        public var requests: Int
        /// Connections opened for them.
        public var opened: Int
        /// TLS handshakes made.
        public var tlsHandshakes: Int
        /// Those of the handshakes that resumed a cached TLS session, `nil` when the transport cannot
        /// tell (or the report predates the count).
        @ExplicitNull public var tlsSessionsResumed: Int? = nil
        /// Responses by the HTTP version they came in (`1.1`, `2`, …).
        public var responsesByHTTPVersion: [String: Int]
        /// How long the requests spent in each phase of a connection and an exchange, `nil` for a
        /// transport that does not time them.
        @ExplicitNull public var phases: ConnectionPhases? = nil
        /// The most requests one connection carried at once (HTTP/2 streams; 1 over HTTP/1.1),
        /// `nil` when the transport does not count them.
        @ExplicitNull public var mostStreamsPerConnection: Int? = nil
        /// GOAWAY frames HTTP/2 servers sent, by error code name, `nil` when the transport does not
        /// count them.
        @ExplicitNull public var goAwaysByCode: [String: Int]? = nil
        /// Streams HTTP/2 servers reset, by error code name, `nil` when the transport does not
        /// count them.
        @ExplicitNull public var streamResetsByCode: [String: Int]? = nil

        /// Counts with these values.
        public init(
            requests: Int, opened: Int, tlsHandshakes: Int, tlsSessionsResumed: Int? = nil, responsesByHTTPVersion: [String: Int],
            phases: ConnectionPhases? = nil, mostStreamsPerConnection: Int? = nil, goAwaysByCode: [String: Int]? = nil,
            streamResetsByCode: [String: Int]? = nil
        ) {
            self.requests = requests
            self.opened = opened
            self.tlsHandshakes = tlsHandshakes
            self.tlsSessionsResumed = tlsSessionsResumed
            self.responsesByHTTPVersion = responsesByHTTPVersion
            self.phases = phases
            self.mostStreamsPerConnection = mostStreamsPerConnection
            self.goAwaysByCode = goAwaysByCode
            self.streamResetsByCode = streamResetsByCode
        }

        /// Adds `other`'s counts, as the merge of shards does; the merge adds their ``phases``'
        /// histograms itself, since decoding them can fail.
        public mutating func add(_ other: Connections) {
            requests += other.requests
            opened += other.opened
            tlsHandshakes += other.tlsHandshakes
            tlsSessionsResumed = tlsSessionsResumed.flatMap { ours in other.tlsSessionsResumed.map { ours + $0 } }
            responsesByHTTPVersion.merge(other.responsesByHTTPVersion, uniquingKeysWith: +)
            mostStreamsPerConnection = mostStreamsPerConnection.flatMap { ours in other.mostStreamsPerConnection.map { max(ours, $0) } }
            goAwaysByCode = goAwaysByCode.flatMap { ours in other.goAwaysByCode.map { ours.merging($0, uniquingKeysWith: +) } }
            streamResetsByCode = streamResetsByCode.flatMap { ours in other.streamResetsByCode.map { ours.merging($0, uniquingKeysWith: +) }
            }
        }

        /// A sentence for the summaries: `4 connections opened for 1204 requests, 4 TLS handshakes
        /// (3 resumed a session); responses in HTTP/2, at most 16 streams at once on a connection;
        /// 2 GOAWAYs (NO_ERROR 2); 3 streams reset (REFUSED_STREAM 3).`
        public var sentence: String {
            let versions = httpVersions.isEmpty ? "no responses" : "responses in \(httpVersions)"
            let resumed = tlsSessionsResumed.map { $0 > 0 ? " (\($0) resumed a session)" : "" } ?? ""
            let streams = mostStreamsPerConnection.map { $0 > 1 ? ", at most \($0) streams at once on a connection" : "" } ?? ""
            return "\(opened) connection\(opened == 1 ? "" : "s") opened for \(requests) request\(requests == 1 ? "" : "s"), "
                + "\(tlsHandshakes) TLS handshake\(tlsHandshakes == 1 ? "" : "s")\(resumed); \(versions)\(streams)"
                + Self.clause(goAwaysByCode, one: "GOAWAY", many: "GOAWAYs")
                + Self.clause(streamResetsByCode, one: "stream reset", many: "streams reset") + "."
        }

        /// `; 2 GOAWAYs (NO_ERROR 2)`, or nothing when there were none.
        private static func clause(_ byCode: [String: Int]?, one: String, many: String) -> String {
            guard let byCode, !byCode.isEmpty else { return "" }
            let total = byCode.values.reduce(0, +)
            return "; \(total) \(total == 1 ? one : many) (\(codes(byCode)))"
        }

        /// `NO_ERROR 2, PROTOCOL_ERROR 1`, by name.
        public static func codes(_ byCode: [String: Int]) -> String {
            byCode.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }

        /// The versions responses came in, most used first: `HTTP/2`, or `HTTP/2, HTTP/1.1` when they
        /// were mixed.
        public var httpVersions: String {
            responsesByHTTPVersion.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "HTTP/\($0.key)" }.joined(separator: ", ")
        }
    }
}

extension ScenarioResult {
    /// A step of a request's life on a connection, as libcurl times it; the raw value is its place in
    /// the order a request goes through them.
    public enum ConnectionPhase: Int, CaseIterable, Sendable {
        /// Resolving the host name (a new connection only).
        case nameLookup
        /// The TCP connect (a new connection only).
        case connect
        /// The TLS handshake (a new TLS connection only).
        case tlsHandshake
        /// From the request being ready to send to the answer's first byte.
        case timeToFirstByte
        /// From the answer's first byte to its last.
        case transfer

        /// The phase's name in a summary or a table: `DNS`, `TLS handshake`, …
        public var label: String {
            switch self {
            case .nameLookup: "DNS"
            case .connect: "connect"
            case .tlsHandshake: "TLS handshake"
            case .timeToFirstByte: "time to first byte"
            case .transfer: "transfer"
            }
        }

        /// The phase's short name in CSV columns: `dns`, `tls`, `ttfb`, …
        public var columnName: String {
            switch self {
            case .nameLookup: "dns"
            case .connect: "connect"
            case .tlsHandshake: "tls"
            case .timeToFirstByte: "ttfb"
            case .transfer: "transfer"
            }
        }
    }

    /// Each ``ConnectionPhase``'s distribution over a run's requests; a phase a request did not go
    /// through (a reused connection has no DNS, connect or handshake) is not counted for it, so each
    /// histogram's count says how many requests went through the phase.
    public struct ConnectionPhases: Codable, Sendable, Equatable {
        /// Resolving host names, over the requests that opened a connection.
        @ExplicitNull public var nameLookup: Latency? = nil
        /// TCP connects, over the requests that opened a connection.
        @ExplicitNull public var connect: Latency? = nil
        /// TLS handshakes, over the requests that made one.
        @ExplicitNull public var tlsHandshake: Latency? = nil
        /// Waiting for the answer's first byte, over the requests that had an answer.
        @ExplicitNull public var timeToFirstByte: Latency? = nil
        /// Receiving the rest of the answer, over the requests that had one.
        @ExplicitNull public var transfer: Latency? = nil

        /// No phase measured yet.
        public init() {}

        /// The distribution of `phase`, `nil` when no request went through it.
        public subscript(phase: ConnectionPhase) -> Latency? {
            get {
                switch phase {
                case .nameLookup: nameLookup
                case .connect: connect
                case .tlsHandshake: tlsHandshake
                case .timeToFirstByte: timeToFirstByte
                case .transfer: transfer
                }
            }
            set {
                switch phase {
                case .nameLookup: nameLookup = newValue
                case .connect: connect = newValue
                case .tlsHandshake: tlsHandshake = newValue
                case .timeToFirstByte: timeToFirstByte = newValue
                case .transfer: transfer = newValue
                }
            }
        }

        /// A line for the summaries: `DNS 41µs, 95µs (16); connect …`, each phase's median, 99th
        /// percentile and number of requests, the phases no request went through left out.
        public func sentence(formatting duration: (UInt64) -> String) -> String {
            ConnectionPhase.allCases.compactMap { phase in
                self[phase].map { "\(phase.label) \(duration($0.summary.p50)), \(duration($0.summary.p99)) (\($0.summary.count))" }
            }.joined(separator: "; ")
        }
    }
}

/// Records each request's ``ScenarioResult/ConnectionPhase`` durations into one HDR histogram per
/// phase, from whichever threads the transport finishes requests on.
public final class ConnectionPhaseRecorder: Sendable {
    private let histograms: Mutex<[Histogram]>

    /// An empty recorder, its histograms tracking 1 ns to 60 s at 3 significant digits, as the
    /// load runs' latency histograms do.
    public init() throws(HistogramError) {
        let template = try Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)
        histograms = Mutex(Array(repeating: template, count: ScenarioResult.ConnectionPhase.allCases.count))
    }

    /// Records one request's phases; those it did not go through are `nil`.
    public func record(
        nameLookup: Duration?, connect: Duration?, tlsHandshake: Duration?, timeToFirstByte: Duration?, transfer: Duration?
    ) {
        // Phase by phase rather than over an array of the five, which would allocate per request.
        histograms.withLock { histograms in
            if let nameLookup { histograms[ScenarioResult.ConnectionPhase.nameLookup.rawValue].record(nameLookup.nanoseconds) }
            if let connect { histograms[ScenarioResult.ConnectionPhase.connect.rawValue].record(connect.nanoseconds) }
            if let tlsHandshake { histograms[ScenarioResult.ConnectionPhase.tlsHandshake.rawValue].record(tlsHandshake.nanoseconds) }
            if let timeToFirstByte {
                histograms[ScenarioResult.ConnectionPhase.timeToFirstByte.rawValue].record(timeToFirstByte.nanoseconds)
            }
            if let transfer { histograms[ScenarioResult.ConnectionPhase.transfer.rawValue].record(transfer.nanoseconds) }
        }
    }

    /// The phases recorded so far, `nil` when no request was recorded.
    public var phases: ScenarioResult.ConnectionPhases? {
        let histograms = histograms.withLock { $0 }
        guard histograms.contains(where: { $0.totalCount > 0 }) else { return nil }
        var phases = ScenarioResult.ConnectionPhases()
        for phase in ScenarioResult.ConnectionPhase.allCases where histograms[phase.rawValue].totalCount > 0 {
            phases[phase] = ScenarioResult.Latency(histograms[phase.rawValue])
        }
        return phases
    }
}
