import BenchmarkEngine

/// How `load` and `capacity` use connections: the HTTP version asked for (`--http`) and a cap on
/// connections apart from the requests in flight (`--connections`), so that HTTP/2 can multiplex
/// `--concurrency` streams over a few connections, as h2load's `-m` and `-c` do.
struct ConnectionOptions: Equatable {
    /// The version asked for, `nil` for the transport's own choice.
    var httpVersion: TransportSettings.HTTPVersion?
    /// The most connections, `nil` for one per request in flight.
    var connections: Int?

    static let http = OptionDeclaration(
        "http", value: OptionValue<TransportSettings.HTTPVersion>.choice, valueName: "<version>",
        help:
            "1.1, 2 (HTTP/2 where TLS negotiates it by ALPN, HTTP/1.1 elsewhere) or 2-prior-knowledge (HTTP/2 over cleartext without asking, h2c); the version each response came in is counted in the report. HTTP/2 through the engine and curl; URLSession chooses its own.",
        defaultDescription: "1.1 with the engine and curl"
    )
    static let connectionCap = OptionDeclaration(
        "connections", value: OptionValue<Int>.integer(in: 1...4096), valueName: "<n>",
        help:
            "The most connections, {range}, at most the requests in flight: over HTTP/2 these carry them as streams (up to one connection's share each); over HTTP/1.1 requests beyond them wait in the transport's queue, their wait counted in their latency. Below the requests in flight: curl and engine only.",
        defaultDescription: "one per request in flight"
    )

    /// The options, for a command's declaration.
    static let options: [any CommandLineOption] = [http, connectionCap]

    /// The options `parsed` gives.
    static func parse(_ parsed: ParsedCommandLine) throws(UsageError) -> ConnectionOptions {
        ConnectionOptions(httpVersion: try parsed.value(of: http), connections: try parsed.value(of: connectionCap))
    }

    /// A usage error when `--connections` is above the `concurrency` requests in flight: connections
    /// no request would use.
    func check(concurrency: Int, usage: String) throws(UsageError) {
        if let connections, connections > concurrency {
            throw UsageError(
                message: "'--connections \(connections)' is more than the \(concurrency) requests in flight ('--concurrency')", usage: usage
            )
        }
    }

    /// The connections for `concurrency` requests in flight: `--connections`, or one for each.
    func connections(for concurrency: Int) -> Int {
        min(concurrency, connections ?? concurrency)
    }

    /// The share of `--connections` one of a run's shards opens, at least one.
    func shared(by shard: Shard) -> ConnectionOptions {
        ConnectionOptions(httpVersion: httpVersion, connections: connections.map { max(1, shard.share(of: $0)) })
    }
}
