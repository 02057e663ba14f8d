import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

/// `--filter` and `--skip`: several patterns or a regular expression, read the same by `list`, `run`
/// and the history commands.
@Suite struct ScenarioSelectionTests {
    @Test func severalFiltersSelectWhatAnyOfThemMatches() throws {
        let selection = ScenarioSelection(filters: ["clock", "SLOW/SLEEP"])
        #expect(selection.select(testSuite.scenarios).map(\.name) == ["engine/clock-read", "slow/sleep"])
    }

    @Test func aPatternBetweenSlashesIsARegularExpressionIgnoringCase() {
        let selection = ScenarioSelection(filters: ["/^(ENGINE/array$|slow/)/"])
        #expect(selection.select(testSuite.scenarios).map(\.name) == ["engine/array", "slow/sleep", "slow/setup"])
        #expect(ScenarioSelection(filters: ["/(?-i)^ENGINE/"]).select(testSuite.scenarios).isEmpty)
        #expect(ScenarioSelection(skipped: ["/-read$/"]).select(testSuite.scenarios).map(\.name) == ["engine/array"])
        // A lone slash is a plain pattern: every name of a group has one.
        #expect(ScenarioSelection(filters: ["/"]).select(testSuite.scenarios).count == testSuite.scenarios.count)
    }

    @Test func withoutAFilterRunTakesTheDefaultSuiteAndListTakesEverything() {
        #expect(ScenarioSelection().select(testSuite.scenarios).map(\.name) == ["engine/clock-read", "engine/array"])
        #expect(ScenarioSelection().select(testSuite.scenarios, everythingUnfiltered: true).count == testSuite.scenarios.count)
    }

    @Test func runListAndHistoryReadTheSameRepeatableOptions() throws {
        let arguments = ["--filter", "decode/list100", "--filter=/^build//", "--skip", "x", "--skip", "/y$/"]
        let expected = ScenarioSelection(filters: ["decode/list100", "/^build//"], skipped: ["x", "/y$/"])
        #expect(try testSuite.command(["run"] + arguments, as: RunCommand.self)?.selection == expected)
        #expect(try testSuite.command(["list"] + arguments, as: ListCommand.self)?.selection == expected)
        #expect(
            try testSuite.command(["history", "check"] + arguments, as: HistoryCommand.self)
                == .check(metric: HistoryFigures.nanosecondsPerOperation, window: 50, history: RunHistory.defaultPath, selection: expected))
        #expect(
            try testSuite.command(["history", "report", "--out", "p.html"] + arguments, as: HistoryCommand.self)
                == .report(
                    metric: HistoryFigures.nanosecondsPerOperation, window: 50, output: "p.html", history: RunHistory.defaultPath,
                    selection: expected))
        #expect(
            try testSuite.command(["history", "export"] + arguments, as: HistoryCommand.self)
                == .export(formats: [.csv], output: nil, history: RunHistory.defaultPath, selection: expected))
    }

    @Test(arguments: [["run"], ["list"], ["history", "check"], ["history", "export"], ["history", "report"]])
    func aRegularExpressionThatDoesNotCompileIsAUsageError(command: [String]) async {
        #expect(testSuite.usageMessage(command + ["--filter", "/(unclosed/"]) == "invalid regular expression '(unclosed' for '--filter'")
        #expect(testSuite.usageMessage(command + ["--skip", "/[/"]) == "invalid regular expression '[' for '--skip'")
        #expect(await testSuite.status(command + ["--filter", "/(unclosed/"]) == 64)
    }

    @Test func historyExportKeepsOnlyTheSelectedScenarios() async throws {
        let directory = temporaryDirectory("selection-history")
        let file = directory.appendingPathComponent("h.sqlite").path
        #expect(
            await testSuite.status([
                "run", "--quick", "--filter", "engine/", "--out", directory.path, "--format", "json", "--history", file, "--commit", "c1",
            ]) == 0)
        let out = directory.appendingPathComponent("export.csv").path
        #expect(await testSuite.status(["history", "export", "--filter", "/clock/", "--out", out, "--history", file]) == 0)
        let csv = try String(contentsOfFile: out, encoding: .utf8)
        #expect(csv.contains(",engine/clock-read,"))
        #expect(!csv.contains(",engine/array,"))
        // Nothing selected that has the figure: 66, as a missing figure is.
        #expect(await testSuite.status(["history", "check", "--filter", "nothing-here", "--history", file]) == 66)
    }

    @Test func listPrintsOnlyTheSelection() async throws {
        let listed = try await runProbe(["list", "--filter", "works", "--filter", "/^probe/t(hrows|raps)$/", "--skip", "traps"])
        #expect(listed.status == 0)
        #expect(
            listed.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) } == [
                "probe/works", "probe/throws",
            ])
    }
}
