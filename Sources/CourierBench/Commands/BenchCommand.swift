/// One command of a bench executable: `run`, `load`, `compare`, or one of your own.
///
/// A command says its name, a line for the overview and its declaration (``CommandDeclaration``:
/// its forms, arguments and options, each option declared once as an ``OptionDeclaration``); parses
/// its own arguments (after the command's name) into a value, throwing ``UsageError`` for anything
/// wrong before work starts; and runs. Its help, its completion and its part of the CLI reference
/// come from the declaration. Help (`help <name>`, `--help`, `-h`), usage errors (exit 64) and the
/// exit status of any error it throws (``BenchExitCode/init(for:)``) are handled the same way for
/// every command. Adding one is this type plus one entry in ``BenchSuite/commands``:
///
/// ```swift
/// struct HelloCommand: BenchCommand {
///     static let name = "hello"
///     static let abstract = "Greets someone."
///     static let synopsis = "hello [--name <name>]"
///     static let who = OptionDeclaration("name", value: .text(), default: "world", valueName: "<name>", help: "Whom to greet.")
///     let name: String
///
///     static func declaration(in suite: BenchSuite) -> CommandDeclaration {
///         CommandDeclaration(overview: abstract, usage: [synopsis], options: [who])
///     }
///
///     static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> HelloCommand {
///         let parsed = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
///         return HelloCommand(name: try parsed.value(of: who))
///     }
///
///     func run(in context: CommandContext) async throws -> BenchExitCode {
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
    /// What the command takes, from which its help, completion and reference are rendered. By
    /// default, its abstract and synopsis, without options.
    static func declaration(in suite: BenchSuite) -> CommandDeclaration
    /// The whole help text, as `help <name>` and `--help` print it. By default, rendered from
    /// ``declaration(in:)``.
    static func help(in suite: BenchSuite) -> String
    /// Reads the arguments after the command's name.
    static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> Self
    /// Does the work and says how it ended. An error it throws is printed on one line
    /// (`error: …`) and ends the process with the status ``BenchExitCode/init(for:)`` gives it.
    func run(in context: CommandContext) async throws -> BenchExitCode
}

extension BenchCommand {
    /// The abstract as the overview, the synopsis as the usage, and no options: what a command
    /// that writes its own help has.
    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(overview: abstract, usage: synopsis.split(separator: "\n").map(String.init))
    }

    /// The help rendered from ``declaration(in:)``.
    public static func help(in suite: BenchSuite) -> String {
        declaration(in: suite).help(tool: suite.tool)
    }
}
