/// `list`: every scenario, with a line each, marking those outside the default suite (which `run`
/// reaches only with `--filter`).
public struct ListCommand: BenchCommand, Equatable {
    public static let name = "list"
    public static let abstract = "Lists the scenarios."
    public static let synopsis = "list [--filter <pattern>]"

    /// Lists only scenarios whose name contains this text (ignoring case), in the default suite or
    /// not; every scenario when `nil`.
    public var filter: String?

    public static func help(in suite: BenchSuite) -> String {
        """
        OVERVIEW: Lists every scenario, marking those outside the default suite ('run' runs them only
        when '--filter' selects them).

        USAGE: \(suite.tool) list [--filter <pattern>]

        OPTIONS:
          --filter <pattern>      Only scenarios whose name contains <pattern>.
          -h, --help              Shows this help.
        """
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ListCommand {
        let parsed = try ArgumentParser(options: [.value("filter")], usage: help(in: suite)).parse(arguments)
        return ListCommand(filter: parsed["filter"])
    }

    public func run(in context: CommandContext) async throws -> ExitCode {
        for scenario in filter.map({ context.suite.scenarios(matching: $0) }) ?? context.suite.scenarios {
            let name = scenario.name.padding(toLength: 32, withPad: " ", startingAt: 0)
            print("\(name) \(scenario.summary)\(scenario.isDefault ? "" : " (not in the default suite)")")
        }
        return .success
    }
}
