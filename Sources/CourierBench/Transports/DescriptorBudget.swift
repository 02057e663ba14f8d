import BenchmarkEngine
import Foundation

/// How many descriptors a run over `connections` connections needs, checked against the process's
/// limit before the first request: a process that runs out does not merely fail requests, it dies.
/// libdispatch's thread-pool monitor opens `/proc/<tid>/stat` every second and traps
/// ("workq: registered worker exited prematurely", SIGILL) when that open fails, so `EMFILE` in
/// the middle of a run kills it without a report.
///
/// The estimate, measured with `ls /proc/<pid>/fd` during `load` runs on Linux: about 30
/// descriptors whatever the concurrency (standard streams, epoll, eventfd and timerfd per
/// reactor, libcurl's wake-up pair, libdispatch, the report files), doubled to
/// ``processDescriptors`` for margin; then one socket per connection (1,030 in all at 1,000
/// connections over curl). A host name rather than an IP literal adds libcurl's resolver, whose
/// threaded lookups hold a socket pair each while they run (all at once when a run starts), so
/// three per connection then. URLSession on Linux is libcurl inside and is counted the same.
struct DescriptorBudget: Equatable {
    /// Descriptors the process holds besides its connections, with margin.
    static let processDescriptors = 64

    /// Connections the run opens at most.
    let connections: Int
    /// Descriptors each connection may need at once.
    let perConnection: Int

    /// The budget of `connections` connections to `host`.
    init(connections: Int, host: String?) {
        self.connections = connections
        perConnection = Self.isAddressLiteral(host) ? 1 : 3
    }

    /// Descriptors the run needs in all.
    var needed: Int {
        Self.processDescriptors + connections * perConnection
    }

    /// Throws a usage error naming the limit and what to do when ``needed`` exceeds `limit`'s soft
    /// limit (which ``BenchMain`` has already raised as far as the hard limit allows).
    func check(against limit: DescriptorLimit, usage: String) throws(UsageError) {
        guard needed > limit.soft else { return }
        let fits = max(0, (limit.soft - Self.processDescriptors) / perConnection)
        let hard = limit.hard == Int.max ? "unlimited" : "\(limit.hard)"
        let raise =
            needed <= limit.hard
            ? "raise it with 'ulimit -n \(needed)'"
            : "raise the hard limit to at least \(needed) (as root: 'ulimit -Hn \(needed)', or LimitNOFILE= in a systemd unit, nofile in /etc/security/limits.conf)"
        let lower = fits > 0 ? ", or lower the concurrency to \(fits) or less" : ""
        throw UsageError(
            message:
                "\(connections) connections need about \(needed) file descriptors, but this process may open only \(limit.soft) (ulimit -n; hard limit \(hard)): \(raise)\(lower)",
            usage: usage
        )
    }

    /// Whether `host` is an IPv4 or IPv6 address, which needs no resolver.
    private static func isAddressLiteral(_ host: String?) -> Bool {
        guard let host else { return false }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var address = in6_addr()
        return inet_pton(AF_INET, bare, &address) == 1 || inet_pton(AF_INET6, bare, &address) == 1
    }
}
