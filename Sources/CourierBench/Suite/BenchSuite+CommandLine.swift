import BenchmarkEngine
import Foundation

extension BenchSuite {
    /// What a command line asks for: a command to run, or a help text to print.
    public enum Invocation: Sendable {
        /// Print this text to standard output and exit 0.
        case help(String)
        /// Run this command.
        case command(any BenchCommand)
    }

    /// Runs the command line `arguments` (without the program name) in this process and returns how
    /// it ended. Help goes to standard output, errors to standard error, one line each.
    public func main(arguments: [String]) async -> BenchExitCode {
        await main(arguments: arguments, execution: .inProcess)
    }

    /// Runs `arguments` with `execution`, in `environment` (the process's unless given: tests give
    /// their own rather than change the process's, which the tests beside them share).
    func main(
        arguments: [String], execution: ScenarioExecution, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> BenchExitCode {
        if let problem = validate() {
            Platform.writeToStandardError("error: \(problem)\n")
            return .usage
        }
        let invocation: Invocation
        do {
            invocation = try parse(arguments)
        } catch {
            Platform.writeToStandardError("\(error)\n")
            return .usage
        }
        switch invocation {
        case .help(let text):
            print(text)
            return .success
        case .command(let command):
            do {
                let context = CommandContext(suite: self, commandLine: [tool] + arguments, execution: execution, environment: environment)
                return try await command.run(in: context)
            } catch {
                Platform.writeToStandardError(error is UsageError ? "\(error)\n" : "error: \(error)\n")
                return BenchExitCode(for: error)
            }
        }
    }

    /// Reads a command line (without the program name): no arguments or options alone mean `run`;
    /// `help [<command>]`, `--help` or `-h` ask for help; anything else names a command.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let wantsHelp = arguments.contains("--help") || arguments.contains("-h")
        switch arguments.first {
        case nil:
            return .command(try RunCommand.parse([], in: self))
        case "help":
            guard let name = arguments.dropFirst().first else { return .help(overview) }
            // Hidden: what the BenchCommandLine article holds, to regenerate it.
            if name == "--reference" {
                return .help(
                    arguments.dropFirst(2).first == "readme"
                        ? CommandLineReference.readme(of: self) : CommandLineReference.markdown(of: self))
            }
            guard let command = command(named: name) else {
                throw UsageError(message: "unknown command '\(name)'", usage: overview)
            }
            return .help(command.help(in: self))
        case "--version"?:
            return .help(versionLine)
        case ScenarioWorkerCommand.name?:
            return .command(try ScenarioWorkerCommand.parse(arguments.dropFirst(), in: self))
        case let first? where first.hasPrefix("-"):
            if wantsHelp { return .help(overview) }
            return .command(try RunCommand.parse(arguments[...], in: self))
        case let name?:
            guard let command = command(named: name) else {
                let hint = closest(to: name, among: commands.map { $0.name } + ["help"]).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError(message: "unknown command '\(name)'\(hint)", usage: overview)
            }
            if wantsHelp { return .help(command.help(in: self)) }
            return .command(try command.parse(arguments.dropFirst(), in: self))
        }
    }

    private func command(named name: String) -> (any BenchCommand.Type)? {
        commands.first { $0.name == name }
    }

    /// Every command's synopsis after the tool's name, a line per form, `help`'s and `--version`'s.
    var usageLines: [String] {
        commands.flatMap { $0.synopsis.split(separator: "\n").map { "\(tool) \($0)" } } + ["\(tool) help [<command>]", "\(tool) --version"]
    }

    /// What `--version` prints: the executable's version, Courier's when it differs, and the build,
    /// which decides whether its figures mean anything.
    public var versionLine: String {
        let courier = version == Self.courierVersion ? "" : "Courier \(Self.courierVersion), "
        return "\(tool) \(version) (\(courier)\(BuildConfiguration.current) build)"
    }

    /// The overview `help` prints: every command's usage and abstract, and the exit codes.
    public var overview: String {
        let usage = usageLines
        let names = commands.map { $0.name == RunCommand.name ? "\($0.name) (default)" : $0.name }
        let width = max(22, (names.map(\.count).max() ?? 0) + 2)
        let list = zip(names, commands).map { name, command in
            return "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + command.abstract
        }
        return """
            OVERVIEW: Benchmarks and load-tests a client built on Courier.

            USAGE: \(usage.joined(separator: "\n       "))

            COMMANDS:
            \(list.joined(separator: "\n"))
              \("help".padding(toLength: width, withPad: " ", startingAt: 0))Shows help for a command.

              See '\(tool) help <command>' or '\(tool) <command> --help' for its options.

            \(BenchExitCode.helpTable)
            """
    }
}

/// What a running command is given: the suite it belongs to and the command line it came from.
public struct CommandContext: Sendable {
    /// The executable's suite: its scenarios, models, transports and commands.
    public let suite: BenchSuite
    /// The tool's name and every argument as given; reports store it with secrets redacted.
    public let commandLine: [String]
    /// How `run` executes scenarios: in this process, or in a worker process that a crash cannot
    /// take down with the others.
    let execution: ScenarioExecution
    /// The process's environment variables, as the command reads them.
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// The file GitHub Actions shows as the job's summary (`GITHUB_STEP_SUMMARY`), when set: a
    /// comparison appends its table to it.
    var stepSummary: URL? {
        environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }
}
