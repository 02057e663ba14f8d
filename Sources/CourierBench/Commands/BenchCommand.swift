/// One command of a bench executable: `run`, `load`, `compare`, or one of your own.
///
/// A command says its name, a line for the overview and its help; parses its own arguments (after
/// the command's name) into a value, throwing ``UsageError`` for anything wrong before work starts;
/// and runs. Help (`help <name>`, `--help`, `-h`), usage errors (exit 64) and the exit code of any
/// error it throws (``ExitCode/init(for:)``) are handled the same way for every command. Adding one
/// is this type plus one entry in ``BenchSuite/commands``:
///
/// ```swift
/// struct HelloCommand: BenchCommand {
///     static let name = "hello"
///     static let abstract = "Greets someone."
///     static let synopsis = "hello [--name <name>]"
///     let name: String
///
///     static func help(in suite: BenchSuite) -> String {
///         "OVERVIEW: \(abstract)\n\nUSAGE: \(suite.tool) \(synopsis)"
///     }
///
///     static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> HelloCommand {
///         let parsed = try ArgumentParser(options: [.value("name")], usage: help(in: suite)).parse(arguments)
///         return HelloCommand(name: parsed["name"] ?? "world")
///     }
///
///     func run(in context: CommandContext) async throws -> ExitCode {
///         print("Hello, \(name)!")
///         return .success
///     }
/// }
/// ```
public protocol BenchCommand: Sendable {
    /// The word that selects the command: `load` in `bench load --url …`.
    static var name: String { get }
    /// One line for the overview's command list.
    static var abstract: String { get }
    /// The command's usage after the tool's name, for the overview (`load --url <url> [<options>]`);
    /// several lines when it has several forms.
    static var synopsis: String { get }
    /// The whole help text, as `help <name>` and `--help` print it.
    static func help(in suite: BenchSuite) -> String
    /// Reads the arguments after the command's name.
    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> Self
    /// Does the work and says how it ended. An error it throws is printed on one line
    /// (`error: …`) and ends the process with the code ``ExitCode/init(for:)`` gives it.
    func run(in context: CommandContext) async throws -> ExitCode
}
