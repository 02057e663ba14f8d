/// Every figure one scenario produced; a row of the report.
///
/// Fields that do not apply to a kind of scenario are `nil`, and are written to JSON as `null`, not
/// left out, so a reader can tell "not measured" from a missing key. Allocation figures are `nil` when
/// jemalloc is not linked — never `0`, which would read as "allocation-free".
public struct ScenarioResult: Codable, Sendable, Equatable {
    /// How the scenario measures.
    public enum Kind: String, Codable, Sendable {
        /// Batches of operations timed on one thread.
        case micro
        /// Concurrent requests against a transport, each one timed.
        case load
    }

    /// The scenario's name, `group/what`.
    public var name: String
    /// How it measured.
    public var kind: Kind
    /// Operations measured, warm-up excluded.
    public var operations: Int
    /// Operations run to warm up, not measured.
    public var warmupOperations: Int
    /// Wall-clock seconds of the measured part.
    public var durationSeconds: Double
    /// Operations per second over the measured part.
    public var operationsPerSecond: Double
    /// Nanoseconds per operation, one sample per timed batch (micro-benchmarks).
    public var nanosecondsPerOperation: SampleStatistics?
    /// `malloc` calls per operation, from jemalloc; `nil` when unavailable.
    public var mallocsPerOperation: Double?
    /// Bytes allocated per operation, from jemalloc; `nil` when unavailable.
    public var bytesAllocatedPerOperation: Double?
    /// Payload bytes per operation, for MB/s (decoding).
    public var payloadBytesPerOperation: Int?
    /// Objects per operation, for objects/s (decoding).
    public var objectsPerOperation: Int?
    /// The scenario this one is compared with, and how many times faster this one is.
    public var comparison: Comparison?
    /// Latency of each request (load runs); for open-loop runs, from its intended start.
    public var latency: Latency?
    /// Latency from each request's actual start, beside the corrected one (open-loop runs).
    public var uncorrectedLatency: Latency?
    /// What became of every request sent (load runs).
    public var outcomes: Outcomes?
    /// Concurrent workers (load runs).
    public var concurrency: Int?
    /// Requests per second asked for (open-loop runs).
    public var targetRate: Double?

    /// A result with the figures every scenario has; the others start out `nil`.
    public init(name: String, kind: Kind, operations: Int, warmupOperations: Int, durationSeconds: Double) {
        self.name = name
        self.kind = kind
        self.operations = operations
        self.warmupOperations = warmupOperations
        self.durationSeconds = durationSeconds
        operationsPerSecond = durationSeconds > 0 ? Double(operations) / durationSeconds : 0
    }

    /// This result with its speed compared to `baseline`'s, measured in the same run.
    ///
    /// The two were sampled in alternating batches, so sample `i` of each comes from the same moment;
    /// the ratio of each such pair cancels whatever the machine was doing then, and their median is
    /// the speedup. When the samples do not pair up, the ratio of the medians stands in.
    public func compared(with baseline: ScenarioResult) -> ScenarioResult {
        var result = self
        guard let ours = nanosecondsPerOperation, let theirs = baseline.nanosecondsPerOperation, ours.median > 0 else {
            return result
        }
        if ours.samples.count == theirs.samples.count, ours.samples.allSatisfy({ $0 > 0 }),
           let ratios = SampleStatistics(zip(theirs.samples, ours.samples).map { $0 / $1 }) {
            result.comparison = Comparison(baseline: baseline.name, speedup: ratios.median, pairedRatios: ratios)
        } else {
            result.comparison = Comparison(baseline: baseline.name, speedup: theirs.median / ours.median, pairedRatios: nil)
        }
        return result
    }

    /// Payload megabytes (10⁶ bytes) decoded per second.
    public var megabytesPerSecond: Double? {
        payloadBytesPerOperation.map { Double($0) * operationsPerSecond / 1e6 }
    }

    /// Objects decoded per second.
    public var objectsPerSecond: Double? {
        objectsPerOperation.map { Double($0) * operationsPerSecond }
    }

    /// How a scenario compares with another measured in the same run.
    public struct Comparison: Codable, Sendable, Equatable {
        /// The other scenario's name.
        public var baseline: String
        /// How many times faster this one is than the baseline (above 1: faster): the median of the
        /// per-round ratios baseline time ÷ this time.
        public var speedup: Double
        /// The distribution of those per-round ratios, whose spread is the comparison's noise.
        public var pairedRatios: SampleStatistics?

