import Testing

@testable import BenchmarkEngine

/// When the recorder closes intervals, and that closing one loses nothing.
@Suite struct IntervalRecorderTests {
    private let template = try! Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, significantDigits: 3)

    private func tally(sent: Int) -> LoadTally {
        var tally = LoadTally(template: template)
        for index in 0..<sent { tally.record(.success, intended: 0, started: 0, ended: UInt64(1_000 + index)) }
        return tally
    }

    @Test func anIntervalClosesOnceEveryRunningWorkerHasMovedPastIt() {
        let recorder = IntervalRecorder(workers: 2, template: template)
        var first = tally(sent: 3)
        recorder.handOver(&first, from: 0, interval: 0, next: 1)
        #expect(first.isEmpty, "the tally comes back empty")
        #expect(recorder.drain().closed.isEmpty, "worker 1 is still in interval 0")
        var second = tally(sent: 2)
        recorder.handOver(&second, from: 1, interval: 0, next: 2)
        let closed = recorder.drain().closed
        #expect(closed.map(\.interval) == [0])
        #expect(closed.first?.tally?.sent == 5)
        var last = tally(sent: 0)
        recorder.handOver(&last, from: 0, interval: 1, next: IntervalRecorder.retired)
        #expect(recorder.drain().closed.map(\.interval) == [1], "interval 1 had no figures and still closes, empty")
    }

    /// However far one worker falls behind, at most `maximumOpenIntervals` stay open; its figures for
    /// a closed interval come back as an amendment.
    @Test func aWorkerFarBehindCannotHoldIntervalsOpen() {
        let recorder = IntervalRecorder(workers: 2, template: template, maximumOpenIntervals: 3)
        var ahead = tally(sent: 1)
        for interval in 0..<10 {
            ahead = tally(sent: 1)
            recorder.handOver(&ahead, from: 1, interval: interval, next: interval + 1)
        }
        let closed = recorder.drain().closed
        #expect(closed.map(\.interval) == Array(0..<7), "interval 10 is the newest; 7 to 9 stay open")
        var behind = tally(sent: 4)
        recorder.handOver(&behind, from: 0, interval: 0, next: IntervalRecorder.retired)
        let drained = recorder.drain()
        #expect(drained.amendments.map(\.interval) == [0])
        #expect(drained.amendments.first?.tally?.sent == 4)
        #expect(drained.closed.map(\.interval) == [7, 8, 9], "with worker 0 retired, worker 1's interval is the oldest")
    }

    @Test func closingEverythingTakesTheIntervalsUpToTheRunsEnd() {
        let recorder = IntervalRecorder(workers: 1, template: template)
        var figures = tally(sent: 2)
        recorder.handOver(&figures, from: 0, interval: 4, next: IntervalRecorder.retired)
        #expect(recorder.drain().closed.isEmpty, "with no worker running only the runner knows the end")
        recorder.closeAll(below: 3)
        #expect(recorder.drain().closed.map(\.interval) == [0, 1, 2, 3, 4], "interval 4 holds figures, so it closes too")
    }
}
