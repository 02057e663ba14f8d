/// Times operations in batches on the calling task, package-benchmark style.
///
/// An operation takes a count and runs that many times, so the closure call is paid once per batch;
/// it may be asynchronous (a synchronous closure converts, and pays the `await` once per batch too).
/// Warm-up picks each operation's batch size; each sample is one batch's time divided by its size.
/// When several operations are measured together (ours and a baseline), their batches alternate, so
/// a slow spell of a shared machine hits both alike and their ratio stays honest. Allocations are
/// counted in two passes of their own after timing (the smaller kept), so reading jemalloc never
/// disturbs a timed batch. When the context counts instructions (``ScenarioContext/instructions``),
/// each operation is counted under Callgrind instead of timed, and its allocations counted as usual.
public enum MicroRunner {
    /// One operation to measure and the name its result goes under.
    public struct Operation {
        /// The result's scenario name.
        public let name: String
        /// Runs the measured work the given number of times.
        public let body: (_ iterations: Int) async throws -> Void

        /// An operation called `name`.
        public init(_ name: String, _ body: @escaping (_ iterations: Int) async throws -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Measures `body` alone under the context's name.
    public static func measure(
        in context: ScenarioContext,
        configuration: MicroConfiguration? = nil,
        _ body: @escaping (_ iterations: Int) async throws -> Void
    ) async throws -> ScenarioResult {
        try await measure([Operation(context.name, body)], in: context, configuration: configuration)[0]
    }

    /// Measures `operations` with interleaved batches and returns one result each, in order.
    public static func measure(
        _ operations: [Operation],
        in context: ScenarioContext,
        configuration: MicroConfiguration? = nil
    ) async throws -> [ScenarioResult] {
        if let counter = context.instructions {
            return try await count(operations, in: context, with: counter)
        }
        let configuration = configuration ?? context.micro
        var samplers: [Sampler] = []
        for operation in operations {
            samplers.append(try await Sampler(warmingUp: operation.body, configuration: configuration, progress: context.progress))
        }
        let budget = configuration.maximumNanoseconds * UInt64(max(1, operations.count))
        var spent: UInt64 = 0
        var round = 0
        while round < configuration.sampleCount, spent < budget {
            for index in samplers.indices {
                spent &+= try await samplers[index].sample(operations[index].body, progress: context.progress)
            }
            round += 1
        }
        var results: [ScenarioResult] = []
        for (operation, sampler) in zip(operations, samplers) {
            var result = ScenarioResult(
                name: operation.name,
                kind: .micro,
                operations: sampler.samples.count * sampler.batch,
                warmupOperations: sampler.warmupOperations,
                durationSeconds: Double(sampler.measuredNanoseconds) / 1e9
            )
            result.nanosecondsPerOperation = SampleStatistics(sampler.samples)
            try await countAllocations(of: operation, batch: sampler.batch, into: &result, counter: context.allocations)
            results.append(result)
        }
        return results
    }

    /// Counts each operation's instructions in turn (Callgrind's counts need no alternation: nothing
    /// of the machine's mood reaches them), with no time figures, which under Valgrind mean nothing.
    private static func count(_ operations: [Operation], in context: ScenarioContext, with counter: InstructionCounter) async throws
        -> [ScenarioResult]
    {
        var results: [ScenarioResult] = []
        for operation in operations {
            let (profile, batch) = try await counter.count(operation.name, operation.body)
            context.progress.add(1 + batch)
            var result = ScenarioResult(name: operation.name, kind: .micro, operations: batch, warmupOperations: 1, durationSeconds: 0)
            result.counts = InstructionCounts(profile, operations: batch)
            try await countAllocations(of: operation, batch: batch, into: &result, counter: context.allocations)
            results.append(result)
        }
        return results
    }

    /// Sets `result`'s allocation figures from two passes of `batch` operations.
    private static func countAllocations(
        of operation: Operation, batch: Int, into result: inout ScenarioResult, counter: AllocationCounter?
    ) async throws {
        guard let counter else { return }
        // jemalloc's counts are the process's: a runtime or progress thread that allocates
        // during the pass lands in it. Another thread's allocation only ever adds, and the
        // operation allocates alike each batch, so of two passes the smaller is its own.
        var fewest: AllocationDelta?
        for _ in 0..<2 {
            let before = counter.snapshot()
            try await operation.body(batch)
            let delta = counter.delta(since: before)
            if fewest.map({ delta.bytes < $0.bytes }) ?? true { fewest = delta }
        }
        if let fewest {
            result.mallocsPerOperation = Double(fewest.mallocs) / Double(batch)
            result.bytesAllocatedPerOperation = Double(fewest.bytes) / Double(batch)
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
    init(warmingUp body: (Int) async throws -> Void, configuration: MicroConfiguration, progress: ProgressMeter) async throws {
        let start = Platform.monotonicNanoseconds()
        while true {
            let batchStart = Platform.monotonicNanoseconds()
            try await body(batch)
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
    mutating func sample(_ body: (Int) async throws -> Void, progress: ProgressMeter) async throws -> UInt64 {
        let start = Platform.monotonicNanoseconds()
        try await body(batch)
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
