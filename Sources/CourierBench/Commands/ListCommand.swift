/// `list`: every scenario, with a line each, marking those outside the default suite (which `run`
/// reaches only with `--filter`).
public struct ListCommand: BenchCommand, Equatable {
    public static let name = "list"
    public static let abstract = "Lists the scenarios."
    public static let synopsis = "list [--filter <pattern>]... [--skip <pattern>]..."

    /// The scenarios to list, in the default suite or not; every scenario without a filter.
    public var selection: ScenarioSelection

    /// Lists the scenarios `selection` selects, every one by default.
    public init(selection: ScenarioSelection = ScenarioSelection()) {
        self.selection = selection
    }

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview: "Lists every scenario, marking those outside the default suite ('run' runs them only when '--filter' selects them).",
            usage: [synopsis], options: ScenarioSelection.options
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ListCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        return ListCommand(selection: try ScenarioSelection.parse(parsed))
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        for scenario in selection.select(context.suite.scenarios, everythingUnfiltered: true) {
            let name = scenario.name.padding(toLength: 32, withPad: " ", startingAt: 0)
            print("\(name) \(scenario.summary)\(scenario.isDefault ? "" : " (not in the default suite)")")
        }
        return .success
    }
}
