import BenchmarkMetrics
import Foundation
import Testing

@testable import CourierBench

@Suite struct MetricsOptionsTests {
    @Test func parsesTheMetricsOptionsOfLoadAndCapacity() throws {
        let command = try testSuite.command(
            [
                "load", "--url", "http://127.0.0.1:8080/x", "--metrics-listen", "0.0.0.0:9464", "--metrics-remote-write",
                "http://p:9090/api/v1/write", "--metrics-header", "Authorization: Bearer t", "--metrics-native-histograms",
                "--metrics-interval", "500ms", "--metrics-grace", "0s",
            ], as: LoadCommand.self)
        let metrics = try #require(command?.options.metrics)
        #expect(metrics.listen == ListenAddress("0.0.0.0:9464") && metrics.remoteWrite?.absoluteString == "http://p:9090/api/v1/write")
        #expect(metrics.headers == [.init(name: "Authorization", value: "Bearer t")] && metrics.nativeHistograms)
        #expect(metrics.intervalSeconds == 0.5 && metrics.graceSeconds == 0)
        #expect(metrics.exporters.map(\.name) == ["remote-write"])
        let otlp = try #require(
            try testSuite.command(
                ["load", "--url", "http://x", "--otlp", "http://c:4318/v1/metrics", "--metrics-header", "A: b"], as: LoadCommand.self))
        #expect(otlp.options.metrics.otlp?.absoluteString == "http://c:4318/v1/metrics" && otlp.options.metrics.isEnabled)
        #expect(otlp.options.metrics.exporters.map(\.name) == ["otlp"] && otlp.options.metrics.headers.count == 1)
        let capacity = try testSuite.command(
            ["capacity", "--url", "http://127.0.0.1:8080/x", "--slo", "p99<=50ms", "--metrics-listen", "9464"], as: CapacityCommand.self)
        #expect(capacity?.options.metrics.listen == ListenAddress("9464"))
        #expect(try testSuite.command(["load", "--url", "http://x"], as: LoadCommand.self)?.options.metrics.isEnabled == false)
    }

    @Test(arguments: [
        (
            ["--metrics-listen", "localhost:80"],
            "invalid value 'localhost:80' for '--metrics-listen' (expected [ADDR:]PORT with an IPv4 address, such as 9464 or 0.0.0.0:9464)"
        ),
        (
            ["--metrics-listen", "70000"],
            "invalid value '70000' for '--metrics-listen' (expected [ADDR:]PORT with an IPv4 address, such as 9464 or 0.0.0.0:9464)"
        ),
        (
            ["--metrics-remote-write", "ftp://u:s3cret@p/w"],
            "invalid URL 'ftp://REDACTED@p/w' in '--metrics-remote-write' (expected http://host[:port]/path)"
        ),
        (
            ["--metrics-header", "Authorization Bearer s3cret"],
            "invalid header 'Authorization…' in '--metrics-header' (expected 'Name: value')"
        ),
        (
            ["--otlp", "ftp://u:s3cret@c/v1/metrics"],
            "invalid URL 'ftp://REDACTED@c/v1/metrics' in '--otlp' (expected http://host[:port]/path)"
        ),
        (["--metrics-header", "A: b"], "'--metrics-header' applies to pushes; add '--metrics-remote-write <url>' or '--otlp <url>'"),
        (["--metrics-native-histograms"], "'--metrics-native-histograms' applies to remote write; add '--metrics-remote-write <url>'"),
        (
            ["--otlp", "http://c:4318/v1/metrics", "--metrics-native-histograms"],
            "'--metrics-native-histograms' applies to remote write; add '--metrics-remote-write <url>'"
        ),
        (["--metrics-interval", "1s"], "'--metrics-interval' applies to pushes; add '--metrics-remote-write <url>' or '--otlp <url>'"),
        (["--metrics-grace", "1s"], "'--metrics-grace' needs '--metrics-listen', '--metrics-remote-write' or '--otlp'"),
        (
            ["--metrics-listen", "9464", "--metrics-grace", "11m"],
            "invalid value '11m' for '--metrics-grace' (expected a duration from 0s to 10m, such as 30s or 0s)"
        ),
    ])
    func badMetricsOptionsAreUsageErrors(arguments: [String], message: String) async {
        for command in [["load", "--url", "http://x"], ["capacity", "--url", "http://x", "--slo", "p99<=1s"]] {
            #expect(testSuite.usageMessage(command + arguments) == message)
            #expect(await testSuite.status(command + arguments) == 64)
        }
    }

    @Test func pushSecretsAreRedactedInTheCommandLine() {
        let redacted = CommandLineRedaction.redact([
            "load", "--metrics-header", "Authorization: Bearer s3cret", "--metrics-remote-write=http://u:pw@p/w?api_key=k",
            "--metrics-header=X-Scope-OrgID: team", "--otlp", "http://u:pw@c/v1/metrics?token=k",
        ])
        #expect(
            redacted == [
                "load", "--metrics-header", "Authorization: REDACTED", "--metrics-remote-write=http://REDACTED@p/w?api_key=REDACTED",
                "--metrics-header=X-Scope-OrgID: team", "--otlp", "http://REDACTED@c/v1/metrics?token=REDACTED",
            ])
    }

    @Test func aTakenMetricsPortExitsBeforeAnyRequest() async throws {
        let taken = try MetricsListener.start(
            try #require(ListenAddress("0")), serving: LoadMetrics(labels: RunLabels(runID: "", scenario: "", transport: "", shard: "")))
        defer { taken.stop() }
        let directory = temporaryDirectory("bench-metrics-taken")
        defer { try? FileManager.default.removeItem(at: directory) }
        let status = await testSuite.status([
            "load", "--url", "http://127.0.0.1:9/x", "--metrics-listen", "\(taken.port)", "--out", directory.path,
        ])
        #expect(status == 1)
    }
}
