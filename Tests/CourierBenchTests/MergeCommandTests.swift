import BenchmarkEngine
import CourierFixtureServer
import Foundation
import Testing

@testable import CourierBench

/// `merge` over real shard reports of `load` against the fixture server, and every refusal with its
/// exit code.
@Suite(.timeLimit(.minutes(1))) struct MergeCommandTests {
    /// Runs shard `index` of 2 of a closed loop of 20 requests, into its own reports directory.
    private func runShard(_ index: Int, path: String = "/movies/1", server: FixtureServer, into directory: URL) async -> (
        status: Int32, out: String
    ) {
        let out = directory.appendingPathComponent("shard-\(index)-\(UUID().uuidString)").path
        let status = await testSuite.status([
            "load", "--url", server.url(path).absoluteString, "--requests", "20", "--concurrency", "2",
            "--shard", "\(index)/2", "--run-label", "merge-test", "--out", out,
        ])
        return (status, out)
    }

    @Test func parsesReportsAndOptionsAndRefusesTooLittle() throws {
        let command = try testSuite.command(["merge", "a", "b/report.json", "--out", "m", "--allow-partial"], as: MergeCommand.self)
        #expect(command?.reports == ["a", "b/report.json"] && command?.outputDirectory == "m" && command?.allowsPartial == true)
        for arguments in [["merge", "--out", "m"], ["merge", "a"], ["merge", "a", "--out"], ["merge", "a", "--out", "m", "--partial"]] {
            #expect(throws: UsageError.self) { try testSuite.parse(arguments) }
        }
    }

    @Test func mergesTheShardsOfARunAndRefusesWhatIsNotOne() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-merge")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = await runShard(0, server: server, into: directory)
        let second = await runShard(1, server: server, into: directory)
        let other = await runShard(1, path: "/movies?page=1", server: server, into: directory)
        #expect([first.status, second.status, other.status] == [0, 0, 0])

        let merged = directory.appendingPathComponent("merged")
        #expect(await testSuite.status(["merge", first.out, second.out, "--out", merged.path]) == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: merged.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.first?.outcomes == ScenarioResult.Outcomes(sent: 20, succeeded: 20, errors: [:]))
        #expect(report.shards?.members.map(\.shard.description) == ["0/2", "1/2"] && report.shards?.isComplete == true)
        #expect(report.load?.runLabel == "merge-test" && report.load?.concurrency == 2 && report.scenarios.first?.concurrency == 2)
        for file in ["report.csv", "summary.md", "latency.hlog", "timeseries.csv"] {
            #expect(FileManager.default.fileExists(atPath: merged.appendingPathComponent("latest/\(file)").path), "\(file)")
        }

        // The whole run judged by objectives: met, exit 0; broken, the report is written and exit 3.
        let judged = directory.appendingPathComponent("judged")
        #expect(await testSuite.status(["merge", first.out, second.out, "--out", judged.path, "--slo", "errors<=0%"]) == 0)
        #expect(await testSuite.status(["merge", first.out, second.out, "--out", judged.path, "--slo", "p99<1ns"]) == 3)
        let verdict = try JSONReportWriter.read(Data(contentsOf: judged.appendingPathComponent("latest/report.json"))).scenarios.first?
            .serviceLevel
        #expect(verdict?.passed == false)
        #expect(await testSuite.status(["merge", first.out, "--out", judged.path, "--slo", "p99<"]) == 64)

        let refused = directory.appendingPathComponent("refused").path
        #expect(await testSuite.status(["merge", first.out, first.out, "--out", refused]) == 65)
        #expect(await testSuite.status(["merge", first.out, other.out, "--out", refused]) == 65)
        #expect(await testSuite.status(["merge", first.out, "--out", refused]) == 66)
        #expect(await testSuite.status(["merge", first.out, directory.appendingPathComponent("nowhere").path, "--out", refused]) == 66)
        #expect(!FileManager.default.fileExists(atPath: refused), "a refused merge writes nothing")

        // A shard that died leaves its --out directory without a report.
        let dead = directory.appendingPathComponent("dead-shard")
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: true)
        #expect(await testSuite.status(["merge", dead.path, second.out, "--out", refused]) == 66)
        #expect(await testSuite.status(["merge", dead.path, "--out", refused, "--allow-partial"]) == 66)
        let partial = directory.appendingPathComponent("partial")
        #expect(await testSuite.status(["merge", dead.path, second.out, "--out", partial.path, "--allow-partial"]) == 0)
        let incomplete = try JSONReportWriter.read(Data(contentsOf: partial.appendingPathComponent("latest/report.json")))
        #expect(incomplete.shards?.missing == [0] && incomplete.scenarios.first?.outcomes?.sent == 10)
    }
}
