import BenchmarkEngine
import Testing

@testable import CourierBench

@Suite struct BenchCommandTests {
    @Test func noArgumentsRunsTheDefaultSuite() throws {
        #expect(try testSuite.command([], as: RunCommand.self) == RunCommand())
    }

    @Test func parsesRunOptionsInBothSpellings() throws {
        let command = try testSuite.command(
            ["run", "--filter", "decode", "--quick", "--out=/tmp/x", "--format", "json,md"], as: RunCommand.self)
        var expected = RunCommand()
        expected.selection.filters = ["decode"]
        expected.isQuick = true
        expected.outputDirectory = "/tmp/x"
        expected.formats = [.json, .markdown]
        #expect(command == expected)
    }

    @Test func theExportsAreWrittenOnlyWhenAskedFor() throws {
        #expect(RunCommand().formats == [.json, .csv, .markdown, .hlog, .html])
        let command = try testSuite.command(["run", "--format", "bmf, GitHub,json"], as: RunCommand.self)
        #expect(command?.formats == [.bmf, .githubBenchmark, .json])
    }

    @Test func optionsWithoutTheRunCommandMeanRun() throws {
        #expect(try testSuite.command(["--quick"], as: RunCommand.self)?.isQuick == true)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["help"], ["run", "--help"], ["list", "-h"], ["help", "run"], ["help", "list"], ["help", "capture"],
        ["decode", "--help"],
    ])
    func helpIsAvailableEverywhere(arguments: [String]) throws {
        guard case .help(let text) = try testSuite.parse(arguments) else {
            Issue.record("expected help for \(arguments)")
            return
        }
        #expect(text.contains("USAGE: bench"))
    }

    @Test func theOverviewListsEveryCommandOnce() throws {
        let overview = testSuite.overview
        for command in testSuite.commands {
            #expect(overview.contains("\n  \(command.name)"), "\(command.name)")
        }
        #expect(!overview.contains("__scenario-worker"))
    }

    @Test func listTakesAFilter() throws {
        #expect(
            try testSuite.command(["list", "--filter", "load"], as: ListCommand.self)
                == ListCommand(selection: ScenarioSelection(filters: ["load"])))
    }

    @Test(arguments: [
        (["--qiuck"], "unknown option '--qiuck' (did you mean '--quick'?)"),
        (["run", "--filter"], "missing value for '--filter'"),
        (["run", "--filter", "--quick"], "missing value for '--filter'"),
        (["run", "--quick=yes"], "'--quick' takes no value"),
        (["run", "--format", "json,xml"], "unknown format 'xml' in '--format' (expected json, csv, md, hlog, html, bmf, github, junit)"),
        (["run", "stray"], "unexpected argument 'stray'"),
        (["rn"], "unknown command 'rn' (did you mean 'run'?)"),
        (["help", "bogus"], "unknown command 'bogus'"),
        (["list", "--quick"], "unknown option '--quick'"),
        (["decode"], "missing '--file <path>'"),
        (["capture", "--url", "http://x/y"], "missing '--out <file>'"),
    ])
    func badInputIsAUsageErrorWithAClearMessage(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try testSuite.parse(arguments) }
        do {
            _ = try testSuite.parse(arguments)
        } catch {
            #expect(error.message == message)
            #expect(error.description.contains("USAGE: bench"))
        }
    }

    @Test func aUsageErrorExitsWith64() async {
        #expect(await testSuite.status(["--nope"]) == 64)
        #expect(await testSuite.status(["run", "--filter", "no-such-scenario"]) == 64)
    }

    @Test func helpAndListExitWith0() async {
        #expect(await testSuite.status(["--help"]) == 0)
        #expect(await testSuite.status(["list"]) == 0)
    }

    @Test func filtersSelectByNameIgnoringCaseAndReachBeyondTheDefaultSuite() {
        #expect(testSuite.scenarios(matching: "ENGINE/").map(\.name) == ["engine/clock-read", "engine/array"])
        #expect(testSuite.scenarios(matching: nil).map(\.name) == ["engine/clock-read", "engine/array"])
        #expect(testSuite.scenarios(matching: "slow").map(\.name) == ["slow/sleep", "slow/setup"])
    }

    @Test func skippedPatternsLeaveOutWhatTheFilterOrTheDefaultSuiteChose() throws {
        #expect(testSuite.scenarios(matching: nil, skipping: ["ARRAY"]).map(\.name) == ["engine/clock-read"])
        #expect(testSuite.scenarios(matching: "/", skipping: ["engine/", "sleep"]).map(\.name).contains("slow/setup"))
        #expect(
            !testSuite.scenarios(matching: "/", skipping: ["engine/", "sleep"]).map(\.name).contains {
                $0.hasPrefix("engine/") || $0 == "slow/sleep"
            })
        #expect(
            try testSuite.command(["run", "--skip", "list10k", "--skip=array"], as: RunCommand.self)?.selection.skipped == [
                "list10k", "array",
            ])
    }

    @Test func skippingEverythingIsAUsageError() async {
        #expect(await testSuite.status(["run", "--filter", "engine/", "--skip", "engine/", "--out", temporaryDirectory().path]) == 64)
    }
}
