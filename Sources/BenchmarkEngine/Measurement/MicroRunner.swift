/// Times synchronous operations in batches on the calling thread, package-benchmark style.
///
/// An operation takes a count and runs that many times, so the closure call is paid once per batch.
/// Warm-up picks each operation's batch size; each sample is one batch's time divided by its size.
/// When several operations are measured together (ours and a baseline), their batches alternate, so
/// a slow spell of a shared machine hits both alike and their ratio stays honest. Allocations are
/// counted in a pass of their own after timing, so reading jemalloc never disturbs a timed batch.
public enum MicroRunner {
    /// One operation to measure and the name its result goes under.
    public struct Operation {
        /// The result's scenario name.
        public let name: String
        /// Runs the measured work the given number of times.
        public let body: (_ iterations: Int) throws -> Void

        /// An operation called `name`.
        public init(_ name: String, _ body: @escaping (_ iterations: Int) throws -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Measures `body` alone under the context's name.
    public static func measure(
        in context: ScenarioContext,
        configuration: MicroConfiguration? = nil,
        _ body: @escaping (_ iterations: Int) throws -> Void
    ) throws -> ScenarioResult {
        try measure([Operation(context.name, body)], in: context, configuration: configuration)[0]
    }

    /// Measures `operations` with interleaved batches and returns one result each, in order.
    public static func measure(
        _ operations: [Operation],
        in context: ScenarioContext,
        configuration: MicroConfiguration? = nil
    ) throws -> [ScenarioResult] {
        let configuration = configuration ?? context.micro
        var samplers = try operations.map { try Sampler(warmingUp: $0.body, configuration: configuration, progress: context.progress) }
        let budget = configuration.maximumNanoseconds * UInt64(max(1, operations.count))
        var spent: UInt64 = 0
        var round = 0
        while round < configuration.sampleCount, spent < budget {
            for index in samplers.indices {
                spent &+= try samplers[index].sample(operations[index].body, progress: context.progress)
            }
            round += 1
        }
        return try zip(operations, samplers).map { operation, sampler in
            var result = ScenarioResult(
                name: operation.name,
                kind: .micro,
                operations: sampler.samples.count * sampler.batch,
                warmupOperations: sampler.warmupOperations,
                durationSeconds: Double(sampler.measuredNanoseconds) / 1e9
            )
            result.nanosecondsPerOperation = SampleStatistics(sampler.samples)
            if let counter = context.allocations {
                let before = counter.snapshot()
                try operation.body(sampler.batch)
                let delta = counter.delta(since: before)
                result.mallocsPerOperation = Double(delta.mallocs) / Double(sampler.batch)
                result.bytesAllocatedPerOperation = Double(delta.bytes) / Double(sampler.batch)
            }
            return result
        }
    }
}

/// The batch size and samples of one operation.
private struct Sampler {
    private(set) var batch = 1
    private(set) var warmupOperations = 0
    private(set) var samples: [Double] = []
    private(set) var measuredNanoseconds: UInt64 = 0

    /// Runs the operation unmeasured for the warm-up time, doubling the batch until one lasts about
    /// `batchNanoseconds`, then sizes the batch from the last timing.
    init(warmingUp body: (Int) throws -> Void, configuration: MicroConfiguration, progress: ProgressMeter) throws {
        let start = Platform.monotonicNanoseconds()
        while true {
            let batchStart = Platform.monotonicNanoseconds()
            try body(batch)
            let elapsed = Platform.monotonicNanoseconds() &- batchStart
            warmupOperations += batch
            progress.add(batch)
            if Platform.monotonicNanoseconds() &- start >= configuration.warmupNanoseconds {
                batch = max(1, Int(Double(batch) * Double(configuration.batchNanoseconds) / Double(max(elapsed, 1))))
                break
            }
            if elapsed < configuration.batchNanoseconds { batch *= 2 }
        }
        samples.reserveCapacity(configuration.sampleCount)
    }

    /// Times one batch and returns its duration.
    mutating func sample(_ body: (Int) throws -> Void, progress: ProgressMeter) throws -> UInt64 {
        let start = Platform.monotonicNanoseconds()
        try body(batch)
        let elapsed = Platform.monotonicNanoseconds() &- start
        measuredNanoseconds &+= elapsed
        samples.append(Double(elapsed) / Double(batch))
        progress.add(batch)
        return elapsed
    }
}

/// Keeps the optimiser from discarding a value a benchmark computes and never uses.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
