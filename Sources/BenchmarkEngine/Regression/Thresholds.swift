/// How large a change must be before a comparison calls it a regression or an improvement, per kind
/// of metric. The defaults fit each metric's nature: allocation counts of single-threaded
/// micro-benchmarks are deterministic, so the smallest real change counts; times are noisy, so a
/// change must exceed both a relative tolerance and the measured noise of the two runs.
public struct Thresholds: Codable, Sendable, Equatable {
    /// Micro-benchmarks: a rise of at least this many `malloc` calls per operation is a regression.
    public var mallocsPerOperation: Double
    /// Micro-benchmarks: a relative rise of bytes allocated per operation beyond this, and by at
    /// least 16 bytes, is a regression.
    public var bytesPerOperation: Double
    /// Micro-benchmarks: a relative change of speed (the speedup over the in-run baseline, or the
    /// median time when there is none) beyond this, and beyond the noise, counts.
    public var time: Double
    /// Time regressions beyond this fail; those between ``time`` and this are warnings. A CI gate
    /// sets it wide, so that only a gross slowdown fails a build on a shared machine.
    public var failingTime: Double
    /// Load runs: a relative change of throughput, p99 latency or allocations per request beyond
    /// this is a warning. A load run has no repetitions to measure its own noise by, so it never
    /// fails a comparison on its own.
    public var load: Double
    /// Counted micro-benchmarks (`--instructions`): a relative rise of instructions per operation
    /// beyond this is a regression. Counts are exact, so it is tight.
    public var instructions: Double
    /// Counted micro-benchmarks: a relative rise of estimated cycles per operation beyond this is a
    /// regression. Wider than ``instructions``: the simulated caches see where the executable's code
    /// and data land, so a build that changed elsewhere moved unchanged code's estimate by up to 1.4%.
    public var estimatedCycles: Double
    /// Whether a fall of counts beyond their tolerances fails too, so that an improvement is saved
    /// into the baseline before it can be given back unnoticed (swift-nio's allocation limits work so).
    public var isTwoSided: Bool

    /// Thresholds with these values; the defaults are the documented ones.
    public init(
        mallocsPerOperation: Double = 0.5, bytesPerOperation: Double = 0.02, time: Double = 0.10, failingTime: Double? = nil,
        load: Double = 0.30,
        instructions: Double = 0.01, estimatedCycles: Double = 0.02, isTwoSided: Bool = false
    ) {
        self.mallocsPerOperation = mallocsPerOperation
        self.bytesPerOperation = bytesPerOperation
        self.time = time
        self.failingTime = max(failingTime ?? time, time)
        self.load = load
        self.instructions = instructions
        self.estimatedCycles = estimatedCycles
        self.isTwoSided = isTwoSided
    }
}

/// A scenario's own thresholds (``Scenario/thresholds``): each metric it names replaces the
/// comparison's for that scenario, and the metrics it leaves out keep the comparison's — the
/// command line's (`--time-tolerance`, `--fail-time-tolerance`, `--malloc-tolerance`,
/// `--load-tolerance`, `--instructions-tolerance`, `--cycles-tolerance`, `--two-sided`) or, where it
/// sets none, the defaults.
///
/// ```swift
/// .decode("decode/issues", as: [Issue].self, from: payload, thresholds: ThresholdOverrides(mallocsPerOperation: 2))
/// ```
///
/// judges that scenario's allocations at +2 per operation and its time as everyone else's.
public struct ThresholdOverrides: Sendable, Equatable {
    /// Replaces ``Thresholds/mallocsPerOperation`` when set.
    public var mallocsPerOperation: Double?
    /// Replaces ``Thresholds/bytesPerOperation`` when set.
    public var bytesPerOperation: Double?
    /// Replaces ``Thresholds/time`` when set.
    public var time: Double?
    /// Replaces ``Thresholds/failingTime`` when set.
    public var failingTime: Double?
    /// Replaces ``Thresholds/load`` when set.
    public var load: Double?
    /// Replaces ``Thresholds/instructions`` when set.
    public var instructions: Double?
    /// Replaces ``Thresholds/estimatedCycles`` when set.
    public var estimatedCycles: Double?
    /// Replaces ``Thresholds/isTwoSided`` when set.
    public var isTwoSided: Bool?

    /// Overrides of the metrics given; the others are left to the comparison.
    public init(
        mallocsPerOperation: Double? = nil, bytesPerOperation: Double? = nil, time: Double? = nil, failingTime: Double? = nil,
        load: Double? = nil,
        instructions: Double? = nil, estimatedCycles: Double? = nil, isTwoSided: Bool? = nil
    ) {
        self.mallocsPerOperation = mallocsPerOperation
        self.bytesPerOperation = bytesPerOperation
        self.time = time
        self.failingTime = failingTime
        self.load = load
        self.instructions = instructions
        self.estimatedCycles = estimatedCycles
        self.isTwoSided = isTwoSided
    }
}

extension Thresholds {
    /// These thresholds with each metric `overrides` names replaced. The failing time stays at least
    /// the time tolerance, as ``init(mallocsPerOperation:bytesPerOperation:time:failingTime:load:)``
    /// keeps it: a scenario that widens `time` alone widens a failing bound left at its default too.
    public func overridden(by overrides: ThresholdOverrides?) -> Thresholds {
        guard let overrides else { return self }
        return Thresholds(
            mallocsPerOperation: overrides.mallocsPerOperation ?? mallocsPerOperation,
            bytesPerOperation: overrides.bytesPerOperation ?? bytesPerOperation,
            time: overrides.time ?? time,
            failingTime: overrides.failingTime ?? failingTime,
            load: overrides.load ?? load,
            instructions: overrides.instructions ?? instructions,
            estimatedCycles: overrides.estimatedCycles ?? estimatedCycles,
            isTwoSided: overrides.isTwoSided ?? isTwoSided
        )
    }
}
