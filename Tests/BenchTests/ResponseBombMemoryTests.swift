import BenchmarkEngine
import CourierBench
import CourierFixtureServer
import Foundation
import Testing

@testable import bench

#if canImport(Glibc)
import Glibc
#endif

/// A gzip body of 1 MiB that inflates to 1 GiB, loaded through the `bench` executable over both
/// transports at the default `--max-body` (32 MiB): every request ends as `responseTooLarge`, and
/// the process's peak resident memory (the kernel's `ru_maxrss`, read when it exits) stays within
/// 64 MiB of the same run against a small route.
///
/// Over URLSession on Linux that bound is a known issue: Foundation runs each transfer inside one
/// libcurl loop that reads every byte the socket holds before it looks at its queue, so the
/// cancellation sent at the limit lands only once the whole bomb is inflated, and each inflated chunk
/// waits in the delegate queue meanwhile (Courier drops them, but they are allocated). What is held
/// there is the bound that catches a regression: it was 2 GiB when `data(for:)` buffered the bomb.
///
/// Serialized, and each run in a process of its own, so that no other test's memory is counted.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ResponseBombMemoryTests {
    @Test(arguments: Bench.suite.transports.map(\.name))
    func aGzipBombEndsAtTheLimitWithinSixtyFourMebibytesOfPeakMemory(transport: String) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let small = try await load(server.url("/movies/1"), transport: transport)
        let bomb = try await load(server.url("/hostile/gzip-bomb"), transport: transport)
        #expect(small.errors.isEmpty, "\(small.errors)")
        #expect(bomb.errors == ["responseTooLarge": 2], "\(bomb.errors)")
        let growth = bomb.peakResidentBytes - small.peakResidentBytes
        let message: Comment = "peak RSS \(bomb.peakResidentBytes >> 20) MiB against \(small.peakResidentBytes >> 20) MiB over \(transport)"
        if transport == "urlsession" {
            #expect(growth < 1 << 30, message)
            withKnownIssue("Foundation inflates the whole bomb before the cancellation reaches its libcurl loop", isIntermittent: true) {
                #expect(growth <= 64 << 20, message)
            }
        } else {
            #expect(growth <= 64 << 20, message)
        }
    }

    /// Sixteen bombs at once through curl: each response is held to the default 32 MiB, and all of
    /// them together to `--max-body-total 64MiB`, so peak memory grows by about the budget, not by
    /// 16 × 32 MiB (issue 45 measured 255–345 MiB without one). Every request ends as too large,
    /// alone or together.
    @Test(.enabled(if: Bench.suite.transports.contains { $0.name == "curl" }))
    func concurrentBombsStayWithinTheRunsBudget() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let concurrent = ["--requests", "16", "--concurrency", "16", "--max-body-total", "64MiB"]
        let small = try await load(server.url("/movies/1"), transport: "curl", extra: concurrent)
        let bombs = try await load(server.url("/hostile/gzip-bomb"), transport: "curl", extra: concurrent)
        #expect(small.errors.isEmpty, "\(small.errors)")
        #expect(bombs.errors.values.reduce(0, +) == 16, "\(bombs.errors)")
        #expect(Set(bombs.errors.keys).isSubset(of: ["responseTooLarge", "responseBudgetExceeded"]), "\(bombs.errors)")
        let growth = bombs.peakResidentBytes - small.peakResidentBytes
        #expect(growth <= 64 << 20 + 64 << 20, "peak RSS \(bombs.peakResidentBytes >> 20) MiB against \(small.peakResidentBytes >> 20) MiB")
    }

    /// Requests to `url` through a `bench load` process, two one at a time unless `extra` says
    /// otherwise (the second on memory the first freed); its error classes and peak resident memory.
    private func load(
        _ url: URL, transport: String, extra: [String] = ["--requests", "2", "--concurrency", "1"]
    ) async throws -> (errors: [String: Int], peakResidentBytes: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-bomb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments =
            [
                benchExecutable.path, "load", "--url", url.absoluteString, "--transport", transport,
                "--duration", "60s", "--timeout", "30s", "--out", directory.path,
            ] + extra
        // Waited for on a thread of its own: wait4 blocks, and a test must not hold the cooperative pool.
        let (status, peak) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Int32, Int), any Error>) in
            Thread.detachNewThread { continuation.resume(with: Result { try Self.run(arguments) }) }
        }
        // Exit status 1: not one request succeeded, which is what a bomb makes of every request.
        #expect(status & 0x7F == 0, "killed by signal \(status & 0x7F)")
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        let outcomes = try #require(report.scenarios.first?.outcomes)
        #expect(outcomes.sent == outcomes.scheduled && outcomes.reconciles, "\(outcomes)")
        return (outcomes.errors, peak)
    }

    /// Runs `arguments` (the executable first) with its output discarded, and returns its wait
    /// status and the peak resident memory the kernel measured for it: `posix_spawn` and `wait4`,
    /// because Foundation's `Process` reaps its children itself and keeps their resource usage.
    private static func run(_ arguments: [String]) throws -> (status: Int32, peakResidentBytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        return (status, Int(usage.ru_maxrss) * 1024)
    }
}
