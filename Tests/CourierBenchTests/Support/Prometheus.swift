import BenchmarkEngine
import CourierSystem
import Foundation
import Testing

@testable import CourierBench

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real Prometheus (Debian's `prometheus`), started by one test on 127.0.0.1 with a scratch
/// database: it scrapes a target every second and takes remote write (native histograms on), and
/// the test reads it back through its HTTP API. Stopped, and its directory removed, by ``stop()``.
struct PrometheusServer {
    /// Where the binary is; the tests that need it are skipped, saying so, when it is absent.
    static let binary = ["/usr/bin/prometheus", "/usr/local/bin/prometheus"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let process: Process
    let port: UInt16
    let directory: URL

    /// A port free now, for a server the test cannot start on 0 itself: one that binds, drawn at
    /// random below Linux's ephemeral range (32768 and up). A port the kernel picks for port 0 is
    /// from that range, which every outgoing connection draws its own port from too, so that a
    /// load test running beside this one could take it in the moment between its release and the
    /// server's bind ("Address already in use").
    static func freePort() throws -> UInt16 {
        let range: Range<UInt16> = 20_000..<32_768
        for _ in 1..<64 {
            let port = UInt16.random(in: range)
            if let socket = try? Posix.makeBoundSocket(port: port) {
                Posix.close(socket)
                return port
            }
        }
        let port = UInt16.random(in: range)
        Posix.close(try Posix.makeBoundSocket(port: port))
        return port
    }

    /// Starts Prometheus scraping `target` (`127.0.0.1:port`, `/metrics`) when given, and returns
    /// once it is ready (within a minute).
    static func start(binary: String, scraping target: String?) async throws -> PrometheusServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prometheus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
        if let target {
            configuration += "scrape_configs:\n  - job_name: bench\n    static_configs:\n      - targets: ['\(target)']\n"
        }
        let file = directory.appendingPathComponent("prometheus.yml")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let port = try freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "--config.file=\(file.path)", "--storage.tsdb.path=\(directory.appendingPathComponent("data").path)",
            "--web.listen-address=127.0.0.1:\(port)", "--web.enable-remote-write-receiver", "--enable-feature=native-histograms",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("log").touched())
        try process.run()
        let server = PrometheusServer(process: process, port: port, directory: directory)
        let ready = await poll(within: .seconds(60)) { (try? await server.get("/-/ready").status) == 200 }
        guard ready else {
            server.stop()
            throw NotReady(log: (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? "")
        }
        return server
    }

    struct NotReady: Error, CustomStringConvertible {
        let log: String
        var description: String { "Prometheus was not ready within a minute:\n\(log.suffix(2000))" }
    }

    /// `http://127.0.0.1:port/api/v1/write`.
    var remoteWriteURL: String {
        "http://127.0.0.1:\(port)/api/v1/write"
    }

    /// The instant query `promql`'s value, when it has exactly one, read as the bench reads a
    /// server's figures.
    func value(of promql: String) async throws -> Double? {
        var components = URLComponents(string: "http://127.0.0.1:\(port)/api/v1/query")
        components?.queryItems = [URLQueryItem(name: "query", value: promql)]
        guard let url = components?.url else { return nil }
        let (data, response) = try await URLSession.shared.data(from: url)
        return try? PrometheusFigures.mean(of: ((response as? HTTPURLResponse)?.statusCode ?? 0, data)).get()
    }

    private func get(_ path: String) async throws -> (status: Int, body: Data) {
        let url = URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
        let (data, response) = try await URLSession.shared.data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// Kills Prometheus and removes its files. A kill, not a graceful stop: its shutdown (closing
    /// the database it is about to lose) can take seconds, spent blocking one of the few threads
    /// every other test's tasks run on.
    func stop() {
        stopAtOnce(process)
        try? FileManager.default.removeItem(at: directory)
    }
}

extension PrometheusServer {
    /// Checks that Prometheus' figures for `runID` (and `scenario`, when given) come to the
    /// report's: the counts exactly (polled until they arrive, within a bound), the p99 within
    /// `error`. Each series' last value is read with `last_over_time`: once the listener stops, the
    /// next scrape fails and Prometheus marks the scraped series stale, which an instant query then
    /// skips.
    func expectAgreement(runID: String, scenario: String? = nil, result: ScenarioResult, quantile: String, error: Double) async throws {
        let outcomes = try #require(result.outcomes)
        let run = "run_id=\"\(runID)\"" + (scenario.map { ",scenario=\"\($0)\"" } ?? "")
        let arrived = await poll(within: .seconds(20)) {
            (try? await value(of: "sum(last_over_time(courier_bench_requests_total{\(run)}[5m]))")) == Double(outcomes.sent)
        }
        #expect(arrived, "Prometheus never saw \(outcomes.sent) requests")
        let succeeded = try await value(of: "last_over_time(courier_bench_requests_total{\(run),outcome=\"success\"}[5m])")
        #expect(succeeded == Double(outcomes.succeeded))
        let missed = try await value(of: "last_over_time(courier_bench_requests_missed_total{\(run)}[5m])")
        #expect(missed == Double(outcomes.missed))
        let p99 = try #require(try await value(of: quantile))
        let reported = Double(try #require(result.latency).summary.p99) / 1e9
        #expect(abs(p99 - reported) / reported <= error, "Prometheus p99 \(p99) s, report \(reported) s")
    }
}

/// Polls `condition` every 200 ms until it holds or `limit` passes; whether it held.
func poll(within limit: Duration, _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(200))
    }
    return await condition()
}

extension URL {
    /// The file, created empty if it is not there.
    fileprivate func touched() throws -> URL {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        return self
    }
}
