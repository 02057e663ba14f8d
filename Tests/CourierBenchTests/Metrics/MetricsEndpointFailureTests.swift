import BenchmarkEngine
import CourierFixtureServer
import Foundation
import Testing

@testable import CourierBench

/// A dead, slow, refusing or lying remote write receiver never hangs, crashes or fails the load
/// run: each run exits 0 with its report written, within its duration and grace period (bounded
/// loosely: the machine is shared).
@Suite(.timeLimit(.minutes(2))) struct MetricsEndpointFailureTests {
    private func runLoad(pushingTo receiver: String) async throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let directory = temporaryDirectory("bench-metrics-failing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ContinuousClock()
        let started = clock.now
        let status = await testSuite.status([
            "load", "--url", server.url("/movies/1").absoluteString, "--rate", "50", "--duration", "1s", "--interval", "250ms",
            "--metrics-remote-write", receiver, "--metrics-interval", "200ms", "--metrics-grace", "1s", "--out", directory.path,
        ])
        #expect(status == 0)
        let report = try JSONReportWriter.read(Data(contentsOf: directory.appendingPathComponent("latest/report.json")))
        // The whole schedule, reconciled; how much of it a starved machine sent is not the point.
        let outcomes = try #require(report.scenarios.first?.outcomes)
        #expect(outcomes.scheduled == 50 && outcomes.reconciles && outcomes.sent > 0)
        #expect(clock.now - started < .seconds(60))
    }

    @Test func aRefusingReceiver() async throws {
        let refusing = try RefusingEndpoint()
        try await runLoad(pushingTo: refusing.url.appendingPathComponent("api/v1/write").absoluteString)
    }

    @Test func aReceiverThatNeverAnswers() async throws {
        var configuration = FixtureServer.Configuration()
        configuration.acceptance = .stall
        let stalled = try FixtureServer.start(configuration)
        defer { stalled.stop() }
        try await runLoad(pushingTo: stalled.url("/api/v1/write").absoluteString)
    }

    @Test func aFailingReceiver() async throws {
        let failing = try FixtureServer.start(FixtureServer.Configuration(routes: ["/api/v1/write": .json("{}", status: 503)]))
        defer { failing.stop() }
        try await runLoad(pushingTo: failing.url("/api/v1/write").absoluteString)
    }

    @Test func aReceiverAnsweringGarbage() async throws {
        let route = FixtureRoute.json("{}").with(fault: .garbageStatusLine)
        let lying = try FixtureServer.start(FixtureServer.Configuration(routes: ["/api/v1/write": route]))
        defer { lying.stop() }
        try await runLoad(pushingTo: lying.url("/api/v1/write").absoluteString)
    }

    @Test func anUnresolvableReceiver() async throws {
        try await runLoad(pushingTo: "http://metrics.invalid/api/v1/write")
    }
}
