import BenchmarkEngine
import Synchronization
import Testing

@testable import BenchmarkMetrics

/// An exporter that answers as its script says: each call takes the next answer, the last repeating.
private final class ScriptedExporter: MetricsExporter {
    enum Answer {
        case accept
        case fail(ExportFailure)
        /// Never returns (until the test ends): a receiver that hangs.
        case hang
    }

    let name = "scripted"
    private let script: [Answer]
    let calls = Mutex(0)

    init(_ script: [Answer]) {
        self.script = script
    }

    func export(_ snapshot: MetricsSnapshot) async throws {
        let call = calls.withLock { calls in
            calls += 1
            return calls - 1
        }
        switch script[min(call, script.count - 1)] {
        case .accept: return
        case .fail(let failure): throw failure
        case .hang: try? await Task.sleep(for: .seconds(3600))
        }
    }

    func sampleCount(of snapshot: MetricsSnapshot) -> Int {
        snapshot.sampleCount(nativeHistograms: true)
    }
}

/// One counter, so that every snapshot is one sample.
private struct OneCounter: MetricsSource {
    func families() -> [MetricFamily] {
        [MetricFamily(name: "c", kind: .counter, help: "C.", series: [MetricSeries(labels: [], value: .number(1))])]
    }
}

@Suite(.timeLimit(.minutes(1))) struct MetricsPusherTests {
    private let quick = MetricsPusher.Backoff(first: .milliseconds(5), longest: .milliseconds(20))

    @Test func anAcceptingReceiverGetsEverySnapshotAndTheFinalOne() async {
        let exporter = ScriptedExporter([.accept])
        let pusher = MetricsPusher(exporter: exporter, source: OneCounter(), interval: .seconds(3600), backoff: quick)
        pusher.start()
        let tally = await pusher.finish(within: .seconds(20))
        #expect(tally.finalPushed && tally.samplesDropped == 0 && tally.failures == 0)
        #expect(tally.pushes >= 1 && tally.samplesSent == tally.pushes)
        #expect(tally.description.hasPrefix("scripted: \(tally.pushes) pushes, \(tally.pushes) samples sent, 0 dropped"))
    }

    @Test func aFailingReceiverIsRetriedUntilItAccepts() async {
        let busy = ExportFailure.status(503) ?? ExportFailure("", isRetryable: true)
        let exporter = ScriptedExporter([.fail(busy), .fail(busy), .accept])
        let pusher = MetricsPusher(exporter: exporter, source: OneCounter(), interval: .seconds(3600), backoff: quick)
        pusher.start()
        let tally = await pusher.finish(within: .seconds(20))
        #expect(tally.failures == 2 && tally.lastFailure == "HTTP 503" && tally.finalPushed)
        #expect(tally.description.contains("2 failed attempts, the last: HTTP 503"))
    }

    @Test func aRefusalForGoodDropsTheSnapshotAtOnce() async {
        let exporter = ScriptedExporter([.fail(ExportFailure.status(400) ?? ExportFailure("", isRetryable: false))])
        let pusher = MetricsPusher(exporter: exporter, source: OneCounter(), interval: .seconds(3600), backoff: quick)
        pusher.start()
        let tally = await pusher.finish(within: .seconds(20))
        #expect(!tally.finalPushed && tally.pushes == 0 && tally.samplesDropped >= 1)
        let calls = exporter.calls.withLock { $0 }
        #expect(tally.samplesDropped == calls)
        #expect(tally.description.hasSuffix("the final figures were not pushed"))
    }

    /// A receiver that never answers holds neither the run nor the end: finish returns at its limit
    /// with the unsent snapshot counted as dropped.
    @Test func aHangingReceiverIsAbandonedAtTheLimit() async {
        let exporter = ScriptedExporter([.hang])
        let pusher = MetricsPusher(exporter: exporter, source: OneCounter(), interval: .milliseconds(100), backoff: quick)
        pusher.start()
        let clock = ContinuousClock()
        let started = clock.now
        let tally = await pusher.finish(within: .milliseconds(300))
        // Generous: the machine is shared; the point is that it returns, not how fast.
        #expect(clock.now - started < .seconds(15))
        #expect(!tally.finalPushed && tally.pushes == 0 && tally.samplesDropped >= 1)
    }

    @Test func statusesMapToFailures() {
        #expect(ExportFailure.status(204) == nil)
        #expect(ExportFailure.status(500)?.isRetryable == true && ExportFailure.status(429)?.isRetryable == true)
        #expect(ExportFailure.status(404)?.isRetryable == false && ExportFailure.status(302)?.isRetryable == false)
        let backoff = MetricsPusher.Backoff(first: .milliseconds(250), longest: .seconds(5))
        #expect(
            backoff.delay(after: 1) == .milliseconds(250) && backoff.delay(after: 3) == .seconds(1)
                && backoff.delay(after: 99) == .seconds(5))
    }
}
