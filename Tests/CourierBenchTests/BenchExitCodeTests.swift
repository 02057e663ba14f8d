import BenchmarkEngine
import CourierBench
import Testing

/// Every command's errors end in the code of one table.
@Suite struct BenchExitCodeTests {
    @Test func eachKindOfErrorHasItsCode() {
        struct Other: Error {}
        #expect(BenchExitCode(for: UsageError(message: "m", usage: "u")) == .usage)
        #expect(BenchExitCode(for: SuiteError.duplicate("scenario", "x")) == .usage)
        #expect(BenchExitCode(for: MissingInput("gone")) == .missingInput)
        #expect(BenchExitCode(for: BaselineError.missing(name: "main", available: [])) == .missingInput)
        #expect(BenchExitCode(for: BaselineError.invalidName("a b")) == .usage)
        #expect(BenchExitCode(for: InvalidInput("not JSON")) == .badInput)
        #expect(BenchExitCode(for: ReportError.unreadable(path: "x.json", reason: "invalid JSON")) == .badInput)
        #expect(BenchExitCode(for: Other()) == .failure)
        #expect([BenchExitCode.success, .failure, .usage, .badInput, .missingInput].map(\.rawValue) == [0, 1, 64, 65, 66])
    }

    /// A command of the suite's own that throws gets the same treatment as a standard one.
    @Test func aPluggedInCommandsErrorsAreHandledLikeTheStandardOnes() async {
        struct Probe: BenchCommand {
            static let name = "probe"
            static let abstract = "Fails as asked."
            static let synopsis = "probe --fail missing|other"
            static let fail = OptionDeclaration("fail", value: .text(), valueName: "<kind>", help: "How to fail.")
            let failure: String

            static func help(in suite: BenchSuite) -> String { "USAGE: \(suite.tool) \(synopsis)" }

            static func parse(_ arguments: ArraySlice<String>, in suite: BenchSuite) throws(UsageError) -> Probe {
                let parsed = try CommandLineParser(options: [fail], usage: help(in: suite)).parse(arguments)
                guard let failure = try parsed.value(of: fail) else {
                    throw UsageError(message: "missing '--fail'", usage: help(in: suite))
                }
                return Probe(failure: failure)
            }

            func run(in context: CommandContext) async throws -> BenchExitCode {
                if failure == "missing" { throw MissingInput("no such thing") }
                struct Other: Error {}
                throw Other()
            }
        }
        let suite = BenchSuite(tool: "bench", scenarios: [], commands: [Probe.self])
        #expect(await suite.status(["probe"]) == 64)
        #expect(await suite.status(["probe", "--fial", "x"]) == 64)
        #expect(await suite.status(["probe", "--fail", "missing"]) == 66)
        #expect(await suite.status(["probe", "--fail", "other"]) == 1)
        #expect(await suite.status(["help", "probe"]) == 0)
        #expect(suite.overview.contains("bench probe --fail missing|other"))
    }
}

/// The one table of exit codes is what the overview shows.
@Suite struct ExitCodeTableTests {
    @Test func theOverviewListsEveryCodeOfTheTable() throws {
        let codes: [BenchExitCode] = [.success, .failure, .objectiveBreached, .usage, .badInput, .missingInput, .interrupted]
        #expect(BenchExitCode.documented == codes)
        let table = try #require(testSuite.overview.components(separatedBy: "EXIT CODES:\n").last)
        for code in codes {
            let meaning = try #require(code.meaning)
            let head = "  " + "\(code.rawValue)".padding(toLength: 4, withPad: " ", startingAt: 0)
            #expect(table.contains(head + meaning.prefix(20)), "\(code)")
            #expect(BenchExitCode.markdownTable.contains("| `\(code.rawValue)` | \(meaning) |"))
        }
        #expect(BenchExitCode(rawValue: 2).meaning == nil)
    }
}
