import CourierFixtures
import Foundation
import Testing
@testable import bench

@Suite struct ServeAndFixturesCommandTests {
    @Test func fixturesAreWrittenWhereTheFixtureServerServesThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await BenchApp.main(arguments: ["fixtures", "--out", directory.path]) == 0)
        for shape in PayloadShape.allCases {
            #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("fixtures/\(shape.rawValue)").path) == Payload.make(shape).json)
        }
        #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("movies/1").path) == Payload.make(.tinyObject).json)
    }

    @Test func serveStopsWhenItsDurationIsOver() async {
        let started = ContinuousClock.now
        #expect(await BenchApp.main(arguments: ["serve", "--duration", "200ms"]) == 0)
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
