import BenchmarkEngine
import Courier
import Foundation
import Testing

@testable import CourierBench

/// One real, short run in process: the reports exist and parse.
@Suite struct BenchRunTests {
    @Test func aQuickFilteredRunWritesReportsThatParseBack() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await testSuite.status(["run", "--quick", "--filter", "engine/clock", "--out", directory.path]) == 0)

        let latest = directory.appendingPathComponent("latest")
        let report = try JSONReportWriter.read(Data(contentsOf: latest.appendingPathComponent("report.json")))
        #expect(report.scenarios.map(\.name) == ["engine/clock-read"])
        #expect(report.isQuick)
        #expect(report.environment.toolVersion == "9.9.9")
        #expect(report.commandLine.first == "bench")
        let csv = try String(contentsOf: latest.appendingPathComponent("report.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 2)
        #expect(FileManager.default.fileExists(atPath: latest.appendingPathComponent("summary.md").path))
        let page = try String(contentsOf: latest.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<h3>engine/ — time and allocations per operation</h3>"))
    }

    @Test func aRunWhoseReportsCannotBeWrittenMeasuresNothing() async throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("blocker-\(UUID().uuidString)")
        try Data("a file, not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        // The scenario takes two seconds to set up; checked first, the run ends
        // long before that.
        let started = ContinuousClock.now
        #expect(await testSuite.status(["run", "--quick", "--filter", "slow/setup", "--out", blocker.path]) == 1)
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(try Data(contentsOf: blocker) == Data("a file, not a directory".utf8))
    }

    /// `run --slo` judges each load scenario's run, not the micro-benchmarks: a breach is in the
    /// report and exits 3, objectives met exit 0.
    @Test func objectivesJudgeTheLoadScenariosOfARun() async throws {
        struct Ping: Endpoint {
            typealias Response = JSONValue
            var path: String { "ping" }
        }
        let client = APIClient(baseURL: URL(string: "https://ping.example.com")!)
        let suite = BenchSuite(
            tool: "bench",
            scenarios: [
                .custom("engine/one") { blackHole(1) },
                .roundTrip(
                    "load/ping", sending: Ping(), with: client, over: .inMemory(answering: .bytes(Data("{}".utf8))),
                    loop: .open(rate: 200, concurrency: 2, duration: .milliseconds(300))),
            ])
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (objective, status) in [("p99<=1ns", Int32(3)), ("errors<=0%", 0)] {
            #expect(await suite.status(["run", "--quick", "--slo", objective, "--out", directory.path]) == status, "\(objective)")
            let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
            let load = try #require(report.scenarios.first { $0.name == "load/ping" })
            #expect(load.serviceLevel?.passed == (status == 0) && load.serviceLevel?.objectives.count == 1)
            #expect(report.scenarios.first { $0.name == "engine/one" }?.serviceLevel == nil)
        }
        #expect(await suite.status(["run", "--slo", "p99<=fast"]) == 64)
        #expect(await suite.status(["run", "--slo-window", "interval"]) == 64)
    }
}
