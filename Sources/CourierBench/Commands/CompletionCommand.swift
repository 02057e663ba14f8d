/// `completion bash|zsh`: the shell completion script for this executable, on standard output,
/// written from its commands' declarations.
public struct CompletionCommand: BenchCommand, Equatable {
    public static let name = "completion"
    public static let abstract = "Prints a bash or zsh completion script for this tool."
    public static let synopsis = "completion bash|zsh"

    let shell: CompletionScript.Shell

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview: "Prints a completion script for the shell, made from the commands' own declarations.",
            usage: [synopsis], arguments: [.init("<shell>", help: "bash or zsh.")], subcommands: ["bash", "zsh"],
            discussion: """
                bash: eval "$(\(suite.tool) completion bash)" in ~/.bashrc. zsh: \(suite.tool) completion zsh > "${fpath[1]}/_\(suite.tool)", then compinit.
                """
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> CompletionCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool, positionals: 1).parse(arguments)
        guard let name = parsed.positionals.first else { throw UsageError(message: "missing <shell> (bash or zsh)", usage: parsed.usage) }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError(message: "unknown shell '\(name)' (expected bash or zsh)", usage: parsed.usage)
        }
        return CompletionCommand(shell: shell)
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        print(CompletionScript.script(for: shell, of: context.suite))
        return .success
    }
}
