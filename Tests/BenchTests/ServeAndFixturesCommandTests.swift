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
        (["serve", "--port", "70000"], "invalid value '70000' for '--port' (expected 0 to 65535)"),
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

    @Test func theBenchOwnCommandsAreInItsOverviewAndHelp() throws {
        #expect(Bench.suite.overview.contains("bench serve [--port <p>] [--duration <d>]"))
        guard case .help(let text) = try Bench.suite.parse(["help", "fixtures"]) else {
            Issue.record("expected help")
            return
        }
        #expect(text.contains("USAGE: bench fixtures --out <dir>"))
    }
}
