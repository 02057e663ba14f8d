import BenchmarkEngine
import CourierFixtureServer
import Foundation
import Testing

@testable import CourierBench

/// A dead, slow, refusing or failing OTLP receiver never hangs, crashes or fails the load run: each
/// run exits 0 with its report written, within bounds loose enough for a shared machine, and its
/// closing line says what became of the pushes, the URL's and headers' secrets redacted.
///
/// Pushes are due every 10 s, longer than the run: exactly two snapshots are pushed, the first at
/// the start and the final one, so that retries can be told apart from pushes.
@Suite(.timeLimit(.minutes(2)), .enabled("python3 lacks opentelemetry-proto (make deps)") { await OTLPReceiver.isAvailable })
struct OTLPFailureTests {
    /// Runs a one-second load pushing to `receiver` and returns its closing `metrics: otlp:` line.
    private func closingLine(pushingTo receiver: String) async throws -> String {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-otlp-failing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ContinuousClock()
        let started = clock.now
        let run = try await runProbe([
            "load", "--url", server.url("/movies/1").absoluteString, "--rate", "20", "--duration", "1s",
            "--otlp", receiver, "--metrics-header", "Authorization: Bearer s3cret", "--metrics-interval", "10s",
            "--metrics-grace", "2s", "--out", directory.path,
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(clock.now - started < .seconds(60))
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        #expect(report.scenarios.first?.outcomes?.reconciles == true)
        #expect(!run.errors.contains("s3cret") && !run.output.contains("s3cret"))
        return try #require(run.errors.split(separator: "\n").first { $0.hasPrefix("metrics: otlp: ") }.map(String.init))
    }

    @Test func aDeadReceiverIsReportedAndItsSamplesDropped() async throws {
        let port = try PrometheusServer.freePort()
        let line = try await closingLine(pushingTo: "http://user:s3cret@127.0.0.1:\(port)/v1/metrics?api_key=s3cret")
        #expect(line.hasPrefix("metrics: otlp: 0 pushes, 0 samples sent, "))
        #expect(!line.contains(" 0 dropped") && line.hasSuffix("; the final figures were not pushed"), "\(line)")
    }

    @Test func aReceiverThatNeverAnswersIsGivenUpOn() async throws {
        let receiver = try await OTLPReceiver.start(answering: .never)
        defer { receiver.stop() }
        let line = try await closingLine(pushingTo: receiver.url)
        #expect(line.hasPrefix("metrics: otlp: 0 pushes, 0 samples sent, ") && line.hasSuffix("the final figures were not pushed"))
    }

    /// A 400 says the request will never be taken: each snapshot is tried once, then dropped.
    @Test func aRefusalIsNotRetried() async throws {
        let receiver = try await OTLPReceiver.start(answering: .status(400))
        defer { receiver.stop() }
        let line = try await closingLine(pushingTo: receiver.url)
        #expect(try await receiver.state().requests == 2)
        #expect(line.hasPrefix("metrics: otlp: 0 pushes, 0 samples sent, "))
        #expect(line.contains("; 2 failed attempts, the last: HTTP 400; the final figures were not pushed"), "\(line)")
    }

    /// A 503 may pass: each snapshot is retried with backoff until superseded or out of time.
    @Test func aFailureIsRetriedThenDropped() async throws {
        let receiver = try await OTLPReceiver.start(answering: .status(503))
        defer { receiver.stop() }
        let line = try await closingLine(pushingTo: receiver.url)
        #expect(try await receiver.state().requests > 2)
        #expect(line.hasPrefix("metrics: otlp: 0 pushes, 0 samples sent, ") && !line.contains(" 0 dropped"))
        #expect(line.contains(" failed attempts, the last: HTTP 503; the final figures were not pushed"), "\(line)")
    }
}
