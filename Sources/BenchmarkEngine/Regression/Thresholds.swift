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

    /// Thresholds with these values; the defaults are the documented ones.
    public init(mallocsPerOperation: Double = 0.5, bytesPerOperation: Double = 0.02, time: Double = 0.10, failingTime: Double? = nil, load: Double = 0.30) {
        self.mallocsPerOperation = mallocsPerOperation
        self.bytesPerOperation = bytesPerOperation
        self.time = time
        self.failingTime = max(failingTime ?? time, time)
        self.load = load
    }
}
