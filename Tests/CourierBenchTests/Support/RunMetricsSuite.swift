import Courier
import CourierBench
import Foundation

/// The suite the live-metrics tests of `run` measure: two short open-loop loads over an in-memory
/// backend beside a micro-benchmark, which has no live figures.
enum RunMetricsSuite {
    private struct Ping: Endpoint {
        typealias Response = JSONValue
        var path: String { "ping" }
    }

    /// The suite, sending its live metrics where `liveMetrics` says besides the command line.
    static func make(liveMetrics: SuiteLiveMetrics = SuiteLiveMetrics()) -> BenchSuite {
        BenchSuite(
            tool: "bench",
            scenarios: [
                .custom("engine/one") { blackHole(1) },
                .roundTrip(
                    "load/first", sending: Ping(),
                    with: APIClient(baseURL: URL(string: "https://ping.example.com") ?? URL(fileURLWithPath: "/")),
                    over: .inMemory(answering: .bytes(Data("{}".utf8))), loop: .open(rate: 200, concurrency: 2, duration: .seconds(1))),
                .roundTrip(
                    "load/second", sending: Ping(),
                    with: APIClient(baseURL: URL(string: "https://ping.example.com") ?? URL(fileURLWithPath: "/")),
                    over: .inMemory(answering: .bytes(Data("{}".utf8))), loop: .open(rate: 100, concurrency: 2, duration: .seconds(1))),
            ],
            liveMetrics: liveMetrics)
    }
}
