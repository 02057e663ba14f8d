import BenchmarkEngine
import CourierBench
import CourierFixtures
import Foundation

/// A suite with cheap scenarios and two fixture models, as a package's bench executable would
/// declare it; the tests run its commands in process.
let testSuite = BenchSuite(
    tool: "bench",
    version: "9.9.9",
    scenarios: [
        .custom("engine/clock-read", summary: "one clock read") { blackHole(Platform.monotonicNanoseconds()) },
        .custom("engine/array", summary: "an array of four") { blackHole([1, 2, 3, 4]) },
        .custom("slow/sleep", summary: "not in the default suite", isDefault: false) { try await Task.sleep(for: .microseconds(10)) },
        .custom(
            "slow/setup", summary: "two seconds before it measures", isDefault: false, setUp: { try await Task.sleep(for: .seconds(2)) }
        ) {},
    ],
    models: [ResponseModel("tinyObject", FixtureMovie.self), ResponseModel("list100", [FixtureMovie].self)]
)

/// A fresh directory under the temporary directory, for one test's reports.
func temporaryDirectory(_ prefix: String = "bench") -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
}

extension BenchSuite {
    /// The command a command line names, for tests that check what was parsed.
    func command<Command: BenchCommand>(_ arguments: [String], as type: Command.Type) throws -> Command? {
        guard case .command(let command) = try parse(arguments) else { return nil }
        return command as? Command
    }

    /// The message of the usage error `arguments` make; `nil` when they parse.
    func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    /// Runs a command line in process and returns its exit status.
    func status(_ arguments: [String]) async -> Int32 {
        await main(arguments: arguments).rawValue
    }
}
