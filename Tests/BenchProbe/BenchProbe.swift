import CourierBench
import Foundation

/// A bench executable for CourierBench's tests, run as a real process: one scenario that works, one
/// that throws and one that traps, so the tests can see a crash fail its scenario alone.
@main struct BenchProbe: BenchMain {
    static let suite = BenchSuite(tool: "bench-probe", scenarios: [
        .custom("probe/works") { blackHole(Array(repeating: 1, count: 8)) },
        .custom("probe/throws", isDefault: false) { throw ProbeError() },
        .custom("probe/traps", isDefault: false) { trap() },
        .custom("probe/after-the-trap", isDefault: false) { blackHole(1) },
    ])

    /// What a user's scenario that force-unwraps a `nil` does.
    private static func trap() {
        let nothing: Int? = ProcessInfo.processInfo.environment["BENCH_PROBE_NEVER_SET"].flatMap(Int.init)
        blackHole(nothing!)
    }
}

/// The error of the scenario that throws.
struct ProbeError: Error, CustomStringConvertible {
    var description: String { "the probe's scenario threw, as asked" }
}
