import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

/// `run --instructions`: micro scenarios counted under Callgrind in their worker process, and the
/// clear refusals where that cannot happen.
@Suite(.timeLimit(.minutes(2))) struct ValgrindTests {
    /// A real run of `bench-probe`'s one small custom scenario under valgrind, twice: the counts are
    /// there, positive, and the instructions the same both times (the seed of Swift's hashing is
    /// fixed and the batch sizes are too); appended to a history, the second run's page charts the counts, since a
    /// counted run has no times. Skipped where valgrind or its header is missing.
    @Test(.enabled(if: InstructionCounter.isCompiledIn && Valgrind.locate() != nil))
    func aCountedRunReportsTheSameInstructionsTwice() async throws {
        var counts: [InstructionCounts] = []
        let history = temporaryDirectory("counted-history").appendingPathComponent("h.sqlite").path
        var page = ""
        for _ in 0..<2 {
            let directory = temporaryDirectory("counted")
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try await runProbe([
                "run", "--quick", "--instructions", "--filter", "probe/works", "--out", directory.path, "--format", "json,html",
                "--history", history,
                "--commit", "c\(counts.count)",
            ])
            #expect(run.status == 0, "\(run.errors)")
            let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
            let result = try #require(report.scenarios.first)
            #expect(result.nanosecondsPerOperation == nil, "times under valgrind mean nothing and are not reported")
            counts.append(try #require(result.counts))
            page = try String(contentsOf: directory.appendingPathComponent("latest/report.html"), encoding: .utf8)
        }
        #expect(page.contains("<h3>probe/works over runs</h3>"))
        #expect(page.contains("Each scenario&#39;s counts.instructionsPerOperation over the runs of the history"))
        #expect(page.contains("<td>c0</td>") && page.contains("<td>c1</td>"))
        #expect(counts[0].instructionsPerOperation > 0)
        #expect((counts[0].estimatedCyclesPerOperation ?? 0) >= counts[0].instructionsPerOperation)
        #expect(counts[0].instructionsPerOperation == counts[1].instructionsPerOperation)
        // The simulated caches see the heap's addresses, which move a little between processes
        // even without address randomization: estimated cycles agree to a tenth of a percent or so.
        let cycles = try #require(counts[0].estimatedCyclesPerOperation)
        let again = try #require(counts[1].estimatedCyclesPerOperation)
        #expect(abs(again / cycles - 1) < 0.005)
    }

    /// Counted, the probe's scenarios run one worker per processor, each taking the next: the report
    /// keeps the suite's order, and the one that traps or throws fails alone as when timed.
    @Test(.enabled(if: InstructionCounter.isCompiledIn && Valgrind.locate() != nil))
    func countedWorkersSideBySideKeepTheSuitesOrderAndFailAlone() async throws {
        let directory = temporaryDirectory("counted-probes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await runProbe(["run", "--quick", "--instructions", "--filter", "probe/", "--out", directory.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: scenario probe/throws failed: the probe's scenario threw, as asked\n"))
        // Valgrind ends some traps with a status of its own rather than the signal: the line still names the trap.
        #expect(run.errors.contains("error: scenario probe/traps failed: its process "))
        #expect(run.errors.contains("Unexpectedly found nil while unwrapping an Optional value"))
        #expect(!run.errors.contains("warning: L3 cache found"), "Valgrind's own messages go to its log")
        let kept = try String(
            contentsOf: try #require(
                FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                    .compactMap { $0 as? URL }.first { $0.lastPathComponent == "traps.log" }), encoding: .utf8)
        #expect(kept.contains("Unexpectedly found nil") && kept.contains("L3 cache found"), "the crash log keeps both")
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.map(\.name) == ["probe/works", "probe/after-the-trap"])
        #expect(report.scenarios.allSatisfy { ($0.counts?.instructionsPerOperation ?? 0) > 0 })
        #expect(report.failedScenarios.map(\.name) == ["probe/throws", "probe/traps", "probe/fails-a-precondition"])
    }

    @Test func withoutWorkerProcessesCountingIsRefusedWithExit64() async {
        #expect(
            await testSuite.status(["run", "--quick", "--instructions", "--filter", "engine/array", "--out", temporaryDirectory().path])
                == 64)
    }

    @Test func aPathWithoutValgrindFindsNone() {
        #expect(Valgrind.locate(path: "/nonexistent:/also-not-there") == nil)
        #expect(Valgrind.locate(path: nil) == nil)
        let reason = Valgrind.unavailability(locating: nil)
        #expect(reason?.contains(InstructionCounter.isCompiledIn ? "not on PATH" : "Valgrind trait") == true)
    }

    @Test func theWorkerRunsUnderCallgrindWithFixedCachesAndHashing() {
        let valgrind = Valgrind(executable: URL(fileURLWithPath: "/usr/bin/valgrind"))
        let arguments = valgrind.arguments(
            running: URL(fileURLWithPath: "/bin/bench"), outputFile: URL(fileURLWithPath: "/tmp/w/callgrind.out"))
        #expect(arguments.first == "--tool=callgrind")
        #expect(arguments.contains("--instr-atstart=no"))
        #expect(arguments.contains("--callgrind-out-file=/tmp/w/callgrind.out"))
        #expect(arguments.contains("--log-file=/tmp/w/valgrind.log"))
        #expect(arguments.last == "/bin/bench")
        #expect(
            Valgrind.environment(["SWIFT_DETERMINISTIC_HASHING": "0", "HOME": "/h"]) == [
                "SWIFT_DETERMINISTIC_HASHING": "1", "HOME": "/h", "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1",
            ])
        // A user's own allocator settings stay, and the purging ones come last, where jemalloc lets them win.
        #expect(
            Valgrind.environment(["MALLOC_CONF": "narenas:1,dirty_decay_ms:5"])["MALLOC_CONF"]
                == "narenas:1,dirty_decay_ms:5,dirty_decay_ms:-1,muzzy_decay_ms:-1")
    }
}
