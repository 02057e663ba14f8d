import Courier
import CourierBench
import Foundation

/// A bench executable for CourierBench's tests, run as a real process: one scenario that works, one
/// that throws, one that traps and one whose precondition fails, so the tests can see a crash fail
/// its scenario alone. With `BENCH_PROBE_HEALTHY` in its environment the failing ones work, which
/// makes a baseline for a broken run to be compared with. `load/ping` is a short open-loop load
/// over an in-memory backend, for live metrics served from a worker; with `BENCH_PROBE_OTLP` set to a
/// URL, the suite declares an OTLP exporter to it, as a team's suite would.
@main struct BenchProbe: BenchMain {
    static let suite = BenchSuite(
        tool: "bench-probe",
        scenarios: [
            .custom("probe/works") { blackHole(Array(repeating: 1, count: 8)) },
            .custom("probe/throws", isDefault: false) { if !isHealthy { throw ProbeError() } },
            .custom("probe/traps", isDefault: false) { trap() },
            .custom("probe/after-the-trap", isDefault: false) { blackHole(1) },
            .custom("probe/fails-a-precondition", isDefault: false) { failPrecondition() },
            .roundTrip(
                "load/ping", sending: Ping(),
                with: APIClient(baseURL: URL(string: "https://ping.example.com") ?? URL(fileURLWithPath: "/")),
                over: .inMemory(answering: .bytes(Data("{}".utf8))), loop: .open(rate: 200, concurrency: 2, duration: .seconds(1)),
                isDefault: false),
        ],
        liveMetrics: SuiteLiveMetrics(exporters: otlp.map { [SuiteLiveMetrics.otlp($0)] } ?? []))

    private static let otlp = ProcessInfo.processInfo.environment["BENCH_PROBE_OTLP"]

    private static let isHealthy = ProcessInfo.processInfo.environment["BENCH_PROBE_HEALTHY"] != nil

    /// What a user's scenario that force-unwraps a `nil` does.
    private static func trap() {
        let value: Int? = isHealthy ? 1 : nil
        blackHole(value!)
    }

    /// What a user's scenario whose precondition does not hold does.
    private static func failPrecondition() {
        precondition(isHealthy, "the probe's precondition failed, as asked")
    }
}

/// The error of the scenario that throws.
struct ProbeError: Error, CustomStringConvertible {
    var description: String { "the probe's scenario threw, as asked" }
}

/// What `load/ping` sends.
struct Ping: Endpoint {
    typealias Response = JSONValue
    var path: String { "ping" }
}
