import Foundation
import Testing

/// `list` in a real bench executable (`bench-probe`), whose output is the process's own.
@Suite(.timeLimit(.minutes(1))) struct ListCommandTests {
    @Test func listShowsEveryScenarioAndMarksThoseOutsideTheDefaultSuite() async throws {
        let run = try await runProbe(["list"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(
            lines.map { $0.split(separator: " ").first.map(String.init) } == [
                "probe/works", "probe/throws", "probe/traps", "probe/after-the-trap", "probe/fails-a-precondition", "load/ping",
            ])
        #expect(lines.first?.hasSuffix("(not in the default suite)") == false)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(" (not in the default suite)") })
    }

    @Test func aFilterListsTheScenariosItMatchesInTheDefaultSuiteOrNot() async throws {
        let run = try await runProbe(["list", "--filter", "TRAP"])
        #expect(run.status == 0)
        #expect(
            run.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == [
                "probe/traps", "probe/after-the-trap",
            ])
    }
}
