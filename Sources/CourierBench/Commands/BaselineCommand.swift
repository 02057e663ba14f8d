import BenchmarkEngine
import Foundation

/// `baseline save` and `baseline list`: named baselines under `<reports>/baselines/`.
public enum BaselineCommand: BenchCommand, Equatable {
    /// Stores a run's report (the latest unless `run` names one) as the baseline `name`.
    case save(name: String, run: String?, reportsDirectory: String)
    /// Lists the saved baselines with the machines they ran on.
    case list(reportsDirectory: String)

    public static let name = "baseline"
    public static let abstract = "Saves a run as a named baseline, or lists them."
    public static let synopsis = "baseline save [<name>] [--run <dir>]\nbaseline list"

    static let runOption = OptionDeclaration(
        "run", value: .directory, valueName: "<dir>", help: "The run directory or report.json to save.",
        defaultDescription: "<reports>/latest"
    )
    static let reports = OptionDeclaration(
        "reports", value: .directory, default: "Reports", valueName: "<dir>", help: "Where runs and baselines live."
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview: "Saves a run as a named baseline in <reports>/baselines/, or lists the saved ones.",
            usage: ["baseline save [<name>] [--run <dir>] [--reports <dir>]", "baseline list [--reports <dir>]"],
            arguments: [.init("<name>", help: "Letters, digits, '.', '_' and '-'. (default: default)")],
            options: [runOption, reports], subcommands: ["save", "list"]
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> BaselineCommand {
        let usage = help(in: suite)
        switch arguments.first {
        case "save":
            let parsed = try CommandLineParser(options: [runOption, reports], positionals: 1, usage: usage).parse(arguments.dropFirst())
            let name = parsed.positionals.first ?? "default"
            guard BaselineStore.isValidName(name) else {
                throw UsageError(
                    message: "invalid baseline name '\(name)' (expected letters, digits, '.', '_' and '-', not starting with '.')",
                    usage: usage)
            }
            return .save(name: name, run: try parsed.value(of: runOption), reportsDirectory: try parsed.value(of: reports))
        case "list":
            let parsed = try CommandLineParser(options: [reports], usage: usage).parse(arguments.dropFirst())
            return .list(reportsDirectory: try parsed.value(of: reports))
        case let other?:
            throw UsageError(message: "unknown baseline command '\(other)' (expected save or list)", usage: usage)
        case nil:
            throw UsageError(message: "missing baseline command (save or list)", usage: usage)
        }
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        switch self {
        case .save(let name, let run, let reportsDirectory):
            let reports = URL(fileURLWithPath: reportsDirectory)
            let (report, _) = try RunArchive.loadRun(run.map(URL.init(fileURLWithPath:)) ?? reports.appendingPathComponent("latest"))
            let file = try BaselineStore(directory: reports.appendingPathComponent("baselines")).save(report, as: name)
            print("Saved run \(report.runID) as baseline '\(name)': \(file.path)")
        case .list(let reportsDirectory):
            let store = BaselineStore(directory: URL(fileURLWithPath: reportsDirectory).appendingPathComponent("baselines"))
            let names = try store.list()
            if names.isEmpty { print("No baselines saved in \(store.directory.path).") }
            // One unreadable file does not hide the others; it is reported and sets the exit code.
            var status = BenchExitCode.success
            for name in names {
                do {
                    let report = try store.load(name)
                    let machine = report.environment
                    print(
                        "\(name.padding(toLength: 24, withPad: " ", startingAt: 0)) run \(report.runID)\(report.isQuick ? " (quick)" : ""), \(machine.operatingSystem), \(machine.cpuCount) CPUs, \(machine.buildConfiguration), \(machine.allocator ?? "no jemalloc")"
                    )
                } catch {
                    Platform.writeToStandardError("error: \(error)\n")
                    status = BenchExitCode(for: error)
                }
            }
            return status
        }
        return .success
    }
}
