/// `list`: every scenario, with a line each, marking those outside the default suite (which `run`
/// reaches only with `--filter`).
public struct ListCommand: BenchCommand, Equatable {
    public static let name = "list"
    public static let abstract = "Lists the scenarios."
    public static let synopsis = "list [--filter <pattern>]"

    /// Lists only scenarios whose name contains this text (ignoring case), in the default suite or
    /// not; every scenario when `nil`.
    public var filter: String?

    static let filterOption = OptionDeclaration(
        "filter", value: .text(), valueName: "<pattern>", help: "Only scenarios whose name contains <pattern>."
    )

    public static func declaration(in suite: BenchSuite) -> CommandDeclaration {
        CommandDeclaration(
            overview: "Lists every scenario, marking those outside the default suite ('run' runs them only when '--filter' selects them).",
            usage: [synopsis], options: [filterOption]
        )
    }

    public static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> ListCommand {
        let parsed = try declaration(in: suite).parser(tool: suite.tool).parse(arguments)
        return ListCommand(filter: try parsed.value(of: filterOption))
    }

    public func run(in context: CommandContext) async throws -> BenchExitCode {
        for scenario in filter.map({ context.suite.scenarios(matching: $0) }) ?? context.suite.scenarios {
            let name = scenario.name.padding(toLength: 32, withPad: " ", startingAt: 0)
            print("\(name) \(scenario.summary)\(scenario.isDefault ? "" : " (not in the default suite)")")
        }
        return .success
    }
}
