import BenchmarkEngine
import Foundation

/// The bench's entry point: parses the command line, runs what it asks, and turns every outcome
/// into an exit code.
enum BenchApp {
    static let version = "0.2.0"

    /// Exit codes, as `bench --help` documents them.
    enum ExitCode {
        static let success: Int32 = 0
        static let failure: Int32 = 1
        static let usage: Int32 = 64
        static let badInput: Int32 = 65
        static let missingInput: Int32 = 66
    }

    /// Every scenario, in the order the default suite runs them.
    static var scenarios: [Scenario] {
        RequestBuildingScenarios.all + EncodingScenarios.all + DecodingScenarios.all + LoadScenarios.all + EngineScenarios.all
    }

    /// Runs the command `arguments` (without the program name) and returns the process's exit code.
    static func main(arguments: [String]) async -> Int32 {
        let command: BenchCommand
        do {
            command = try BenchCommand.parse(arguments)
        } catch {
            Platform.writeToStandardError("\(error)\n")
            return ExitCode.usage
        }
        switch command {
        case .help(let text):
            print(text)
            return ExitCode.success
        case .list(let filter):
            for scenario in select(filter) {
                let name = scenario.name.padding(toLength: 32, withPad: " ", startingAt: 0)
                print("\(name) \(scenario.summary)\(scenario.isDefault ? "" : " (not in the default suite)")")
            }
            return ExitCode.success
        case .run(let options):
            return await run(options, arguments: arguments)
        case .saveBaseline(let name, let run, let reportsDirectory):
            return saveBaseline(name: name, run: run, reportsDirectory: reportsDirectory)
        case .listBaselines(let reportsDirectory):
            return listBaselines(reportsDirectory: reportsDirectory)
        case .compare(let options):
            return compare(options)
        case .load(let options):
            return await LoadCommand.run(options, arguments: arguments)
        case .serve(let port, let seconds):
            return await ServeCommand.run(port: port, seconds: seconds)
        case .fixtures(let directory):
            return FixturesCommand.run(directory: directory)
        }
    }

    /// The scenarios whose names contain `filter`, ignoring case, or the default suite.
    static func select(_ filter: String?) -> [Scenario] {
        guard let filter else { return scenarios.filter(\.isDefault) }
        return scenarios.filter { $0.name.localizedCaseInsensitiveContains(filter) }
    }

    /// A scenario's own thresholds, if it has any, for a result of that name (or its baseline's).
    static func thresholds(for resultName: String) -> Thresholds? {
        scenarios.first { resultName == $0.name || resultName.hasPrefix($0.name + " ") }?.thresholds
    }

    /// Prints `error` as the bench prints errors, and returns the exit code it calls for.
    static func fail(_ error: any Error) -> Int32 {
        Platform.writeToStandardError("error: \(error)\n")
        switch error {
        case BaselineError.invalidName: return ExitCode.usage
        case is BaselineError, is MissingRun: return ExitCode.missingInput
        case ReportError.unreadable: return ExitCode.badInput
        default: return ExitCode.failure
        }
    }
}
