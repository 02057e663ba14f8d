import BenchmarkEngine
import Foundation
import Testing

/// `run` in a real bench executable (`bench-probe`, built beside the tests) executes scenarios in a
/// worker process: one that traps fails alone, and the run goes on and writes the others.
@Suite(.timeLimit(.minutes(2))) struct WorkerIsolationTests {
    @Test func aScenarioThatCrashesFailsAloneAndTheOthersAreWritten() async throws {
        let directory = temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, errors) = try await runProbe(["run", "--quick", "--filter", "probe/", "--out", directory.path])
        #expect(status == 1)
        #expect(errors.contains("error: scenario probe/throws failed: the probe's scenario threw, as asked"))
        #expect(errors.contains("error: scenario probe/traps failed: its process crashed with SIGILL before the scenario finished"))
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.map(\.name) == ["probe/works", "probe/after-the-trap"])
        #expect(report.commandLine.first == "bench-probe")
    }

    @Test func aRunWithoutFailuresExits0() async throws {
        let directory = temporaryDirectory("probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, _) = try await runProbe(["--quick", "--out", directory.path])
        #expect(status == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.map(\.name) == ["probe/works"])
    }

    /// Runs the probe with `arguments` and returns its exit status and standard error, waiting off
    /// the cooperative pool so that the other suites' tasks keep their threads meanwhile.
    private func runProbe(_ arguments: [String]) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("bench-probe")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let ended = AsyncStream<Int32> { continuation in
            process.terminationHandler = { continuation.yield($0.terminationStatus); continuation.finish() }
        }
        try process.run()
        // Read to the end before the exit status, so a full pipe cannot stall the probe.
        let text = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            }
        }
        var status: Int32 = -1
        for await code in ended { status = code }
        return (status, text)
    }

    /// Where SwiftPM put the executables built with the tests: beside the test runner.
    private var productsDirectory: URL {
        #if os(Linux)
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #else
        Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent() ?? Bundle.main.bundleURL
        #endif
    }
}
