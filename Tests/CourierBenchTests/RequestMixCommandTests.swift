import BenchmarkEngine
import CourierFixtureServer
import Foundation
import Testing

@testable import CourierBench

/// `load` and `capacity` over a targets file, against the fixture server's pool of four workers
/// whose requests cost 1, 2, 5 and 10 ms (`/mix/…`): the mix goes out as weighted, each name's
/// latency is its path's, and every report adds up by name and in total.
@Suite(.serialized, .timeLimit(.minutes(2))) struct RequestMixCommandTests {
    /// A 70/20/8/2 mix of the four routes; the detail takes its id from a CSV file, and the write
    /// posts a body with the id of the row it was given.
    private static let mixFile = """
        {"version": 1,
         "data": {"issues": {"file": "issues.csv", "strategy": "random", "seed": 7}},
         "requests": [
           {"name": "list", "url": "/mix/list?page=1", "weight": 70},
           {"name": "GET /mix/detail?id={{id}}", "url": "/mix/detail?id={{id}}", "weight": 20, "data": "issues",
            "headers": {"Accept": "application/json"}},
           {"name": "search", "url": "/mix/search?q={{title}}", "weight": 8, "data": "issues"},
           {"name": "write", "method": "POST", "url": "/mix/write", "weight": 2, "data": "issues",
            "body": {"text": "{\\"id\\": {{id}}}"}}
         ]}
        """
    private static let issues = "id,title\n1,first issue\n2,a second one\n3,\"third, with a comma\"\n"

    private func mixDirectory() throws -> URL {
        try targetsDirectory(["targets.json": Self.mixFile, "issues.csv": Self.issues])
    }

    /// `bench load` of the mix against a fresh fixture server with `arguments` added: its exit
    /// status, its report, the directory of its reports (removed when the test ends, with the
    /// targets file), and the writes the server received.
    private func loadMix(_ arguments: [String], in directory: URL) async throws -> (
        status: Int32, report: Report, run: URL, writes: Int
    ) {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let out = directory.appendingPathComponent("reports")
        let status = await testSuite.status(
            ["load", "--targets", directory.appendingPathComponent("targets.json").path, "--base-url", server.baseURL.absoluteString]
                + arguments + ["--out", out.path])
        let run = out.appendingPathComponent("latest")
        let report = try JSONReportWriter.read(Data(contentsOf: run.appendingPathComponent("report.json")))
        return (status, report, run, server.requestCount("/mix/write"))
    }

    @Test func aMixGoesOutAsWeightedAndEachNameHasItsPathsLatency() async throws {
        let directory = try mixDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, report, run, writes) = try await loadMix(
            [
                "--concurrency", "4", "--requests", "600", "--header", "X-Run: mix", "--slo", "search:p50>=5ms", "--slo",
                "write:p50>=10ms",
            ], in: directory)
        #expect(status == 0)
        let result = try #require(report.scenarios.first)
        let requests = try #require(result.requests)
        let outcomes = try #require(result.outcomes)
        #expect(requests.map(\.name) == ["list", "GET /mix/detail?id={{id}}", "search", "write"])
        #expect(outcomes.sent == 600 && outcomes.failed == 0)
        // Smooth weighted round robin is exact every 100 requests: within ±2 points by far.
        for (request, weight) in zip(requests, [0.7, 0.2, 0.08, 0.02]) {
            #expect(abs(request.share - weight) <= 0.02, "\(request.name): \(request.share)")
            #expect(request.weight == weight)
        }
        #expect(requests.reduce(0) { $0 + $1.outcomes.sent } == outcomes.sent)
        // Each name waits at least its own service time, whatever the queue adds.
        for (request, milliseconds) in zip(requests, [1, 2, 5, 10]) {
            let latency = try #require(request.latency?.summary)
            #expect(latency.min >= UInt64(milliseconds) * 1_000_000 * 99 / 100, "\(request.name)")
            #expect(latency.count == UInt64(request.outcomes.sent))
        }
        #expect(result.serviceLevel?.passed == true)
        #expect(report.load?.targets == "targets.json")
        #expect(writes == requests[3].outcomes.sent)
        let csv = try String(contentsOf: run.appendingPathComponent("requests.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 5)
        let summary = try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("Requests of load/targets/urlsession by name:"))
    }

    /// `--header` fields go with every request of the mix, but a request's own field of that name,
    /// in any case, is the one sent.
    @Test func theCommandLinesHeadersAddToEachRequestsOwn() {
        let prepared = PreparedRequest(
            name: "detail", index: 1, method: "GET", url: "http://127.0.0.1:9/issues/7",
            headers: [.init(name: "Accept", value: "application/json")], body: nil)
        let endpoint = URLEndpoint(
            prepared, adding: URLEndpoint.fields([.init(name: "accept", value: "text/plain"), .init(name: "X-Run", value: "mix")]))
        #expect(endpoint.headers == ["Accept": "application/json", "X-Run": "mix"])
        #expect(endpoint.path == "http://127.0.0.1:9/issues/7" && endpoint.method == "GET" && endpoint.body == nil)
    }

    @Test func aNamedObjectiveThatBreaksExits3NamingItsRequest() async throws {
        let directory = try mixDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, report, _, _) = try await loadMix(
            ["--concurrency", "2", "--requests", "100", "--slo", "write:p99<=1ms", "--slo", "p99<=10s"], in: directory)
        #expect(status == 3)
        let verdict = try #require(report.scenarios.first?.serviceLevel)
        #expect(verdict.breaches.map(\.objective) == ["write:p99<=1ms"])
    }

    @Test(arguments: [
        (["--url", "http://127.0.0.1:9/x"], "'--url' and '--targets' cannot go together"),
        (["--method", "POST"], "'--method' and '--targets' cannot go together"),
        (["--slo", "nothing:p99<=1s"], "the objective 'nothing:p99<=1s' names the request 'nothing', but the targets file names 'list', "),
    ])
    func targetsOptionsThatCannotGoTogetherAreUsageErrors(extra: [String], message: String) throws {
        let directory = try mixDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let line = ["load", "--targets", directory.appendingPathComponent("targets.json").path, "--base-url", "http://127.0.0.1:9"] + extra
        #expect {
            _ = try testSuite.command(line, as: LoadCommand.self)
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix(message) == true
        }
    }

    @Test func aBadTargetsFileIsAUsageErrorBeforeAnythingIsSent() throws {
        let directory = try targetsDirectory([
            "targets.json": #"{"version": 1, "requests": [{"url": "/a/{{id}}"}]}"#,
            "paths.json": #"{"version": 1, "requests": [{"url": "/a"}]}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [([String], String)] = [
            (
                ["--targets", directory.appendingPathComponent("targets.json").path, "--base-url", "http://127.0.0.1:9"],
                "invalid targets file: "
            ),
            (["--targets", directory.appendingPathComponent("missing.json").path], "invalid targets file: "),
            (["--targets", directory.appendingPathComponent("paths.json").path], "invalid targets file: "),
            (["--url", "http://127.0.0.1:9/a", "--base-url", "http://127.0.0.1:9"], "'--base-url' needs '--targets'"),
            (
                ["--targets", directory.appendingPathComponent("paths.json").path, "--base-url", "ftp://x"],
                "invalid URL 'ftp://x' in '--base-url'"
            ),
        ]
        for (arguments, message) in cases {
            #expect {
                _ = try testSuite.command(["load"] + arguments, as: LoadCommand.self)
            } throws: { error in
                (error as? UsageError)?.message.hasPrefix(message) == true
            }
        }
    }

    /// Each row once, three rows, ten requests: the three go out, the others count as
    /// `dataExhausted`, and the run still reconciles.
    @Test func aOnceDataFileThatRunsOutCountsTheRestAsDataExhausted() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = try targetsDirectory([
            "targets.json": #"""
            {"version": 1, "data": {"issues": {"file": "issues.csv", "strategy": "once"}},
             "requests": [{"name": "detail", "url": "/mix/detail?id={{id}}", "data": "issues"}]}
            """#,
            "issues.csv": Self.issues,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("reports")
        _ = await testSuite.status([
            "load", "--targets", directory.appendingPathComponent("targets.json").path, "--base-url", server.baseURL.absoluteString,
            "--concurrency", "1", "--requests", "10", "--out", out.path,
        ])
        let report = try JSONReportWriter.read(Data(contentsOf: out.appendingPathComponent("latest/report.json")))
        let outcomes = try #require(report.scenarios.first?.outcomes)
        #expect(outcomes.sent == 10 && outcomes.succeeded == 3 && outcomes.errors == ["dataExhausted": 7])
        #expect(report.scenarios.first?.requests?.first?.outcomes == outcomes)
    }

    /// A capacity search over the mix through curl or the engine: its steps count the requests by name, and it never
    /// reports more than the mix's true capacity — four workers at 6.8 ms a request on average here
    /// (the service times ×4), 588 requests/s. A step of one second can pass above it only while its
    /// queue's wait stays within the objective: with the write's 40 ms and a p99 of 80 ms, a few
    /// percent. How close it lands is measured by `bench capacity` in a release build (Request
    /// mixes, in the CourierBench documentation), not in this test.
    @Test(arguments: ownStacks)
    func aCapacitySearchOverAMixNeverOvershootsItsTrueCapacity(kind: TransportKind) async throws {
        let pool = ["/slow/list": 4, "/slow/detail": 8, "/slow/search": 20, "/slow/write": 40].mapValues {
            FixtureCapacity(workers: 4, serviceTime: .milliseconds($0), pool: "slow")
        }
        let server = try FixtureServer.start(.init(routes: pool.mapValues { FixtureRoute.json(#"{"ok":true}"#).with(capacity: $0) }))
        defer { server.stop() }
        let trueCapacity = try #require(
            FixtureCapacity.requestsPerSecond(
                of: ["/slow/list", "/slow/detail", "/slow/search", "/slow/write"].compactMap { pool[$0] },
                weights: [70, 20, 8, 2]))
        let directory = try targetsDirectory([
            "targets.json": Self.mixFile.replacingOccurrences(of: "/mix/", with: "/slow/"), "issues.csv": Self.issues,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("reports")
        let status = await BenchSuite.offering(kind).status([
            "capacity", "--targets", directory.appendingPathComponent("targets.json").path, "--base-url", server.baseURL.absoluteString,
            "--transport", kind.name, "--slo", "p99<=80ms", "--min-rate", "100", "--step", "700ms", "--warmup", "300ms",
            "--interval", "100ms", "--precision", "25%", "--max-time", "20s", "--concurrency", "64", "--timeout", "2s",
            "--out", out.path,
        ])
        let report = try JSONDecoder().decode(
            CapacityReport.self, from: Data(contentsOf: out.appendingPathComponent("latest/capacity.json")))
        if let found = report.result.maximumSustainableRate {
            #expect(status == 0)
            #expect(found <= trueCapacity * 1.1, "\(found) against \(trueCapacity)")
        } else {
            #expect(status == 3)
        }
        for step in report.steps {
            let requests = try #require(step.requests, "step \(step.number)")
            #expect(requests.map(\.name) == ["list", "GET /slow/detail?id={{id}}", "search", "write"])
            #expect(requests.reduce(0) { $0 + $1.outcomes.sent } == step.timeSeries?.intervals.reduce(0) { $0 + $1.outcomes.sent })
        }
        let findings = CapacitySummary.findings(report)
        if report.result.maximumSustainableRate != nil {
            // A step's share is over its whole length, which need not be whole turns of 100.
            #expect(
                findings.contains { $0.hasPrefix("The mix at ") && ($0.contains("list 69.") || $0.contains("list 70.")) }, "\(findings)")
        }
        if report.steps.contains(where: { $0.status == .failed }) {
            #expect(findings.contains { $0.hasPrefix("First broken, at ") && $0.contains("p99<=80ms") })
        }
    }
}
