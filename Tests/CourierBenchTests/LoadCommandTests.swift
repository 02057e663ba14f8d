import BenchmarkEngine
import Courier
import CourierFixtureServer
import CourierFixtures
import Foundation
import Testing

@testable import CourierBench

@Suite(.timeLimit(.minutes(1))) struct LoadCommandTests {
    @Test func parsesEveryOption() throws {
        let command = try testSuite.command(
            [
                "load", "--url", "http://127.0.0.1:8080/movies?page=1", "--method", "post", "--header", "Accept: application/json",
                "--header=X-Trace: 1", "--body", "/tmp/b", "--concurrency", "64", "--rate", "500", "--duration", "1500ms",
                "--timeout", "2s", "--max-body", "500KiB", "--decode", "list100", "--decoder", "courier", "--out", "/tmp/r",
            ], as: LoadCommand.self)
        let options = try #require(command?.options)
        #expect(options.request.method == "POST")
        #expect(options.request.headers == [.init(name: "Accept", value: "application/json"), .init(name: "X-Trace", value: "1")])
        #expect(options.concurrency == 64 && options.rate == 500 && options.durationSeconds == 1.5 && options.request.timeoutSeconds == 2)
        #expect(options.request.decode == .model(ResponseModel("list100", [FixtureMovie].self)))
        #expect(options.request.decoder == .courier)
        #expect(options.request.bodyFile == "/tmp/b" && options.outputDirectory == "/tmp/r")
        #expect(options.request.maximumBodySize == 500 << 10)
    }

    @Test(arguments: [
        ("1", 1), ("2048", 2048), ("64kB", 64_000), ("1.5MiB", 1_572_864), ("32MiB", 32 << 20), ("2GB", 2_000_000_000), ("1GiB", 1 << 30),
        ("512B", 512),
    ])
    func maximumBodySizesReadInBinaryAndDecimalUnits(text: String, bytes: Int) throws {
        #expect(try OptionValue.bytes.parse(text, for: "max-body") == bytes)
    }

    @Test(arguments: [
        (["load"], "missing '--url <url>'"),
        (["load", "--url", "ftp://x/y"], "invalid URL 'ftp://x/y' in '--url' (expected http://host[:port]/path)"),
        (["load", "--url", "not a url"], "invalid URL 'not a url' in '--url' (expected http://host[:port]/path)"),
        (
            ["load", "--url", "http://x", "--concurrency", "0"],
            "invalid value '0' for '--concurrency' (expected an integer from 1 to 4096)"
        ),
        (
            ["load", "--url", "http://x", "--rate", "-5"],
            "invalid value '-5' for '--rate' (expected requests per second from 0.001 to 1000000)"
        ),
        (
            ["load", "--url", "http://x", "--duration", "soon"],
            "invalid value 'soon' for '--duration' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
        (
            ["load", "--url", "http://x", "--timeout", "0s"],
            "invalid value '0s' for '--timeout' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
        (
            ["load", "--url", "http://x", "--max-body", "0"],
            "invalid value '0' for '--max-body' (expected a size from 1 byte to 1TiB, such as 32MiB, 500KiB or 1048576)"
        ),
        (
            ["load", "--url", "http://x", "--max-body", "32 MiB"],
            "invalid value '32 MiB' for '--max-body' (expected a size from 1 byte to 1TiB, such as 32MiB, 500KiB or 1048576)"
        ),
        (
            ["load", "--url", "http://x", "--max-body", "2TiB"],
            "invalid value '2TiB' for '--max-body' (expected a size from 1 byte to 1TiB, such as 32MiB, 500KiB or 1048576)"
        ),
        (
            ["load", "--url", "http://x", "--header", "X(y): 1"],
            "invalid header in '--header': header name contains '(' (U+0028) at offset 1"
        ),
        (
            ["load", "--url", "http://x", "--header", "X-Key: s3cret\u{0}"],
            "invalid header in '--header': header value of 'X-Key' contains NUL (U+0000) at offset 6"
        ),
        (
            ["load", "--url", "http://x", "--requests", "1.5"],
            "invalid value '1.5' for '--requests' (expected an integer from 1 to 1000000000)"
        ),
        (["load", "--url", "http://x", "--header", "NoColon"], "invalid header 'NoColon' in '--header' (expected 'Name: value')"),
        (
            ["load", "--url", "http://x", "--header", "Authorization Bearer s3cret"],
            "invalid header 'Authorization…' in '--header' (expected 'Name: value')"
        ),
        (["load", "--url", "ftp://user:s3cret@x/y"], "invalid URL 'ftp://REDACTED@x/y' in '--url' (expected http://host[:port]/path)"),
        // A stray argument is quoted without its secrets; after a header, it is the unquoted rest of one.
        (
            ["load", "--url", "http://x", "--header", "Api-Key:", "s3cret"],
            "unexpected argument after '--header' (quote the whole field: --header 'Name: value')"
        ),
        (["load", "--url", "http://x", "X-Goog-Api-Key: s3cret"], "unexpected argument 'X-Goog-Api-Key: REDACTED'"),
        (["load", "http://x/y?access_token=s3cret&page=2"], "unexpected argument 'http://x/y?access_token=REDACTED&page=2'"),
        (["load", "--url", "http://x", "--method", "G T"], "invalid method 'G T' in '--method' (expected letters, such as GET or POST)"),
        (
            ["load", "--url", "http://x", "--decode", "xml"],
            "unknown decode mode 'xml' (expected none, json or one of: tinyObject, list100)"
        ),
        (
            ["load", "--url", "http://x", "--decode", "json", "--decoder", "simd"],
            "invalid value 'simd' for '--decoder' (expected foundation or courier)"
        ),
        (
            ["load", "--url", "http://x", "--decoder", "courier"],
            "'--decoder' needs '--decode json' or '--decode <model>' (responses are not decoded)"
        ),
        (["load", "--url", "http://x", "--concurency", "3"], "unknown option '--concurency' (did you mean '--concurrency'?)"),
        // Every numeric option has a range; outside it, a usage error rather than a trap or a
        // run nobody meant (issue 10, item 8).
        (
            ["load", "--url", "http://x", "--rate", "1e-300"],
            "invalid value '1e-300' for '--rate' (expected requests per second from 0.001 to 1000000)"
        ),
        (
            ["load", "--url", "http://x", "--rate", "0"],
            "invalid value '0' for '--rate' (expected requests per second from 0.001 to 1000000)"
        ),
        (
            ["load", "--url", "http://x", "--rate", "2e6"],
            "invalid value '2e6' for '--rate' (expected requests per second from 0.001 to 1000000)"
        ),
        (
            ["load", "--url", "http://x", "--rate", "nan"],
            "invalid value 'nan' for '--rate' (expected requests per second from 0.001 to 1000000)"
        ),
        (
            ["load", "--url", "http://x", "--rate", "inf"],
            "invalid value 'inf' for '--rate' (expected requests per second from 0.001 to 1000000)"
        ),
        (
            ["load", "--url", "http://x", "--requests", "0"],
            "invalid value '0' for '--requests' (expected an integer from 1 to 1000000000)"
        ),
        (
            ["load", "--url", "http://x", "--requests", "99999999999999999999"],
            "invalid value '99999999999999999999' for '--requests' (expected an integer from 1 to 1000000000)"
        ),
        (
            ["load", "--url", "http://x", "--concurrency", "4097"],
            "invalid value '4097' for '--concurrency' (expected an integer from 1 to 4096)"
        ),
        (["load", "--url", "http://x", "--reactors", "17"], "invalid value '17' for '--reactors' (expected an integer from 1 to 16)"),
        (
            ["load", "--url", "http://x", "--duration", "25h"],
            "invalid value '25h' for '--duration' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
        (
            ["load", "--url", "http://x", "--duration", "0.5ms"],
            "invalid value '0.5ms' for '--duration' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
        (
            ["load", "--url", "http://x", "--timeout", "1e-300"],
            "invalid value '1e-300' for '--timeout' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
        (
            ["load", "--url", "http://x", "--timeout", "nan"],
            "invalid value 'nan' for '--timeout' (expected a duration from 1ms to 24h, such as 10s, 500ms or 2m)"
        ),
        (["load", "--url", "http://127.0.0.1:70000/x"], "invalid port '70000' in '--url' (expected 1 to 65535)"),
        (
            ["load", "--url", "http://127.0.0.1:99999999999999999999/x"],
            "invalid port '99999999999999999999' in '--url' (expected 1 to 65535)"
        ),
        (["load", "--url", "http://u:p@[::1]:0/x"], "invalid port '0' in '--url' (expected 1 to 65535)"),
        (
            ["load", "--url", "http://x", "--shard", "3/3"],
            "invalid value '3/3' for '--shard' (expected <i>/<n> with 0 ≤ i < n ≤ 1000, such as 0/3)"
        ),
        (
            ["load", "--url", "http://x", "--shard", "1/0"],
            "invalid value '1/0' for '--shard' (expected <i>/<n> with 0 ≤ i < n ≤ 1000, such as 0/3)"
        ),
        (
            ["load", "--url", "http://x", "--shard", "-1/3"],
            "invalid value '-1/3' for '--shard' (expected <i>/<n> with 0 ≤ i < n ≤ 1000, such as 0/3)"
        ),
        (
            ["load", "--url", "http://x", "--shard", "1/3/4"],
            "invalid value '1/3/4' for '--shard' (expected <i>/<n> with 0 ≤ i < n ≤ 1000, such as 0/3)"
        ),
        (
            ["load", "--url", "http://x", "--shard", "0/1001"],
            "invalid value '0/1001' for '--shard' (expected <i>/<n> with 0 ≤ i < n ≤ 1000, such as 0/3)"
        ),
        (
            ["load", "--url", "http://x", "--shard", "one/3"],
            "invalid value 'one/3' for '--shard' (expected <i>/<n> with 0 ≤ i < n ≤ 1000, such as 0/3)"
        ),
        (
            ["load", "--url", "http://x", "--shard", "0/3", "--concurrency", "2"],
            "'--concurrency 2' cannot be shared between 3 shards (give each at least one worker)"
        ),
        (
            ["load", "--url", "http://x", "--shard", "0/3", "--requests", "2"],
            "'--requests 2' cannot be shared between 3 shards (give each at least one)"
        ),
        (
            ["load", "--url", "http://x", "--start-at", "tomorrow"],
            "invalid value 'tomorrow' for '--start-at' (expected an RFC 3339 time such as 2026-11-30T20:00:00Z, or Unix seconds)"
        ),
        (
            ["load", "--url", "http://x", "--run-label", "my run"],
            "invalid value 'my run' for '--run-label' (expected 1 to 63 letters, digits, '.', '_' or '-')"
        ),
        (
            ["load", "--url", "http://x", "--run-label", String(repeating: "a", count: 64)],
            "invalid value '\(String(repeating: "a", count: 64))' for '--run-label' (expected 1 to 63 letters, digits, '.', '_' or '-')"
        ),
        (
            ["compare", "main", "--time-tolerance", "20000%"],
            "invalid value '20000%' for '--time-tolerance' (expected a fraction from 0 to 100 such as 0.25, or a percentage from 0% to 10000% such as 25%)"
        ),
        (
            ["compare", "main", "--malloc-tolerance", "0"],
            "invalid value '0' for '--malloc-tolerance' (expected allocations per operation from 0.001 to 1000000)"
        ),
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

    @Test func parsesTheTimeSeriesRampAndObjectiveOptions() throws {
        let command = try testSuite.command(
            [
                "load", "--url", "http://127.0.0.1:8080/x", "--rate", "10", "--stage", "2s:100", "--stage", "500ms:0",
                "--interval", "250ms", "--slo", "p99<=50ms", "--slo", "errors<=0.1%", "--slo-window", "interval",
            ], as: LoadCommand.self)
        let options = try #require(command?.options)
        #expect(
            options.stages == [LoadStage(duration: .seconds(2), targetRate: 100), LoadStage(duration: .milliseconds(500), targetRate: 0)])
        #expect(options.durationSeconds == 2.5 && options.intervalSeconds == 0.25 && options.rate == 10)
        #expect(
            options.objectives.objectives == [
                try ServiceLevelObjective(parsing: "p99<=50ms"), try ServiceLevelObjective(parsing: "errors<=0.1%"),
            ])
        #expect(options.objectives.window == .interval)
        #expect(options.configuration.intervalNanoseconds == 250_000_000)
        let rolling = try testSuite.command(["load", "--url", "http://x", "--slo", "max<1s", "--slo-window", "10s"], as: LoadCommand.self)
        #expect(rolling?.options.objectives.window == .rolling(.seconds(10)))
    }

    /// Each bad value of the time series', ramp's and objectives' options is a usage error that
    /// names it; a bad objective points at its bad token.
    @Test(arguments: [
        (["--interval", "50ms"], "invalid value '50ms' for '--interval' (expected a duration from 100ms to 1h, such as 1s or 500ms)"),
        (["--interval", "2h"], "invalid value '2h' for '--interval' (expected a duration from 100ms to 1h, such as 1s or 500ms)"),
        (["--stage", "10s"], "invalid value '10s' for '--stage' (stage 1 of 1): expected <duration>:<rate>, such as 30s:100"),
        (
            ["--stage", "1s:5", "--stage", "10s:fast"],
            "invalid value '10s:fast' for '--stage' (stage 2 of 2): the rate 'fast' is not a number of requests per second from 0 to 1000000"
        ),
        (
            ["--stage", "10s:-1"],
            "invalid value '10s:-1' for '--stage' (stage 1 of 1): the rate '-1' is not a number of requests per second from 0 to 1000000"
        ),
        (
            ["--stage", "forever:10"],
            "invalid value 'forever:10' for '--stage' (stage 1 of 1): the duration 'forever' is not one from 1ms to 24h, such as 30s, 500ms or 2m"
        ),
        (
            ["--stage", "10s:10", "--duration", "5s"],
            "'--stage' and '--duration' do not go together: the stages' durations add up to the run's"
        ),
        (["--stage", "20h:1", "--stage", "20h:1"], "the stages of '--stage' last 144000 s in all; at most 24h"),
        (["--slo", "p99<50"], "invalid objective 'p99<50' for '--slo': a duration needs a unit: ns, us, ms or s\n  p99<50\n        ^"),
        (
            ["--slo", "q99<=50ms"],
            "invalid objective 'q99<=50ms' for '--slo': unknown metric 'q' (expected p50…p99.99, max, mean, errors or rate)\n  q99<=50ms\n  ^"
        ),
        (
            ["--slo", "errors<=0.1"],
            "invalid objective 'errors<=0.1' for '--slo': errors is a percentage: write it with %, such as 0.1%\n  errors<=0.1\n             ^"
        ),
        (
            ["--slo", "p99<=50ms", "--slo-window", "0.5s"],
            "invalid value '0.5s' for '--slo-window' (expected whole, interval, or a duration of at least the interval, 1.0 s, such as 10s)"
        ),
        (
            ["--slo", "p99<=50ms", "--slo-window", "often"],
            "invalid value 'often' for '--slo-window' (expected whole, interval, or a duration of at least the interval, 1.0 s, such as 10s)"
        ),
        (["--slo-window", "whole"], "'--slo-window' needs at least one '--slo'"),
    ])
    func badTimeSeriesRampAndObjectiveValuesAreUsageErrors(arguments: [String], message: String) async {
        let line = ["load", "--url", "http://127.0.0.1:9/x"] + arguments
        #expect(testSuite.usageMessage(line) == message)
        #expect(await testSuite.status(line) == 64)
    }

    /// A run that breaks an objective still writes its report, with the verdict, and exits 3; one
    /// that meets them exits 0. `run --slo` judges a load scenario the same way.
    @Test func aBrokenObjectiveExits3WithTheVerdictInTheReport() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-load-slo")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (objective, status, passed) in [("p99<=1ns", Int32(3), false), ("errors<=0%", 0, true)] {
            let code = await testSuite.status([
                "load", "--url", server.url("/movies/1").absoluteString, "--rate", "200", "--duration", "500ms",
                "--interval", "100ms", "--slo", objective, "--slo-window", "interval", "--out", directory.path,
            ])
            #expect(code == status, "\(objective)")
            let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
            let verdict = try #require(report.scenarios.first?.serviceLevel)
            #expect(verdict.passed == passed && verdict.window == "interval", "\(objective)")
            let series = try #require(report.scenarios.first?.timeSeries)
            #expect(series.intervalSeconds == 0.1 && series.intervals.count >= 5)
        }
        #expect(
            BenchExitCode.objectiveBreached.rawValue == 3 && BenchExitCode.objectiveBreached != .usage
                && BenchExitCode.objectiveBreached != .failure)
    }

    @Test func aRampRunsItsStagesOnSchedule() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-load-ramp")
        defer { try? FileManager.default.removeItem(at: directory) }
        let code = await testSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--stage", "500ms:400", "--stage", "500ms:0",
            "--interval", "250ms", "--out", directory.path,
        ])
        #expect(code == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        let result = try #require(report.scenarios.first)
        // The integral of a triangle of 400/s peak over 1 s: 200 requests, give or take one slot.
        let outcomes = try #require(result.outcomes)
        #expect((199...201).contains(outcomes.scheduled), "\(outcomes.scheduled)")
        #expect(outcomes.scheduled == outcomes.sent + outcomes.missed)
        let intervals = try #require(result.timeSeries?.intervals)
        #expect(intervals.reduce(0) { $0 + $1.outcomes.scheduled } == outcomes.scheduled)
    }

    @Test func parsesAShardItsStartAndItsLabel() throws {
        let now = Date(timeIntervalSince1970: 1_796_068_800)
        let options = try LoadOptions.parse(
            [
                "--url", "http://x/", "--rate", "300", "--concurrency", "10", "--shard", "2/3", "--start-at", "2026-11-30T20:01:00Z",
                "--run-label", "nightly-1.2_b",
            ],
            in: testSuite, now: now
        )
        #expect(options.shard.description == "2/3" && options.workers == 3 && options.runLabel == "nightly-1.2_b")
        #expect(options.startAt?.date == now.addingTimeInterval(60))
        #expect(options.configuration.shard == options.shard && options.configuration.concurrency == 3 && options.configuration.rate == 300)
        let past = ["load", "--url", "http://x/", "--start-at", "1000"]
        #expect(throws: UsageError.self) { try testSuite.parse(past) }
    }

    @Test func aShardStartsAtTheSharedInstantAndRecordsItsPlan() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-shard")
        defer { try? FileManager.default.removeItem(at: directory) }
        let start = (Date().timeIntervalSince1970 + 1.5).rounded(.up)
        let status = await testSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--rate", "200", "--duration", "300ms", "--concurrency", "4",
            "--shard", "1/2", "--start-at", String(Int(start)), "--run-label", "nightly", "--out", directory.path,
            "--header", "Authorization: Bearer s3cret", "--header", "Accept: application/json",
        ])
        #expect(status == 0)
        #expect(Date().timeIntervalSince1970 >= start + 0.3, "the run began at the start time, not before")
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        let plan = try #require(report.load)
        #expect(plan.shard.description == "1/2" && plan.runLabel == "nightly" && plan.rate == 200 && plan.concurrency == 4)
        #expect(plan.headers == ["Authorization: REDACTED", "Accept: application/json"])
        #expect(plan.scheduleStartedAt == start && plan.startAt != nil && (plan.lateStartSeconds ?? -1) >= 0)
        #expect(report.environment.hostName == Platform.hostName && report.environment.hostName != nil)
        let result = try #require(report.scenarios.first)
        // Slots 1, 3, …, 59 of the whole run's 60: thirty, at half the rate, from two of the four workers.
        #expect(result.outcomes?.scheduled == 30 && result.targetRate == 100 && result.concurrency == 2)
    }

    @Test func portsInRangeAndEveryRangeIsInTheHelp() throws {
        for url in ["http://127.0.0.1:65535/x", "http://127.0.0.1:1/x", "http://[::1]:8080/x", "http://u:p@h:80/x", "http://h/x:99999"] {
            #expect(throws: Never.self) { try testSuite.parse(["load", "--url", url]) }
        }
        let help = LoadCommand.help(in: testSuite)
        for range in ["port from 1 to 65535", "1–4096", "0.001–1000000", "1ms–24h", "1–1000000000", "1–16"] {
            #expect(help.contains(range), "bench help load does not state \(range)")
        }
        let comparison = RunCommand.help(in: testSuite).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(comparison.contains("0.001–1000000") && comparison.contains("from 0 to 10000%"))
    }

    /// Issue 10, item 9: the report directory is checked before the first request, not after the load.
    @Test func anUnwritableReportDirectoryFailsBeforeAnyRequestIsSent() async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("blocker-\(UUID().uuidString)")
        try Data("a file, not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let status = await testSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--requests", "50", "--out",
            blocker.appendingPathComponent("reports").path,
        ])
        #expect(status == 1)
        #expect(server.requestCount("/movies/1") == 0)
    }

    @Test func secretsNeverReachTheStoredCommandLine() {
        let redacted = CommandLineRedaction.redact([
            "load", "--url", "http://user:hunter2@h/p?api_key=abc&page=2", "--header", "Authorization: Bearer s3cret",
            "--header=Cookie: id=42", "--header", "X-Auth-Token: t0k", "--header", "Accept: text/plain",
            "--header", "Api-Key: k3y", "--header=X-Goog-Api-Key: g00g", "--header", "Ocp-Apim-Subscription-Key: 4zure",
        ])
        let joined = redacted.joined(separator: " ")
        for secret in ["hunter2", "abc", "s3cret", "id=42", "t0k", "k3y", "g00g", "4zure"] {
            #expect(!joined.contains(secret), "\(secret) leaked: \(joined)")
        }
        #expect(joined.contains("page=2") && joined.contains("Accept: text/plain") && joined.contains("Authorization: REDACTED"))
    }

    /// What the help of each command with `--header` says is hidden is the rule itself: built from
    /// its lists, with examples the rule judges as the help says.
    @Test func theHelpStatesTheRedactionRule() {
        for help in [LoadCommand.help(in: testSuite), CapacityCommand.help(in: testSuite), CaptureCommand.help(in: testSuite)] {
            #expect(help.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(CommandLineRedaction.rule))
        }
        for name in Redaction.secretNameFragments + Redaction.secretNames {
            #expect(CommandLineRedaction.rule.contains(" \(name)"))
        }
        #expect(["Api-Key", "X-Goog-Api-Key", "apikey"].allSatisfy(Redaction.isSecret(name:)))
        #expect(!["Keep-Alive", "keyword"].contains(where: Redaction.isSecret(name:)))
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
