import CourierBench
import CourierFixtures
import Foundation
import Testing
@testable import bench

@Suite struct ServeAndFixturesCommandTests {
    @Test func fixturesAreWrittenWhereTheFixtureServerServesThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await Bench.suite.main(arguments: ["fixtures", "--out", directory.path]) == .success)
        for shape in PayloadShape.allCases {
            #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("fixtures/\(shape.rawValue)").path) == Payload.make(shape).json)
        }
        #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("movies/1").path) == Payload.make(.tinyObject).json)
    }

    @Test func serveStopsWhenItsDurationIsOver() async {
        let started = ContinuousClock.now
        #expect(await Bench.suite.main(arguments: ["serve", "--duration", "200ms"]) == .success)
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test(arguments: [
        (["serve", "--port", "70000"], "invalid value '70000' for '--port' (expected an integer from 0 to 65535)"),
        (["serve", "--duration", "0s"], "invalid value '0s' for '--duration' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"),
        (["fixtures"], "missing '--out <dir>'"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) async {
        do {
            _ = try Bench.suite.parse(arguments)
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect(error.message == message)
        }
        #expect(await Bench.suite.main(arguments: arguments) == .usage)
    }

    @Test func serveStatesItsRanges() {
        let help = ServeCommand.help(in: Bench.suite)
        #expect(help.contains("0–65535") && help.contains("1ms–24h"))
    }

    @Test func theBenchOwnCommandsAreInItsOverviewAndHelp() throws {
        #expect(Bench.suite.overview.contains("bench serve [--port <p>] [--duration <d>]"))
        guard case .help(let text) = try Bench.suite.parse(["help", "fixtures"]) else {
            Issue.record("expected help")
            return
        }
        #expect(text.contains("USAGE: bench fixtures --out <dir>"))
    }
}
