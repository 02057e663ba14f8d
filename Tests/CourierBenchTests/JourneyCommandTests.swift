import BenchmarkEngine
import CourierFixtureServer
import Foundation
import Testing

@testable import CourierBench

#if os(Linux)
import CourierBenchEngine
#endif
#if COURIER_CURL
import CourierBenchCurl
#endif

/// Journeys from a targets file, run by `load` and `capacity` against the fixture server's `/flow/…`
/// service: a sign-in whose token wears out, cookies scoped to paths and expiring, a write that
/// answers 201, a report that answers 200 with an error inside, and a server that dies mid-run.
@Suite(.serialized, .timeLimit(.minutes(2))) struct JourneyCommandTests {
    /// Sign in (token and cookies), list (a cookie for the items' path), detail (needs it), write
    /// (201, and must not get it), each step checked. `{{env.PATH}}` goes out in a header of every
    /// step and must be written nowhere.
    static let flow = """
        {"version": 2,
         "data": {"users": {"file": "users.csv"}},
         "journeys": [{"name": "shop", "data": "users", "steps": [
           {"name": "sign in", "method": "POST", "url": "/flow/sign-in", "body": {"text": "{\\"user\\": \\"{{user}}\\"}"},
            "headers": {"X-Path": "{{env.PATH}}"},
            "extract": {"token": {"json": "/token"}}, "checks": [{"status": [200]}, {"json": "/token"}], "think": "1ms"},
           {"name": "list", "url": "/flow/items", "headers": {"Authorization": "Bearer {{token}}"},
            "extract": {"id": {"json": "/items/0/id"}}, "think": {"uniform": ["1ms", "2ms"]}},
           {"name": "detail", "url": "/flow/items/{{id}}", "headers": {"Authorization": "Bearer {{token}}"},
            "checks": [{"name": "titled", "json": "/title", "equals": "item 7"}]},
           {"name": "write", "method": "POST", "url": "/flow/orders", "headers": {"Authorization": "Bearer {{token}}"},
            "body": {"text": "{\\"item\\": {{id}}}"}, "checks": [{"name": "created", "status": [201]}]}
         ]}]}
        """

    private func directory(_ flow: String = flow) throws -> URL {
        try targetsDirectory(["targets.json": flow, "users.csv": "user\nann\nbob\n"])
    }

    /// `bench <command> --targets` of `directory`'s file against `server` with `arguments`: its exit
    /// status and the directory of its latest reports.
    private func run(_ command: String, _ directory: URL, on server: FixtureServer, _ arguments: [String]) async -> (Int32, URL) {
        let out = directory.appendingPathComponent("reports")
        let status = await Self.suite.status(
            [command, "--targets", directory.appendingPathComponent("targets.json").path, "--base-url", server.baseURL.absoluteString]
                + arguments + ["--out", out.path])
        return (status, out.appendingPathComponent("latest"))
    }

    /// Stops `server`, the service dying mid-run, once it has served `signIns` sign-ins.
    private func stop(_ server: FixtureServer, afterSignIns signIns: Int) -> Task<Void, Never> {
        Task {
            while server.requestCount("/flow/sign-in") < signIns, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            server.stop()
        }
    }

    /// A suite offering every transport this build has.
    private static let suite = BenchSuite(tool: "bench", scenarios: [], models: testSuite.models, transports: otherTransports)

    private static var otherTransports: [TransportKind] {
        var kinds: [TransportKind] = []
        #if os(Linux)
        kinds.append(.engine)
        #endif
        #if COURIER_CURL
        kinds.append(.curl)
        #endif
        return kinds
    }

    /// Every transport by its `--transport` name: a flow must run the same on each.
    private static var transports: [String] {
        ["urlsession"] + otherTransports.map(\.name)
    }

    @Test(arguments: transports)
    func aSignInListDetailWriteFlowRunsWithItsTokenCookiesAndChecks(transport: String) async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer.start()
        defer { server.stop() }
        let (status, run) = await run(
            "load", directory, on: server,
            ["--transport", transport, "--concurrency", "3", "--requests", "30", "--slo", "checks:rate>=100%"])
        #expect(status == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: run.appendingPathComponent("report.json")))
        let result = try #require(report.scenarios.first)
        #expect(result.unit == .session)
        #expect(result.outcomes?.sent == 30 && result.outcomes?.succeeded == 30)
        let steps = try #require(result.requests)
        #expect(steps.map(\.name) == ["sign in", "list", "detail", "write"])
        // Each step reconciles on its own: every session sent each step once, and none failed.
        for step in steps {
            #expect(step.outcomes.sent == 30 && step.outcomes.succeeded == 30, "\(step.name): \(step.outcomes.errors)")
        }
        #expect(server.requestCount("/flow/sign-in") == 30 && server.requestCount("/flow/orders") == 30)
        #expect(
            result.checks == [
                .init(name: "status", passes: 30, failures: 0), .init(name: "json /token", passes: 30, failures: 0),
                .init(name: "titled", passes: 30, failures: 0), .init(name: "created", passes: 30, failures: 0),
            ])
        #expect(result.serviceLevel?.passed == true)
        let csv = try String(contentsOf: run.appendingPathComponent("checks.csv"), encoding: .utf8)
        #expect(csv.contains("created,30,0,1.000"))
        let summary = try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("Checks of load/targets/\(transport)'s answers"))
        #expect(try String(contentsOf: run.appendingPathComponent("report.html"), encoding: .utf8).contains("created"))
        // The environment's value went out in a header, and is in no report.
        let secret = try #require(ProcessInfo.processInfo.environment["PATH"])
        for file in try FileManager.default.contentsOfDirectory(atPath: run.path) {
            let text = try String(contentsOf: run.appendingPathComponent(file), encoding: .isoLatin1)
            #expect(!text.contains(secret), "\(file)")
        }
    }

    @Test func aTokenThatWearsOutFailsTheStepThatUsesItOnceTooOften() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = FixtureServer.Configuration()
        configuration.flowTokenUses = 2
        let server = try FixtureServer.start(configuration)
        defer { server.stop() }
        let (status, run) = await run("load", directory, on: server, ["--concurrency", "2", "--requests", "6"])
        // Not one session got through: the report is written, and the run fails.
        #expect(status == 1)
        let result = try #require(JSONReportWriter.read(Data(contentsOf: run.appendingPathComponent("report.json"))).scenarios.first)
        #expect(result.outcomes?.errors == ["check(created)": 6])
        let write = try #require(result.requests?.first { $0.name == "write" })
        #expect(write.outcomes.errors == ["check(created)": 6])
        #expect(result.checks?.first { $0.name == "created" } == .init(name: "created", passes: 0, failures: 6))
    }

    @Test func a200CarryingAnErrorAndAMissingValueFailTheirStepsInTheirOwnClasses() async throws {
        let flow = """
            {"version": 2, "journeys": [
              {"name": "report", "weight": 1, "steps": [
                {"name": "sign in", "method": "POST", "url": "/flow/sign-in", "extract": {"token": {"json": "/token"}}},
                {"name": "report", "url": "/flow/report", "headers": {"Authorization": "Bearer {{token}}"},
                 "checks": [{"name": "no errors", "json": "/errors", "exists": false}]}]},
              {"name": "lost", "weight": 1, "cookies": false, "steps": [
                {"name": "sign in again", "method": "POST", "url": "/flow/sign-in", "extract": {"missing": {"json": "/nothing"}}},
                {"name": "never", "url": "/flow/items?x={{missing}}"}]}
            ]}
            """
        let directory = try directory(flow)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer.start()
        defer { server.stop() }
        let (_, run) = await run("load", directory, on: server, ["--concurrency", "1", "--requests", "4"])
        let result = try #require(JSONReportWriter.read(Data(contentsOf: run.appendingPathComponent("report.json"))).scenarios.first)
        #expect(result.outcomes?.errors == ["check(no errors)": 2, "extract(missing)": 2])
        #expect(result.requests?.map(\.name) == ["sign in", "report", "sign in again"])
        #expect(result.requests?.first { $0.name == "sign in again" }?.outcomes.errors == ["extract(missing)": 2])
        #expect(server.requestCount("/flow/items") == 0)
    }

    @Test func abortOnStopsARunWhoseServiceDiesAndWritesItsReportsWhole() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer.start()
        defer { server.stop() }
        let killer = stop(server, afterSignIns: 20)
        defer { killer.cancel() }
        let (status, run) = await run(
            "load", directory, on: server,
            [
                "--rate", "40", "--concurrency", "8", "--duration", "60s", "--interval", "250ms", "--timeout", "2s", "--abort-on",
                "errors>20%", "--abort-window", "500ms", "--abort-grace", "250ms",
            ])
        #expect(status == 3)
        let report = try JSONReportWriter.read(Data(contentsOf: run.appendingPathComponent("report.json")))
        let result = try #require(report.scenarios.first)
        let abort = try #require(result.abort)
        #expect(abort.objective == "errors>20%" && abort.measured > 0.2 && abort.unit == "ratio")
        #expect(result.durationSeconds < 30)
        #expect(result.outcomes?.reconciles == true)
        #expect(try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8).contains("**stopped early**"))
    }

    @Test(arguments: transports)
    func capacitySearchesTheRateOfSessions(transport: String) async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer.start()
        defer { server.stop() }
        let out = directory.appendingPathComponent("reports")
        let status = await Self.suite.status([
            "capacity", "--targets", directory.appendingPathComponent("targets.json").path, "--base-url", server.baseURL.absoluteString,
            "--transport", transport, "--slo", "p99<=500ms", "--slo", "checks:rate>=99%", "--min-rate", "20", "--max-rate", "40",
            "--step", "500ms", "--warmup", "100ms", "--interval", "100ms", "--precision", "50%", "--max-time", "5s", "--concurrency",
            "16", "--out", out.path,
        ])
        #expect(status == 0 || status == 3)
        let latest = out.appendingPathComponent("latest")
        let report = try JSONDecoder().decode(CapacityReport.self, from: Data(contentsOf: latest.appendingPathComponent("capacity.json")))
        #expect(!report.steps.isEmpty)
        for step in report.steps {
            #expect(step.requests?.map(\.name) == ["sign in", "list", "detail", "write"])
            // Each step's checks are its own, and reconcile with its step of the flow they judge.
            let checks = try #require(step.checks)
            #expect(checks.map(\.name) == ["status", "json /token", "titled", "created"])
            let created = try #require(checks.last)
            let write = try #require(step.requests?.last?.outcomes)
            #expect(created.passes == write.succeeded && created.failures == write.errors["check(created)", default: 0])
            #expect(step.verdict.objectives.map(\.objective) == ["p99<=500ms", "checks:rate>=99%"])
        }
        let csv = try String(contentsOf: latest.appendingPathComponent("checks.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("step,check,passes,failures,pass_rate\n1,status,"))
        #expect(
            try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8).contains("Checks of each step's answers"))
        #expect(try String(contentsOf: latest.appendingPathComponent("report.html"), encoding: .utf8).contains("checks, warm-up included"))
    }

    /// A rate search, and a sweep of closed loops, each stopped in its first step. The sweep measures
    /// from its first session: its eight workers would spend 30 sign-ins within any warm-up, and a
    /// sweep in which no measured session succeeded fails (exit status 1) whatever stopped it.
    @Test(arguments: [
        ["--min-rate", "20", "--max-rate", "20", "--concurrency", "8", "--warmup", "100ms"],
        ["--sweep", "concurrency", "--levels", "8,16", "--warmup", "0s"],
    ])
    func abortOnStopsACapacitySearchWhoseServiceDies(mode: [String]) async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer.start()
        defer { server.stop() }
        let killer = stop(server, afterSignIns: 30)
        defer { killer.cancel() }
        let out = directory.appendingPathComponent("reports")
        let status = await testSuite.status(
            [
                "capacity", "--targets", directory.appendingPathComponent("targets.json").path, "--base-url", server.baseURL.absoluteString,
                "--slo", "errors<=50%", "--step", "60s", "--interval",
                "100ms", "--max-time", "60s", "--timeout", "2s", "--abort-on", "errors>20%", "--abort-window", "300ms",
                "--abort-grace", "100ms", "--out", out.path,
            ] + mode)
        #expect(status == 3)
        let report = try JSONDecoder().decode(
            CapacityReport.self, from: Data(contentsOf: out.appendingPathComponent("latest/capacity.json")))
        #expect(report.result.stopReason == .aborted)
        #expect(report.steps.count == 1)
        #expect(report.result.explanation.contains("abort condition errors>20%"))
    }

    @Test(arguments: [
        ["--abort-window", "1s"], ["--abort-on", "list:p99>1s"], ["--abort-on", "rate<50%"], ["--abort-on", "p99>"],
        ["--slo", "checks:p99<=1s"], ["--slo", "check(nope):rate>=1%"],
    ])
    func aConditionThatCannotBeJudgedIsAUsageError(arguments: [String]) async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await testSuite.status(
            [
                "load", "--targets", directory.appendingPathComponent("targets.json").path, "--base-url", "http://127.0.0.1:9", "--out",
                directory.appendingPathComponent("reports").path,
            ] + arguments)
        #expect(status == 64)
    }

    /// A mistake of each kind, in a file given to each command: a pause, a variable no earlier step
    /// extracts, an environment variable not set, a check.
    @Test(
        arguments: ["load", "capacity"],
        [
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/flow/items", "think": "soon"}]}]}"#,
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/flow/items/{{id}}"}]}]}"#,
            #"{"version": 2, "journeys": [{"name": "j", "steps": [{"url": "/flow/items", "headers": {"X": "{{env.COURIER_UNSET_1}}"}}]}]}"#,
            #"{"version": 2, "requests": [{"url": "/flow/items", "checks": [{"status": ["7xx"]}]}]}"#,
        ])
    func aMistakeInTheFileIsAUsageErrorBeforeAnythingIsSent(command: String, file: String) async throws {
        let directory = try directory(file)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FixtureServer.start()
        defer { server.stop() }
        let arguments = command == "load" ? ["--requests", "1"] : ["--slo", "p99<=1s", "--max-time", "1s"]
        let (status, _) = await run(command, directory, on: server, arguments)
        #expect(status == 64)
        #expect(server.requestCount("/flow/items") == 0)
    }
}
