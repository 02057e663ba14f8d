import Foundation

/// The figures the history stores for a scenario: every number in its report entry, named by its
/// path in the JSON (`nanosecondsPerOperation.median`, `latency.summary.p99`, `comparison.speedup`).
///
/// Read from the JSON rather than from ``ScenarioResult``'s properties, so a figure a later bench
/// adds (instructions per operation, say) is stored, listed and exported without a change here.
/// Arrays (the raw samples, ramp stages) and the interval-by-interval time series are left out:
/// they are series within a run, not one figure of it; the whole entry is kept beside the figures.
public enum HistoryFigures {
    /// Median nanoseconds per operation (micro scenarios).
    public static let nanosecondsPerOperation = "nanosecondsPerOperation.median"
    /// Operations per second over the measured part.
    public static let operationsPerSecond = "operationsPerSecond"
    /// `malloc` calls per operation.
    public static let mallocsPerOperation = "mallocsPerOperation"
    /// Bytes allocated per operation.
    public static let bytesAllocatedPerOperation = "bytesAllocatedPerOperation"
    /// How many times faster than the paired baseline scenario.
    public static let speedup = "comparison.speedup"
    /// Instructions per operation, from a counted run (`run --instructions`), when it has them.
    public static let instructionsPerOperation = "counts.instructionsPerOperation"
    /// Estimated cycles per operation, from a counted run with the cache simulation, when it has them.
    public static let estimatedCyclesPerOperation = "counts.estimatedCyclesPerOperation"
    /// 99th-percentile latency in nanoseconds (load scenarios).
    public static let latencyP99 = "latency.summary.p99"

    /// Subtrees that are not figures of the run as a whole.
    private static let excluded: Set<String> = ["timeSeries"]

    /// Every figure of `scenario`, a JSON entry as `JSONSerialization` reads it, by name; derived
    /// rates (MB/s, objects/s) included.
    static func figures(of scenario: [String: Any]) -> [String: Double] {
        var figures: [String: Double] = [:]
        collect(scenario, path: "", into: &figures)
        if figures[instructionsPerOperation] != nil {
            // A counted run measures no time (under Callgrind it would be the simulator's): the
            // zero its report writes for a rate is not a figure of it.
            for timed in [operationsPerSecond, "durationSeconds"] { figures[timed] = nil }
        }
        if let rate = figures[operationsPerSecond] {
            if let bytes = figures["payloadBytesPerOperation"] { figures["megabytesPerSecond"] = bytes * rate / 1e6 }
            if let objects = figures["objectsPerOperation"] { figures["objectsPerSecond"] = objects * rate }
        }
        return figures
    }

    /// Whether a bigger value of the figure `name` is better (a rate, a speedup); for the others —
    /// times, latencies, allocations, counts of work — smaller is better.
    public static func isHigherBetter(_ name: String) -> Bool {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        return last.hasSuffix("PerSecond") || last == "speedup" || last == "succeeded"
    }

    private static func collect(_ value: Any, path: String, into figures: inout [String: Double]) {
        if let members = value as? [String: Any] {
            for (key, member) in members where !(path.isEmpty && excluded.contains(key)) {
                collect(member, path: path.isEmpty ? key : path + "." + key, into: &figures)
            }
        } else if let number = value as? NSNumber, !isBoolean(number), number.doubleValue.isFinite, !path.isEmpty {
            figures[path] = number.doubleValue
        }
    }

    /// Whether `JSONSerialization` read `number` from `true` or `false`, which are not figures:
    /// Foundation marks them with the C type `char`, which no JSON number gets.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
