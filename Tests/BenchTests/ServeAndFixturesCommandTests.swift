import BenchmarkMetrics
import CourierBench
import CourierFixtureServer
import CourierFixtures
import Foundation
import Testing

@testable import bench

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct ServeAndFixturesCommandTests {
    @Test func fixturesAreWrittenWhereTheFixtureServerServesThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await Bench.suite.main(arguments: ["fixtures", "--out", directory.path]) == .success)
        for shape in PayloadShape.allCases {
            #expect(
                FileManager.default.contents(atPath: directory.appendingPathComponent("fixtures/\(shape.rawValue)").path)
                    == Payload.make(shape).json)
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
        (
            ["serve", "--duration", "0s"],
            "invalid value '0s' for '--duration' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
        (["fixtures"], "missing '--out <dir>'"),
        (["serve", "--metrics-grace", "1s"], "'--metrics-grace' needs '--metrics-listen'"),
        (
            ["serve", "--metrics-listen", "::1:80"],
            "invalid value '::1:80' for '--metrics-listen' (expected [ADDR:]PORT with an IPv4 address, such as 9464 or 0.0.0.0:9464)"
        ),
        (["serve", "--workers", "0"], "invalid value '0' for '--workers' (expected an integer from 1 to 100000)"),
        (
            ["serve", "--service-time", "fast"],
            "invalid value 'fast' for '--service-time' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
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

    @Test func serveSetsTheWorkersAndServiceTimeOfTheCapacityRoute() throws {
        func serve(_ arguments: [String]) throws -> ServeCommand? {
            guard case .command(let command) = try Bench.suite.parse(arguments) else { return nil }
            return command as? ServeCommand
        }
        let command = try #require(try serve(["serve", "--workers", "8", "--service-time", "5ms"]))
        #expect(command.capacity == FixtureCapacity(workers: 8, serviceTime: .milliseconds(5)))
        #expect(command.capacity.requestsPerSecond == 1600)
        #expect(try serve(["serve"])?.capacity == FixtureServer.standardCapacity)
    }

    @Test func serveCountsItsRequestsByPathOnMetrics() async throws {
        guard case .command(let command) = try Bench.suite.parse(["serve", "--metrics-listen", "0", "--metrics-grace", "0s"]) else {
            Issue.record("expected serve")
            return
        }
        let serve = try #require(command as? ServeCommand)
        #expect(serve.metricsListen == ListenAddress("127.0.0.1:0") && serve.metricsGrace == 0)
        let server = try FixtureServer.start()
        defer { server.stop() }
        _ = try await URLSession.shared.data(from: server.url("/movies/1"))
        let text = OpenMetricsText.render(FixtureServerMetrics(server: server).families())
        #expect(text.contains("courier_fixture_requests_total{port=\"\(server.port)\",path=\"/movies/1\"} 1\n"))
        #expect(text.contains("courier_fixture_requests_total{port=\"\(server.port)\",path=\"/capacity\"} 0\n"))
        let started = ContinuousClock.now
        #expect(
            await Bench.suite.main(arguments: ["serve", "--duration", "200ms", "--metrics-listen", "0", "--metrics-grace", "0s"])
                == .success)
        #expect(ContinuousClock.now - started < .seconds(30))
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
