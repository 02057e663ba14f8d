/// What a running command is given: the suite it belongs to and the command line it came from.
public struct CommandContext: Sendable {
    /// The executable's suite: its scenarios, models, transports and commands.
    public let suite: BenchSuite
    /// The tool's name and every argument as given; reports store it with secrets redacted.
    public let commandLine: [String]
    /// How `run` executes scenarios: in this process, or in a worker process that a crash cannot
    /// take down with the others.
    let execution: ScenarioExecution
}
