import BenchmarkEngine
import Testing

@testable import CourierBench

@Suite struct ConsoleTests {
    /// Before a load run closes its first interval, the line shows the run so far; after, the latest
    /// interval's own rate, p50, p99 and errors too.
    @Test func theProgressLineShowsTheLatestIntervalOnceThereIsOne() {
        let before = Console.progressLine("load/url/curl", seconds: 0.5, operations: 250, latest: nil)
        #expect(before == "load/url/curl  0.5 s  250 ops  500 ops/s")
        let reading = IntervalReading(
            index: 3, length: .seconds(1), sent: 1_980, failed: 2, p50: .microseconds(1_250), p99: .microseconds(48_700))
        let after = Console.progressLine("load/url/curl", seconds: 4.2, operations: 8_400, latest: reading)
        #expect(after == "load/url/curl  4.2 s  8400 ops  2000 ops/s  │ last 1.00 s: 1980/s  p50 1.25 ms  p99 48.70 ms  2 errors")
        let one = IntervalReading(index: 0, length: .milliseconds(250), sent: 50, failed: 1, p50: .nanoseconds(900), p99: .microseconds(2))
        #expect(
            Console.progressLine("x", seconds: 0.3, operations: 50, latest: one).hasSuffix(
                "last 250.00 ms: 200/s  p50 900 ns  p99 2.00 µs  1 error"))
    }

    /// Without a terminal (CI logs, pipes) there is no progress line at all: the ticker does
    /// nothing, and only the summary is printed.
    @Test func withoutATerminalThereIsNoProgressLine() async {
        let ticker = Console(isTerminal: false).showProgress(of: "x", ProgressMeter())
        #expect(ticker.task == nil)
        await ticker.stop()
    }
}
