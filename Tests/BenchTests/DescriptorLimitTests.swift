import BenchmarkEngine
import CourierBench
import CourierFixtureServer
import Foundation
import Testing

@testable import bench

// Linux's: the curl transport, /proc and the libdispatch monitor whose trap this is about.
#if os(Linux)
/// Issue 19, item 6: `bench load` under a descriptor limit, run as a real process whose limit a
/// shell lowers first (the test process's own limit is shared by every test and stays as it is).
/// Each run ends with a message and exit 64 before the first request, or with a report; never
/// with a crash. Serialized: each starts a bench process and hundreds of connections.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
struct DescriptorLimitTests {
    /// A hard limit too low for the run: exit 64 and one message that names the limit and the fix,
    /// and nothing sent or written.
    @Test(arguments: Bench.suite.transports.map(\.name))
    func aRunThatCannotFitExits64BeforeTheFirstRequest(transport: String) async throws {
        let run = try await load(after: "ulimit -n 128", transport: transport, ["--concurrency", "100", "--requests", "100"])
        #expect(run.status == 64)
        // After the line a debug build (as the tests are) starts with.
        #expect(
            run.errors.split(separator: "\n").dropFirst().joined(separator: "\n").hasPrefix(
                "error: 100 connections need about 164 file descriptors, but this process may open only 128 (ulimit -n; hard limit 128): raise the hard limit to at least 164"
            ), "\(run.errors)")
        #expect(run.errors.contains("or lower the concurrency to 64 or less"))
        #expect(run.served == 0)
        #expect(run.report == nil)
    }

    /// A soft limit below the run's needs and a hard one above: bench raises the soft limit at
    /// start, as wrk and nginx do, and the run succeeds.
    @Test(arguments: Bench.suite.transports.map(\.name))
    func aLowSoftLimitIsRaisedToTheHardOne(transport: String) async throws {
        try #require(Platform.descriptorLimit.hard >= 1024, "the test needs a hard limit of at least 1024 (ulimit -Hn)")
        let run = try await load(after: "ulimit -Sn 128", transport: transport, ["--concurrency", "200", "--requests", "400"])
        #expect(run.status == 0, "\(run.errors)")
        let outcomes = try #require(run.report?.scenarios.first?.outcomes)
        #expect(outcomes.succeeded == 400 && outcomes.errors.isEmpty, "\(outcomes.errors)")
    }

    /// Descriptors that run out although the estimate said they would do (here 150 the parent
    /// shell holds open): the curl transport keeps a reserve free for the rest of the process, so
    /// the run ends with its report instead of libdispatch's trap, and the sockets it could not
    /// open are counted as the client's own limit, not as the server's refusal.
    @Test(.enabled(if: Bench.suite.transports.contains { $0.name == "curl" }, "the reserve is the curl transport's"))
    func descriptorsThatRunOutAnywayAreTheClientsOwnClassAndTheRunEndsWithAReport() async throws {
        let held = "ulimit -n 400; for _ in $(seq 150); do exec {held}</dev/null; done"
        let run = try await load(after: held, transport: "curl", ["--concurrency", "300", "--duration", "2s"])
        #expect(run.status == 0 || run.status == 1, "exit \(run.status): \(run.errors)")
        let outcomes = try #require(run.report?.scenarios.first?.outcomes)
        #expect(outcomes.errors["clientDescriptorsExhausted", default: 0] > 0, "\(outcomes.errors)")
        #expect(outcomes.errors["connectionRefused"] == nil, "\(outcomes.errors)")
        #expect(outcomes.reconciles)
    }

    /// How a `bench load` process ended.
    private struct LoadRun {
        let status: Int32
        let errors: String
        /// Requests the fixture server answered.
        let served: Int
        /// The report it wrote, if any.
        let report: Report?
    }

    /// Runs the `bench` built beside the tests through bash, after `limits`, as `bench load` of a
    /// fixture server of its own over `transport` with `options`. Standard error is kept in a
    /// file, so that a chatty run cannot fill a pipe.
    private func load(after limits: String, transport: String, _ options: [String]) async throws -> LoadRun {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-nofile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let errorsFile = directory.appendingPathExtension("stderr")
        try Data().write(to: errorsFile)
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // "$0" is the bench executable and "$@" its arguments: nothing of the command line is quoted by hand.
        process.arguments =
            [
                "-c", "\(limits); exec \"$0\" \"$@\"", benchExecutable.path, "load", "--url", server.url("/movies/1").absoluteString,
                "--transport", transport, "--out", directory.path,
            ] + options
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let report = try? JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        return LoadRun(
            status: status, errors: String(decoding: try Data(contentsOf: errorsFile), as: UTF8.self),
            served: server.requestCount("/movies/1"), report: report)
    }
}
#endif
