import Testing

@testable import CourierBench

/// Every command's help is rendered from its declaration: each option once, with its range and
/// default, in columns that fit 100 characters.
@Suite struct CommandDeclarationTests {
    static let workers = OptionDeclaration(
        "workers", value: .integer(in: 1...64), default: 4, valueName: "<n>", help: "Workers, {range}; more share the load."
    )
    static let longName = OptionDeclaration(
        "a-rather-long-option-name", value: .text(), valueName: "<value>", help: "Put under its name.", defaultDescription: "none"
    )
    static let declaration = CommandDeclaration(
        overview: "Probes.\n\n  kept   as written",
        usage: [
            "probe [--workers <n>] [--a-rather-long-option-name <value> [--and <more> [--nested <ones>]]] [--padding <p>] [--more <m>]"
        ],
        arguments: [.init("<target>", help: "What to probe.")],
        options: [workers, longName],
        discussion: "Exits 0."
    )

    @Test func theHelpStatesEachOptionsRangeAndDefault() {
        let help = Self.declaration.help(tool: "bench")
        #expect(help.contains("  --workers <n>           Workers, 1–64; more share the load. (default: 4)"))
        #expect(help.contains("  --a-rather-long-option-name <value>\n                          Put under its name. (default: none)"))
        #expect(help.contains("ARGUMENTS:\n  <target>                What to probe."))
        #expect(help.contains("  -h, --help              Shows this help."))
        #expect(help.hasPrefix("OVERVIEW: Probes.\n\n  kept   as written\n\nUSAGE: bench probe [--workers <n>]"))
        #expect(help.hasSuffix("\n\nExits 0."))
    }

    @Test func usageWrapsUnderTheCommandAndNeverInsideBrackets() throws {
        let help = Self.declaration.help(tool: "bench")
        let usage = try #require(help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") })
        let lines = usage.split(separator: "\n")
        #expect(lines.count == 3)
        let indent = String(repeating: " ", count: "USAGE: bench probe ".count)
        #expect(lines[1] == indent + "[--a-rather-long-option-name <value> [--and <more> [--nested <ones>]]]")
        #expect(lines[2] == indent + "[--padding <p>] [--more <m>]")
        #expect(lines.allSatisfy { $0.count <= 100 })
    }

    @Test(arguments: BenchSuite.standardCommands.map { $0.name })
    func everyStandardHelpFitsAndListsEachOptionOnce(name: String) throws {
        let command = try #require(testSuite.commands.first { $0.name == name })
        let help = command.help(in: testSuite)
        for line in help.split(separator: "\n") {
            #expect(line.count <= 100, "\(name): \(line)")
        }
        for option in command.declaration(in: testSuite).options {
            let entries = help.split(separator: "\n").filter { $0 == "  \(option.label)" || $0.hasPrefix("  \(option.label) ") }
            #expect(entries.count == 1, "\(name) --\(option.name)")
            #expect(!option.help.contains("{range}"), "\(name) --\(option.name)")
        }
    }

    @Test func aCommandWithoutADeclarationIsDescribedByItsSynopsis() {
        struct Bare: BenchCommand {
            static let name = "bare"
            static let abstract = "Does nothing."
            static let synopsis = "bare"

            static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> Bare { Bare() }

            func run(in context: CommandContext) async throws -> BenchExitCode { .success }
        }
        #expect(Bare.help(in: testSuite).hasPrefix("OVERVIEW: Does nothing.\n\nUSAGE: bench bare\n\nOPTIONS:\n  -h, --help"))
    }
}

extension CommandDeclarationTests {
    /// Each option a command declares is in one of its usage lines, or, for a comparison's
    /// thresholds, under `<thresholds>`.
    @Test(arguments: BenchSuite.standardCommands.map { $0.name })
    func everyOptionIsInTheUsage(name: String) throws {
        let command = try #require(testSuite.commands.first { $0.name == name })
        let declaration = command.declaration(in: testSuite)
        let usage = declaration.usage.joined(separator: " ")
        let thresholds = Set(ComparisonOptions.options.map(\.name))
        for option in declaration.options where !(usage.contains("<thresholds>") && thresholds.contains(option.name)) {
            #expect(usage.contains("[\(option.label)") || usage.contains(" \(option.label)"), "\(name): --\(option.name)")
        }
    }
}
