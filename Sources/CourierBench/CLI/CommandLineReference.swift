/// The CLI reference in the documentation (`docs/cli.md` for `bench`), rendered from the suite's
/// commands' declarations and the exit-status table, so that it cannot drift from the tool. The
/// hidden `help --reference` prints it; a test compares the file with it.
public enum CommandLineReference {
    /// The reference of `suite`'s command line, in Markdown: the overview, each command's help,
    /// and the exit codes.
    public static func markdown(of suite: BenchSuite) -> String {
        var sections = [
            "# `\(suite.tool)` command line",
            "Generated from the commands' declarations by `\(suite.tool) help --reference`; do not edit by hand.",
            "```\n\(suite.overview)\n```",
        ]
        for command in suite.commands {
            sections.append("## `\(suite.tool) \(command.name)`\n\n\(command.abstract)\n\n```\n\(command.help(in: suite))\n```")
        }
        sections.append("## Exit codes\n\n\(BenchExitCode.markdownTable)")
        return sections.joined(separator: "\n\n") + "\n"
    }
}
