import BenchmarkEngine
import Foundation
import Testing

/// A scenario that fails in a real bench executable (`bench-probe`): it has a row, with its reason,
/// in every report, and `compare` fails on it, and on a scenario the run lacks, unless told to
/// accept it.
@Suite(.timeLimit(.minutes(2))) struct ScenarioFailureTests {
    @Test func aFailedScenarioHasARowWithItsReasonInEveryReport() async throws {
        let directory = temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await runProbe(["run", "--quick", "--filter", "probe/t", "--out", directory.path])
        #expect(run.status == 1)
        let latest = directory.appendingPathComponent("latest")
        let report = try JSONReportWriter.read(Data(contentsOf: latest.appendingPathComponent("report.json")))
        #expect(report.scenarios.isEmpty)
        #expect(report.failedScenarios.map(\.name) == ["probe/throws", "probe/traps"])
        #expect(report.failedScenarios.first?.reason == "the probe's scenario threw, as asked")

        let csv = try String(contentsOf: latest.appendingPathComponent("report.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 3)
        #expect(csv.first?.hasSuffix(",status,failure_cause,failure_reason,failure_log") == true)
        #expect(csv.dropFirst().first?.hasPrefix("probe/throws,") == true)
        #expect(csv.dropFirst().first?.hasSuffix(",failed,threw,the probe's scenario threw, as asked,") == false, "a comma is quoted")
        #expect(csv.dropFirst().first?.hasSuffix(",failed,threw,\"the probe's scenario threw, as asked\",") == true)
        #expect(csv.last?.contains(",failed,crashed,its process crashed with SIGILL: ") == true)
        #expect(csv.last?.hasSuffix(",failures/probe/traps.log") == true)

        let summary = try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        // After the warning of a debug build, as the tests are.
        #expect(summary.hasPrefix("> Warning: measured by a debug build"))
        #expect(summary.contains(".\n\n| scenario"))
        #expect(summary.contains("| probe/throws | threw   | the probe's scenario threw, as asked"))
        #expect(summary.contains("| probe/traps  | crashed | its process crashed with SIGILL: "))
        #expect(run.output.contains("| probe/throws | threw "), "the summary on the console has them too")

        let page = try String(contentsOf: latest.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<caption>Scenarios that failed</caption>"))
        #expect(
            page.contains(
                "<th scope=\"row\">probe/throws</th><td class=\"regression\">✖ threw</td><td>the probe&#39;s scenario threw, as asked</td>")
        )
        #expect(page.contains("<th scope=\"row\">probe/traps</th><td class=\"regression\">✖ crashed</td>"))
    }

    @Test func compareFailsOnAScenarioThatFailedOrIsMissingUnlessTold() async throws {
        let directory = temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let runs = ["healthy", "broken", "fewer"].map { directory.appendingPathComponent($0).path }
        #expect(try await runProbe(["run", "--quick", "--filter", "probe/t", "--out", runs[0]], healthy: true).status == 0)
        #expect(try await runProbe(["run", "--quick", "--filter", "probe/t", "--out", runs[1]]).status == 1)
        #expect(try await runProbe(["run", "--quick", "--filter", "probe/throws", "--out", runs[2]], healthy: true).status == 0)
        let (healthy, broken, fewer) = (runs[0] + "/latest", runs[1] + "/latest", runs[2] + "/latest")
        // Two runs' times differ; this is about which scenarios are there, so no time may fail.
        let compare = { (baseline: String, current: String, options: [String]) in
            try await runProbe(["compare", baseline, current, "--time-tolerance", "10000%"] + options)
        }

        let failed = try await compare(healthy, broken, [])
        #expect(failed.status == 1)
        #expect(
            failed.output.contains(
                "| probe/throws | scenario | – | – | – | regression | failed in this run: the probe's scenario threw, as asked |"))
        #expect(
            failed.output.contains(
                "| probe/traps | scenario | – | – | – | regression | failed in this run: its process crashed with SIGILL: "))
        #expect(failed.output.contains("2 regressions, 0 warnings."))

        let missing = try await compare(healthy, fewer, [])
        #expect(missing.status == 1)
        #expect(missing.output.contains("| probe/traps | scenario | – | – | – | regression | missing from this run |"))

        let accepted = try await compare(healthy, fewer, ["--allow-missing", "probe/traps"])
        #expect(accepted.status == 0)
        #expect(accepted.output.contains("missing from this run (accepted)"))
        #expect(try await compare(healthy, broken, ["--allow-missing", "probe/throws"]).status == 1, "only what it names is accepted")
        #expect(try await compare(healthy, broken, ["--allow-missing", "probe/throws", "--allow-missing", "probe/traps"]).status == 0)

        let fromBrokenBaseline = try await compare(broken, healthy, [])
        #expect(fromBrokenBaseline.status == 0, "a baseline that recorded failures compares: \(fromBrokenBaseline.errors)")
        #expect(
            fromBrokenBaseline.output.contains("failed in the baseline (the probe's scenario threw, as asked): nothing to compare with"))
    }
}
