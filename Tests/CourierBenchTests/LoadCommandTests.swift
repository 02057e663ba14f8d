import BenchmarkEngine
import CourierFixtureServer
import CourierFixtures
import Foundation
import Testing
@testable import CourierBench

@Suite(.timeLimit(.minutes(1))) struct LoadCommandTests {
    @Test func parsesEveryOption() throws {
        let command = try testSuite.command([
            "load", "--url", "http://127.0.0.1:8080/movies?page=1", "--method", "post", "--header", "Accept: application/json",
            "--header=X-Trace: 1", "--body", "/tmp/b", "--concurrency", "64", "--rate", "500", "--duration", "1500ms",
            "--timeout", "2s", "--decode", "list100", "--decoder", "courier", "--out", "/tmp/r",
        ], as: LoadCommand.self)
        let options = try #require(command?.options)
        #expect(options.method == "POST")
        #expect(options.headers == [.init(name: "Accept", value: "application/json"), .init(name: "X-Trace", value: "1")])
        #expect(options.concurrency == 64 && options.rate == 500 && options.durationSeconds == 1.5 && options.timeoutSeconds == 2)
        #expect(options.decode == .model(ResponseModel("list100", [FixtureMovie].self)))
        #expect(options.decoder == .courier)
        #expect(options.bodyFile == "/tmp/b" && options.outputDirectory == "/tmp/r")
    }

    @Test(arguments: [
        (["load"], "missing '--url <url>'"),
        (["load", "--url", "ftp://x/y"], "invalid URL 'ftp://x/y' in '--url' (expected http://host[:port]/path)"),
        (["load", "--url", "not a url"], "invalid URL 'not a url' in '--url' (expected http://host[:port]/path)"),
        (["load", "--url", "http://x", "--concurrency", "0"], "invalid value '0' for '--concurrency' (expected an integer from 1 to 4096)"),
        (["load", "--url", "http://x", "--rate", "-5"], "invalid value '-5' for '--rate' (expected requests per second from 0.001 to 1000000)"),
        (["load", "--url", "http://x", "--duration", "soon"], "invalid value 'soon' for '--duration' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"),
        (["load", "--url", "http://x", "--timeout", "0s"], "invalid value '0s' for '--timeout' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"),
        (["load", "--url", "http://x", "--requests", "1.5"], "invalid value '1.5' for '--requests' (expected an integer from 1 to 1000000000)"),
        (["load", "--url", "http://x", "--header", "NoColon"], "invalid header 'NoColon' in '--header' (expected 'Name: value')"),
        (["load", "--url", "http://x", "--method", "G T"], "invalid method 'G T' in '--method' (expected letters, such as GET or POST)"),
        (["load", "--url", "http://x", "--decode", "xml"], "unknown decode mode 'xml' (expected none, json or one of: tinyObject, list100)"),
        (["load", "--url", "http://x", "--decode", "json", "--decoder", "simd"], "invalid value 'simd' for '--decoder' (expected foundation or courier)"),
        (["load", "--url", "http://x", "--decoder", "courier"], "'--decoder' needs '--decode json' or '--decode <model>' (responses are not decoded)"),
        (["load", "--url", "http://x", "--concurency", "3"], "unknown option '--concurency' (did you mean '--concurrency'?)"),
        // Every numeric option has a range; outside it, a usage error rather than a trap or a
        // run nobody meant (issue 10, item 8).
        (["load", "--url", "http://x", "--rate", "1e-300"], "invalid value '1e-300' for '--rate' (expected requests per second from 0.001 to 1000000)"),
        (["load", "--url", "http://x", "--rate", "0"], "invalid value '0' for '--rate' (expected requests per second from 0.001 to 1000000)"),
        (["load", "--url", "http://x", "--rate", "2e6"], "invalid value '2e6' for '--rate' (expected requests per second from 0.001 to 1000000)"),
        (["load", "--url", "http://x", "--rate", "nan"], "invalid value 'nan' for '--rate' (expected requests per second from 0.001 to 1000000)"),
        (["load", "--url", "http://x", "--rate", "inf"], "invalid value 'inf' for '--rate' (expected requests per second from 0.001 to 1000000)"),
        (["load", "--url", "http://x", "--requests", "0"], "invalid value '0' for '--requests' (expected an integer from 1 to 1000000000)"),
        (["load", "--url", "http://x", "--requests", "99999999999999999999"], "invalid value '99999999999999999999' for '--requests' (expected an integer from 1 to 1000000000)"),
        (["load", "--url", "http://x", "--concurrency", "4097"], "invalid value '4097' for '--concurrency' (expected an integer from 1 to 4096)"),
        (["load", "--url", "http://x", "--reactors", "17"], "invalid value '17' for '--reactors' (expected an integer from 1 to 16)"),
        (["load", "--url", "http://x", "--duration", "25h"], "invalid value '25h' for '--duration' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"),
        (["load", "--url", "http://x", "--duration", "0.5ms"], "invalid value '0.5ms' for '--duration' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"),
        (["load", "--url", "http://x", "--timeout", "1e-300"], "invalid value '1e-300' for '--timeout' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"),
        (["load", "--url", "http://x", "--timeout", "nan"], "invalid value 'nan' for '--timeout' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"),
        (["load", "--url", "http://127.0.0.1:70000/x"], "invalid port '70000' in '--url' (expected 1 to 65535)"),
        (["load", "--url", "http://127.0.0.1:99999999999999999999/x"], "invalid port '99999999999999999999' in '--url' (expected 1 to 65535)"),
        (["load", "--url", "http://u:p@[::1]:0/x"], "invalid port '0' in '--url' (expected 1 to 65535)"),
        (["compare", "main", "--time-tolerance", "20000%"], "invalid value '20000%' for '--time-tolerance' (expected a fraction from 0 to 100 such as 0.25, or a percentage from 0% to 10000% such as 25%)"),
        (["compare", "main", "--malloc-tolerance", "0"], "invalid value '0' for '--malloc-tolerance' (expected allocations per operation from 0.001 to 1000000)"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) async {
        do {
            _ = try testSuite.parse(arguments)
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect(error.message == message)
        }
        #expect(await testSuite.status(arguments) == 64)
    }

    @Test func portsInRangeAndEveryRangeIsInTheHelp() throws {
        for url in ["http://127.0.0.1:65535/x", "http://127.0.0.1:1/x", "http://[::1]:8080/x", "http://u:p@h:80/x", "http://h/x:99999"] {
            #expect(throws: Never.self) { try testSuite.parse(["load", "--url", url]) }
        }
        let help = LoadOptions.usage(in: testSuite)
        for range in ["port from 1 to 65535", "1–4096", "0.001–1000000", "1ms–24h", "1–1000000000", "1–16"] {
            #expect(help.contains(range), "bench help load does not state \(range)")
        }
        #expect(ComparisonOptions.usage.contains("0.001–1000000") && ComparisonOptions.usage.contains("from 0 to\n"))
    }

    /// Issue 10, item 9: the report directory is checked before the first request, not after the load.
    @Test func anUnwritableReportDirectoryFailsBeforeAnyRequestIsSent() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("blocker-\(UUID().uuidString)")
        try Data("a file, not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let status = await testSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--requests", "50", "--out", blocker.appendingPathComponent("reports").path,
        ])
        #expect(status == 1)
        #expect(server.requestCount("/movies/1") == 0)
    }

    @Test func secretsNeverReachTheStoredCommandLine() {
        let redacted = CommandLineRedaction.redact([
            "load", "--url", "http://user:hunter2@h/p?api_key=abc&page=2", "--header", "Authorization: Bearer s3cret",
            "--header=Cookie: id=42", "--header", "X-Auth-Token: t0k", "--header", "Accept: text/plain",
        ])
        let joined = redacted.joined(separator: " ")
        for secret in ["hunter2", "abc", "s3cret", "id=42", "t0k"] {
            #expect(!joined.contains(secret), "\(secret) leaked: \(joined)")
        }
        #expect(joined.contains("page=2") && joined.contains("Accept: text/plain") && joined.contains("Authorization: REDACTED"))
    }

    @Test func aLoadRunAgainstTheFixtureServerWritesAReconciledReportWithoutSecrets() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-load")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await testSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--requests", "200", "--concurrency", "4",
            "--decode", "tinyObject", "--header", "Authorization: Bearer s3cret", "--out", directory.path,
        ])
        #expect(status == 0)
        let data = try Data(contentsOf: directory.appendingPathComponent("latest/report.json"))
        #expect(!String(decoding: data, as: UTF8.self).contains("s3cret"))
        let report = try JSONReportWriter.read(data)
        let outcomes = try #require(report.scenarios.first?.outcomes)
        #expect(outcomes == .init(sent: 200, succeeded: 200, errors: [:]))

        // The page beside it: the same redacted command line, and the run's spectrum.
        let page = try String(contentsOf: directory.appendingPathComponent("latest/report.html"), encoding: .utf8)
        #expect(!page.contains("s3cret"))
        #expect(page.contains("Authorization: REDACTED"))
        #expect(page.contains("<h3>load/url/urlsession</h3>"))
    }

    @Test(arguments: DecoderChoice.allCases)
    func eitherDecoderDecodesTheResponses(decoder: DecoderChoice) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-load-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for decode in ["json", "list100"] {
            let status = await testSuite.status([
                "load", "--url", server.url("/fixtures/list100").absoluteString, "--requests", "20", "--concurrency", "2",
                "--decode", decode, "--decoder", decoder.rawValue, "--out", directory.path,
            ])
            #expect(status == 0)
            let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
            #expect(report.scenarios.first?.outcomes == .init(sent: 20, succeeded: 20, errors: [:]), "\(decode)")
        }
    }

    /// A body the strict decoder rejects and JSONDecoder accepts counts as a decoding error.
    @Test func theStrictDecoderCountsTrailingCommasAsDecodingErrors() async throws {
        let server = try FixtureServer.start(.init(routes: ["/comma": .json("[1,]")]))
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-load-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (decoder, errors) in [("foundation", [:]), ("courier", ["decoding": 10])] as [(String, [String: Int])] {
            _ = await testSuite.status([
                "load", "--url", server.url("/comma").absoluteString, "--requests", "10",
                "--concurrency", "1", "--decode", "json", "--decoder", decoder, "--out", directory.path,
            ])
            let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
            #expect(report.scenarios.first?.outcomes?.errors == errors, "\(decoder)")
        }
    }

    @Test func aRunWhereNothingSucceedsStillReportsAndExitsWith1() async throws {
        let directory = temporaryDirectory("bench-load")
        defer { try? FileManager.default.removeItem(at: directory) }
        let refusing = try RefusingEndpoint()
        let status = await testSuite.status([
            "load", "--url", refusing.url.absoluteString, "--requests", "20", "--out", directory.path,
        ])
        withExtendedLifetime(refusing) {}
        #expect(status == 1)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.first?.outcomes == .init(sent: 20, succeeded: 0, errors: ["connectionRefused": 20]))
    }
}
