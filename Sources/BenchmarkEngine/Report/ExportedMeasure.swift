/// One figure of a scenario's result as the exports (`bmf`, `github`) publish it: a name, a unit, which
/// way is better, and how to read it from a result.
///
/// ``all`` is the one list both exports draw from, so a figure a result gains (instructions per
/// operation, say) is one entry there and appears in both.
public struct ExportedMeasure: Sendable {
    /// A figure read from a result: its value and, where the result has a spread, the bounds of it.
    public struct Reading: Sendable, Equatable {
        /// The figure itself.
        public var value: Double
        /// The low end of its spread (the 25th percentile of the samples), when known.
        public var lower: Double?
        /// The high end of its spread (the 75th percentile), when known.
        public var upper: Double?
    }

    /// The measure's name: Bencher's measure slug and the suffix of github-action-benchmark's entry name.
    /// `latency` and `throughput` are Bencher's built-in measures, in its units (ns, ops/s).
    public let name: String
    /// The unit, as a reader sees it.
    public let unit: String
    /// Whether a smaller value is the better one; github-action-benchmark's `customSmallerIsBetter`
    /// file can only hold these.
    public let isSmallerBetter: Bool
    /// The figure in `result`, `nil` when the result does not have it.
    let read: @Sendable (ScenarioResult) -> Reading?

    /// Every measure the exports carry, in the order github-action-benchmark's entries list them.
    public static let all: [ExportedMeasure] = resultMeasures + phaseMeasures

    private static let resultMeasures: [ExportedMeasure] = [
        ExportedMeasure(name: "latency", unit: "ns/op", isSmallerBetter: true) { $0.nanosecondsPerOperation.map(spread) },
        ExportedMeasure(name: "latency-p50", unit: "ns", isSmallerBetter: true) { $0.latency.map { Reading(Double($0.summary.p50)) } },
        ExportedMeasure(name: "latency-p99", unit: "ns", isSmallerBetter: true) { $0.latency.map { Reading(Double($0.summary.p99)) } },
        // A counted run's clock ran under Valgrind: no throughput to speak of.
        ExportedMeasure(name: "throughput", unit: "ops/s", isSmallerBetter: false) {
            $0.counts == nil ? Reading($0.operationsPerSecond) : nil
        },
        ExportedMeasure(name: "allocations", unit: "mallocs/op", isSmallerBetter: true) { $0.mallocsPerOperation.map { Reading($0) } },
        ExportedMeasure(name: "allocated-bytes", unit: "B/op", isSmallerBetter: true) { $0.bytesAllocatedPerOperation.map { Reading($0) } },
        ExportedMeasure(name: "instructions", unit: "instructions/op", isSmallerBetter: true) {
            $0.counts.map { Reading($0.instructionsPerOperation) }
        },
        ExportedMeasure(name: "estimated-cycles", unit: "cycles/op", isSmallerBetter: true) {
            $0.counts?.estimatedCyclesPerOperation.map { Reading($0) }
        },
        ExportedMeasure(name: "speedup", unit: "x", isSmallerBetter: false) { result in
            result.comparison.map { Reading($0.speedup, lower: $0.pairedRatios?.p25, upper: $0.pairedRatios?.p75) }
        },
    ]

    /// Each connection phase's median and 99th percentile (`ttfb-p99`, …), for transports that time them.
    private static let phaseMeasures: [ExportedMeasure] = ScenarioResult.ConnectionPhase.allCases.flatMap { phase in
        [
            ExportedMeasure(name: "\(phase.columnName)-p50", unit: "ns", isSmallerBetter: true) {
                $0.connections?.phases?[phase].map { Reading(Double($0.summary.p50)) }
            },
            ExportedMeasure(name: "\(phase.columnName)-p99", unit: "ns", isSmallerBetter: true) {
                $0.connections?.phases?[phase].map { Reading(Double($0.summary.p99)) }
            },
        ]
    }

    /// Every measure of `result` that it has, each with its reading; figures JSON cannot hold
    /// (infinite, not a number) are left out, as a figure not measured is.
    static func readings(of result: ScenarioResult) -> [(measure: ExportedMeasure, reading: Reading)] {
        all.compactMap { measure in
            measure.read(result).flatMap { $0.isFinite ? (measure, $0) : nil }
        }
    }

    private static func spread(_ statistics: SampleStatistics) -> Reading {
        Reading(statistics.median, lower: statistics.p25, upper: statistics.p75)
    }
}

extension ExportedMeasure.Reading {
    init(_ value: Double, lower: Double? = nil, upper: Double? = nil) {
        self.value = value
        self.lower = lower
        self.upper = upper
    }

    /// Whether every figure present can be written as a JSON number.
    var isFinite: Bool {
        value.isFinite && (lower?.isFinite ?? true) && (upper?.isFinite ?? true)
    }
}
