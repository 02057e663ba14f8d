import BenchmarkEngine
import Testing
@testable import bench

@Suite struct BenchCommandTests {
    @Test func noArgumentsRunsTheDefaultSuite() throws {
        #expect(try BenchCommand.parse([]) == .run(BenchCommand.RunOptions()))
    }

    @Test func parsesRunOptionsInBothSpellings() throws {
        let command = try BenchCommand.parse(["run", "--filter", "decode", "--quick", "--out=/tmp/x", "--format", "json,md"])
        var expected = BenchCommand.RunOptions()
        expected.filter = "decode"
        expected.isQuick = true
        expected.outputDirectory = "/tmp/x"
        expected.formats = [.json, .markdown]
        #expect(command == .run(expected))
    }

    @Test func optionsWithoutTheRunCommandMeanRun() throws {
        guard case .run(let options) = try BenchCommand.parse(["--quick"]) else {
            Issue.record("expected run")
            return
        }
        #expect(options.isQuick)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], ["run", "--help"], ["list", "-h"], ["help", "run"], ["help", "list"]])
    func helpIsAvailableEverywhere(arguments: [String]) throws {
        guard case .help(let text) = try BenchCommand.parse(arguments) else {
            Issue.record("expected help for \(arguments)")
            return
        }
        #expect(text.contains("USAGE: bench"))
    }

    @Test func listTakesAFilter() throws {
        #expect(try BenchCommand.parse(["list", "--filter", "load"]) == .list(filter: "load"))
    }

    @Test(arguments: [
        (["--qiuck"], "unknown option '--qiuck' (did you mean '--quick'?)"),
        (["run", "--filter"], "missing value for '--filter'"),
        (["run", "--filter", "--quick"], "missing value for '--filter'"),
        (["run", "--quick=yes"], "'--quick' takes no value"),
        (["run", "--format", "json,xml"], "unknown format 'xml' in '--format' (expected json, csv or md)"),
        (["run", "stray"], "unexpected argument 'stray'"),
        (["rn"], "unknown command 'rn' (did you mean 'run'?)"),
        (["help", "bogus"], "unknown command 'bogus'"),
        (["list", "--quick"], "unknown option '--quick'"),
    ])
    func badInputIsAUsageErrorWithAClearMessage(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try BenchCommand.parse(arguments) }
        do {
            _ = try BenchCommand.parse(arguments)
        } catch {
            #expect(error.message == message)
            #expect(error.description.contains("USAGE: bench"))
        }
    }

    @Test func aUsageErrorExitsWith64() async {
        #expect(await BenchApp.main(arguments: ["--nope"]) == 64)
        #expect(await BenchApp.main(arguments: ["run", "--filter", "no-such-scenario"]) == 64)
    }

    @Test func helpAndListExitWith0() async {
        #expect(await BenchApp.main(arguments: ["--help"]) == 0)
        #expect(await BenchApp.main(arguments: ["list"]) == 0)
    }

    @Test func scenarioNamesAreUniqueAndFiltersSelectByName() {
        let names = BenchApp.scenarios.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(BenchApp.select("DECODE/").allSatisfy { $0.name.hasPrefix("decode/") })
        #expect(!BenchApp.select("decode/").isEmpty)
        #expect(BenchApp.select(nil).count == BenchApp.scenarios.filter(\.isDefault).count)
    }
}
