import BenchmarkEngine
import Foundation
import Testing

/// `run` in a real bench executable (`bench-probe`, built beside the tests) executes scenarios in a
/// worker process: one that traps fails alone, with one line on the terminal and its backtrace in
/// the run directory, and the run goes on and writes the others.
@Suite(.timeLimit(.minutes(2))) struct WorkerIsolationTests {
    @Test func aScenarioThatCrashesFailsAloneAndTheOthersAreWritten() async throws {
        let directory = temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await runProbe(["run", "--quick", "--filter", "probe/", "--out", directory.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: scenario probe/throws failed: the probe's scenario threw, as asked\n"))
        #expect(run.errors.contains("error: scenario probe/traps failed: its process crashed with SIGILL: "))
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.map(\.name) == ["probe/works", "probe/after-the-trap"])
        #expect(report.failedScenarios.map(\.name) == ["probe/throws", "probe/traps", "probe/fails-a-precondition"])
        #expect(report.failedScenarios.map(\.cause) == [.threw, .crashed, .crashed])
        #expect(report.commandLine.first == "bench-probe")
    }

    @Test func aTrapPrintsOneLineWithItsMessageAndKeepsItsBacktraceInTheRunDirectory() async throws {
        let directory = temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await runProbe(["run", "--quick", "--filter", "probe/fails-a-precondition", "--out", directory.path])
        #expect(run.status == 1)
        // Beside the warning a debug build (as the tests are) starts with.
        let lines = run.errors.split(separator: "\n").filter { !$0.hasPrefix("warning: measured by a debug build") }
        #expect(lines.count == 1, "the terminal gets one line, not the backtrace: \(run.errors)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("error: scenario probe/fails-a-precondition failed: its process crashed with SIG"))
        #expect(line.contains("Precondition failed: the probe's precondition failed, as asked"))

        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        let failure = try #require(report.failedScenarios.first)
        #expect(failure.log == "failures/probe/fails-a-precondition.log")
        let log = directory.appendingPathComponent("latest").appendingPathComponent(try #require(failure.log)).resolvingSymlinksInPath()
        #expect(line.hasSuffix("; its standard error and backtrace: \(log.path)"))
        let kept = try String(contentsOf: log, encoding: .utf8)
        #expect(kept.contains("Precondition failed: the probe's precondition failed, as asked"))
        #expect(kept.contains("crashed:"), "the backtrace names the thread that crashed")
        #expect(kept.contains("failPrecondition"), "and the function it crashed in")
        #expect(kept.split(separator: "\n").count > 10)
    }

    @Test func aRunWithoutFailuresExits0() async throws {
        let directory = temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await runProbe(["--quick", "--out", directory.path])
        #expect(run.status == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.map(\.name) == ["probe/works"])
        #expect(report.failedScenarios.isEmpty)
    }
}
