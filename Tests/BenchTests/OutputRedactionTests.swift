import CourierFixtureServer
import Foundation
import Testing

@testable import bench

/// Issue 19, item 5, end to end: `bench load` and `bench capture`, run as the real executable over
/// each transport against the fixture server on loopback, with credentials in header fields (sent
/// and received), in the URL's query and in its user information. Not one of them appears in any
/// file under the run's directory — reports, time series, the captured head — nor on its standard
/// output or error, which are written there too; a failing run's message included.
///
/// Serialized: each test runs the executable several times, and all at once they would starve the
/// other suites on a two-core machine.
@Suite(.serialized, .timeLimit(.minutes(2))) struct OutputRedactionTests {
    /// What every secret value starts with, so one search finds any of them.
    static let marker = "s3cret"

    /// Header fields that carry credentials in widely used APIs, and one ordinary field.
    static let requestHeaders = [
        "Api-Key: \(marker)-api-key", "Authorization: Bearer \(marker)-bearer", "X-Goog-Api-Key: \(marker)-goog",
        "Ocp-Apim-Subscription-Key: \(marker)-azure", "X-Amz-Security-Token: \(marker)-aws", "Cookie: id=\(marker)-cookie",
        "PRIVATE-TOKEN: \(marker)-gitlab", "Accept: application/json",
    ]

    @Test(arguments: Bench.suite.transports.map(\.name))
    func loadWritesNoSecretAnywhere(transport: String) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-redaction-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = directory.appendingPathComponent("reports").path
        let headers = Self.requestHeaders.flatMap { ["--header", $0] } + ["--header=Stripe-Signature: t=1,v1=\(Self.marker)-stripe"]
        let url = "http://user:\(Self.marker)-password@127.0.0.1:\(server.port)/movies/1?access_token=\(Self.marker)-query&page=2"
        let common = ["--transport", transport, "--requests", "20", "--concurrency", "2", "--interval", "100ms", "--out", reports]

        #expect(try await bench(["load", "--url", url] + headers + common, console: directory) == 0)
        let report = try String(contentsOfFile: reports + "/latest/report.json", encoding: .utf8)
        #expect(report.contains("Api-Key: REDACTED") && report.contains("Accept: application/json") && report.contains("page=2"))
        for file in ["report.json", "report.csv", "summary.md", "report.html", "latency.hlog", "timeseries.csv"] {
            #expect(FileManager.default.fileExists(atPath: reports + "/latest/" + file), "\(file) was not written")
        }

        // Not one request succeeds, so the run ends with a message naming the URL.
        let failing = "http://127.0.0.1:\(server.port)/nowhere?api_key=\(Self.marker)-failing"
        #expect(try await bench(["load", "--url", failing] + headers + common, console: directory) == 1)
        #expect(try contents(of: directory).contains("/nowhere?api_key=REDACTED"))

        try expectNoSecret(in: directory)
    }

    @Test(arguments: Bench.suite.transports.map(\.name))
    func captureWritesNoSecretAnywhere(transport: String) async throws {
        var keys = FixtureRoute.json(#"{"id":1,"title":"keys"}"#)
        for (name, value) in [
            ("Api-Key", "api-key"), ("X-Goog-Api-Key", "goog"), ("Ocp-Apim-Subscription-Key", "azure"), ("Set-Cookie", "a=1"),
            ("Set-Cookie", "b=2"), ("X-Amz-Security-Token", "aws"), ("X-Shopify-Access-Token", "shopify"),
        ] {
            keys.headers = keys.headers.adding(name, "\(Self.marker)-\(value)")
        }
        keys.headers = keys.headers.adding("X-Request-Id", "r-42")
        var routes = FixtureServer.standardRoutes
        routes["/keys"] = keys
        let server = try FixtureServer.start(FixtureServer.Configuration(routes: routes))
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-redaction-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = directory.appendingPathComponent("Fixtures/keys.json").path
        let headers = Self.requestHeaders.flatMap { ["--header", $0] }
        let url = "http://127.0.0.1:\(server.port)/keys?key=\(Self.marker)-query&page=2"

        #expect(try await bench(["capture", "--url", url, "--out", body, "--transport", transport] + headers, console: directory) == 0)
        let head = try String(contentsOfFile: directory.appendingPathComponent("Fixtures/keys.headers.json").path, encoding: .utf8)
        for name in ["Api-Key", "X-Goog-Api-Key", "Ocp-Apim-Subscription-Key", "Set-Cookie", "Authorization"] {
            #expect(head.contains(#""name" : "\#(name)""#), "\(name) is missing from the head")
        }
        #expect(head.contains("r-42") && head.contains("application/json") && head.contains("page=2"))

        // A status outside 200..<300 ends with a message naming the URL.
        let failing = "http://127.0.0.1:\(server.port)/nowhere?sig=\(Self.marker)-failing"
        let nothing = directory.appendingPathComponent("Fixtures/nothing.json").path
        #expect(
            try await bench(["capture", "--url", failing, "--out", nothing, "--transport", transport] + headers, console: directory) == 1)
        #expect(try contents(of: directory).contains("/nowhere?sig=REDACTED"))

        try expectNoSecret(in: directory)
    }

    /// Every file below `directory`, read whole: none holds a secret.
    private func expectNoSecret(in directory: URL) throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        #expect(files.count >= 3)
        for file in files {
            let path = directory.appendingPathComponent(file).path
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            #expect(!String(decoding: data, as: UTF8.self).contains(Self.marker), "a secret leaked into \(file)")
        }
    }

    /// What the runs printed so far, standard output and error.
    private func contents(of directory: URL) throws -> String {
        try ["stdout.txt", "stderr.txt"].map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined()
    }

    /// Runs the bench executable built beside these tests with `arguments`, appending its standard
    /// output and error to `stdout.txt` and `stderr.txt` in `console`; returns its exit status.
    private func bench(_ arguments: [String], console: URL) async throws -> Int32 {
        try FileManager.default.createDirectory(at: console, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = benchExecutable
        process.arguments = arguments
        var outputs: [FileHandle] = []
        for name in ["stdout.txt", "stderr.txt"] {
            let file = console.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            outputs.append(handle)
        }
        defer { for handle in outputs { try? handle.close() } }
        process.standardOutput = outputs[0]
        process.standardError = outputs[1]
        // The exit status comes through the termination handler, so no thread of the pool waits.
        let ended = AsyncStream<Int32> { continuation in
            process.terminationHandler = {
                continuation.yield($0.terminationStatus)
                continuation.finish()
            }
        }
        try process.run()
        var status: Int32 = -1
        for await code in ended { status = code }
        return status
    }
}