        /// A comparison with `baseline`.
        public init(baseline: String, speedup: Double, pairedRatios: SampleStatistics?) {
            self.baseline = baseline
            self.speedup = speedup
            self.pairedRatios = pairedRatios
        }
    }

    /// A latency distribution: its summary and the whole histogram, encoded.
    public struct Latency: Codable, Sendable, Equatable {
        /// Percentiles, mean and spread, in nanoseconds.
        public var summary: LatencySummary
        /// The histogram in HdrHistogram's V2 compressed form, base64: any HdrHistogram library decodes
        /// and merges it.
        public var histogram: String

        /// A latency with this summary and encoded histogram.
        public init(summary: LatencySummary, histogram: String) {
            self.summary = summary
            self.histogram = histogram
        }
    }

    /// Requests sent, and how each ended.
    public struct Outcomes: Codable, Sendable, Equatable {
        /// Requests started.
        public var sent: Int
        /// Requests that ended in success.
        public var succeeded: Int
        /// Failed requests by error class (`badStatus(503)`, `transport`, …).
        public var errors: [String: Int]

        /// Outcomes with these counts.
        public init(sent: Int, succeeded: Int, errors: [String: Int]) {
            self.sent = sent
            self.succeeded = succeeded
            self.errors = errors
        }

        /// Whether every request sent ended in exactly one outcome.
        public var reconciles: Bool {
            sent == succeeded + errors.values.reduce(0, +)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name, kind, operations, warmupOperations, durationSeconds, operationsPerSecond
        case nanosecondsPerOperation, mallocsPerOperation, bytesAllocatedPerOperation
        case payloadBytesPerOperation, objectsPerOperation, megabytesPerSecond, objectsPerSecond
        case comparison, latency, uncorrectedLatency, outcomes, concurrency, targetRate
    }

    /// Writes every key, `null` where a figure does not apply.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(operations, forKey: .operations)
        try container.encode(warmupOperations, forKey: .warmupOperations)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(operationsPerSecond, forKey: .operationsPerSecond)
        try container.encode(nanosecondsPerOperation, forKey: .nanosecondsPerOperation)
        try container.encode(mallocsPerOperation, forKey: .mallocsPerOperation)
        try container.encode(bytesAllocatedPerOperation, forKey: .bytesAllocatedPerOperation)
        try container.encode(payloadBytesPerOperation, forKey: .payloadBytesPerOperation)
        try container.encode(objectsPerOperation, forKey: .objectsPerOperation)
        try container.encode(megabytesPerSecond, forKey: .megabytesPerSecond)
        try container.encode(objectsPerSecond, forKey: .objectsPerSecond)
        try container.encode(comparison, forKey: .comparison)
        try container.encode(latency, forKey: .latency)
        try container.encode(uncorrectedLatency, forKey: .uncorrectedLatency)
        try container.encode(outcomes, forKey: .outcomes)
        try container.encode(concurrency, forKey: .concurrency)
        try container.encode(targetRate, forKey: .targetRate)
    }

    /// Reads a result back; the derived rates are recomputed, not read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(Kind.self, forKey: .kind)
        operations = try container.decode(Int.self, forKey: .operations)
        warmupOperations = try container.decode(Int.self, forKey: .warmupOperations)
        durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
        operationsPerSecond = try container.decode(Double.self, forKey: .operationsPerSecond)
        nanosecondsPerOperation = try container.decodeIfPresent(SampleStatistics.self, forKey: .nanosecondsPerOperation)
        mallocsPerOperation = try container.decodeIfPresent(Double.self, forKey: .mallocsPerOperation)
        bytesAllocatedPerOperation = try container.decodeIfPresent(Double.self, forKey: .bytesAllocatedPerOperation)
        payloadBytesPerOperation = try container.decodeIfPresent(Int.self, forKey: .payloadBytesPerOperation)
        objectsPerOperation = try container.decodeIfPresent(Int.self, forKey: .objectsPerOperation)
        comparison = try container.decodeIfPresent(Comparison.self, forKey: .comparison)
        latency = try container.decodeIfPresent(Latency.self, forKey: .latency)
        uncorrectedLatency = try container.decodeIfPresent(Latency.self, forKey: .uncorrectedLatency)
        outcomes = try container.decodeIfPresent(Outcomes.self, forKey: .outcomes)
        concurrency = try container.decodeIfPresent(Int.self, forKey: .concurrency)
        targetRate = try container.decodeIfPresent(Double.self, forKey: .targetRate)
    }
}
