import BenchmarkEngine
import Courier
import Foundation

/// `capacity --server-metrics <url> --query <name>=<promql>…`: where each step's server figures
/// are read, and what.
struct ServerMetricsOptions: Equatable, Sendable {
    /// The Prometheus HTTP API's base URL, such as `http://prometheus:9090`.
    var url: URL
    /// The queries, in the order given.
    var queries: [ServerQueries.Query]

    static let url = OptionDeclaration(
        "server-metrics", value: .text(), valueName: "<url>",
        help:
            "A Prometheus HTTP API (such as http://prometheus:9090) each step's server figures are read from, over the step's measured part; needs --query. Its secrets are redacted in reports."
    )
    static let query = OptionDeclaration(
        repeating: "query", value: queryValue, valueName: "<name>=<promql>",
        help:
            "A figure of the server's, one series: a query naming $window is evaluated at the end of each step's measured part with $window its length, such as cpu='sum(rate(process_cpu_seconds_total{job=\"api\"}[$window]))'; any other is averaged over the part (query_range). Repeat for more; 'server:<name>…' objectives judge them."
    )

    /// `<name>=<promql>`, the name of letters, digits, `_` and `-`.
    static let queryValue = OptionValue<ServerQueries.Query> { text, option throws(InvalidValue) in
        let name = text.prefix { $0 != "=" }
        let promql = text.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
        guard text.contains("="), !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
            !promql.isEmpty
        else {
            throw InvalidValue(
                "invalid query '\(text)' for '--\(option)' (expected <name>=<promql>, the name of letters, digits, '_' and '-', such as cpu=sum(rate(process_cpu_seconds_total[$window])))"
            )
        }
        return ServerQueries.Query(name: String(name), promql: promql)
    }

    /// The options `parsed` gives, checked against the server `objectives`: `nil` without
    /// `--server-metrics`.
    static func parse(_ parsed: ParsedCommandLine, objectives: [ServerObjective]) throws(UsageError) -> ServerMetricsOptions? {
        let queries = try parsed.value(of: query)
        guard let text = try parsed.value(of: url) else {
            if !queries.isEmpty {
                throw UsageError(message: "'--query' reads from a Prometheus; add '--server-metrics <url>'", usage: parsed.usage)
            }
            if let objective = objectives.first {
                throw UsageError(
                    message:
                        "the objective '\(objective)' judges a server's figure; add '--server-metrics <url>' and '--query \(objective.name)=<promql>'",
                    usage: parsed.usage)
            }
            return nil
        }
        let base = try RequestOptions.url(text, usage: parsed.usage, option: "--server-metrics")
        guard !queries.isEmpty else {
            throw UsageError(message: "'--server-metrics' needs at least one '--query <name>=<promql>'", usage: parsed.usage)
        }
        var names = Set<String>()
        for query in queries where !names.insert(query.name).inserted {
            throw UsageError(message: "two '--query' are named '\(query.name)'", usage: parsed.usage)
        }
        if let objective = objectives.first(where: { !names.contains($0.name) }) {
            throw UsageError(
                message: "the objective '\(objective)' names the query '\(objective.name)', but no '--query' is named so",
                usage: parsed.usage)
        }
        return ServerMetricsOptions(url: base, queries: queries)
    }

    /// The URL as reports show it, secrets redacted.
    var redactedURL: String {
        Redaction.url(url.absoluteString)
    }
}
