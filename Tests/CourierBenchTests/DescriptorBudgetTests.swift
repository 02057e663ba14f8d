import BenchmarkEngine
import Testing

@testable import CourierBench

/// What a run's connections need of the descriptor limit, and the message when the limit is too
/// low (issue 19, item 6). The process-level runs are in `BenchTests/DescriptorLimitTests`.
@Suite struct DescriptorBudgetTests {
    @Test(
        arguments: [
            ("127.0.0.1", 1), ("[::1]", 1), ("::1", 1), ("10.0.0.7", 1), ("localhost", 3), ("api.example.com", 3), (nil, 3),
        ] as [(String?, Int)])
    func aHostNameCostsTheResolversSocketPairsAndAnAddressDoesNot(host: String?, perConnection: Int) {
        let budget = DescriptorBudget(connections: 2000, host: host)
        #expect(budget.perConnection == perConnection)
        #expect(budget.needed == DescriptorBudget.processDescriptors + 2000 * perConnection)
    }

    @Test func aRunThatFitsPasses() throws {
        try DescriptorBudget(connections: 100, host: "127.0.0.1").check(against: DescriptorLimit(soft: 164, hard: 164), usage: "usage")
        try DescriptorBudget(connections: 4096, host: "localhost").check(against: DescriptorLimit(soft: 20_000, hard: .max), usage: "usage")
    }

    @Test(
        arguments: [
            // The hard limit allows it: the soft one alone is too low, which after bench's own raise
            // means the system refused to raise it.
            (
                DescriptorLimit(soft: 256, hard: 8192), "localhost",
                "2000 connections need about 6064 file descriptors, but this process may open only 256 (ulimit -n; hard limit 8192): raise it with 'ulimit -n 6064', or lower the concurrency to 64 or less"
            ),
            (
                DescriptorLimit(soft: 256, hard: .max), "127.0.0.1",
                "2000 connections need about 2064 file descriptors, but this process may open only 256 (ulimit -n; hard limit unlimited): raise it with 'ulimit -n 2064', or lower the concurrency to 192 or less"
            ),
            (
                DescriptorLimit(soft: 32, hard: 32), "127.0.0.1",
                "2000 connections need about 2064 file descriptors, but this process may open only 32 (ulimit -n; hard limit 32): raise the hard limit to at least 2064 (as root: 'ulimit -Hn 2064', or LimitNOFILE= in a systemd unit, nofile in /etc/security/limits.conf)"
            ),
        ] as [(DescriptorLimit, String, String)])
    func aRunThatCannotFitIsAUsageErrorNamingTheLimitAndTheFix(limit: DescriptorLimit, host: String, message: String) {
        #expect(throws: UsageError(message: message, usage: "usage")) {
            try DescriptorBudget(connections: 2000, host: host).check(against: limit, usage: "usage")
        }
    }
}
