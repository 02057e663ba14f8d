import BenchmarkEngine
import Foundation

/// The entry point of a bench executable: declare the suite, mark the type `@main`, and the whole
/// command line is yours.
///
/// ```swift
/// import CourierBench
///
/// @main struct AppBench: BenchMain {
///     static let suite = BenchSuite(tool: "appbench", scenarios: [
///         .decode("decode/issues", as: [Issue].self, from: .resource("issues.json", in: .module)),
///     ])
/// }
/// ```
///
/// `run` executes the scenarios in a worker process of the same executable, so a scenario that
/// crashes (a trap, a failed precondition) is reported as failed while the others still run and
/// their reports are written.
public protocol BenchMain {
    /// What the executable measures and offers.
    static var suite: BenchSuite { get }
}

extension BenchMain {
    /// Runs the process's command line against ``suite`` and exits with its code.
    ///
    /// The soft descriptor limit is raised to the hard one first (BenchmarkEngine's `Platform.raiseDescriptorLimit()`):
    /// a load run holds one socket per connection, and the shell's default soft limit is often
    /// far below that.
    ///
    /// The entry point is synchronous, and the main thread waits while a task runs the command and
    /// exits: an `async` main parks the main thread in `dispatchMain()`'s `sigsuspend`, which crashes
    /// Valgrind 3.19, and `run --instructions` runs this executable's workers under Valgrind.
    public static func main() {
        Platform.raiseDescriptorLimit()
        let execution = ScenarioExecution.isolated(executable: Bundle.main.executableURL)
        let arguments = Array(CommandLine.arguments.dropFirst())
        let suite = suite
        Task {
            let code = await suite.main(arguments: arguments, execution: execution)
            exit(code.rawValue)
        }
        DispatchSemaphore(value: 0).wait()
    }
}
