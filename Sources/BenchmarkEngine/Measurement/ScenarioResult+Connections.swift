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
        /// Responses by the HTTP version they came in (`1.1`, `2`, …).
        public var responsesByHTTPVersion: [String: Int]

        /// Counts with these values.
        public init(requests: Int, opened: Int, tlsHandshakes: Int, responsesByHTTPVersion: [String: Int]) {
            self.requests = requests
            self.opened = opened
            self.tlsHandshakes = tlsHandshakes
            self.responsesByHTTPVersion = responsesByHTTPVersion
        }

        /// Adds `other`'s counts, as the merge of shards does.
        public mutating func add(_ other: Connections) {
            requests += other.requests
            opened += other.opened
            tlsHandshakes += other.tlsHandshakes
            responsesByHTTPVersion.merge(other.responsesByHTTPVersion, uniquingKeysWith: +)
        }

        /// A sentence for the summaries: `16 connections opened for 1204 requests, 16 TLS handshakes;
        /// responses in HTTP/2.`
        public var sentence: String {
            let versions = httpVersions.isEmpty ? "no responses" : "responses in \(httpVersions)"
            return "\(opened) connection\(opened == 1 ? "" : "s") opened for \(requests) request\(requests == 1 ? "" : "s"), "
                + "\(tlsHandshakes) TLS handshake\(tlsHandshakes == 1 ? "" : "s"); \(versions)."
        }

        /// The versions responses came in, most used first: `HTTP/2`, or `HTTP/2, HTTP/1.1` when they
        /// were mixed.
        public var httpVersions: String {
            responsesByHTTPVersion.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "HTTP/\($0.key)" }.joined(separator: ", ")
        }
    }
}
