/// A histogram with a dense one's layout that holds only the counters it has counted in: what a
/// name of a mix or a step of a journey keeps while a run goes on, so that each name costs memory in
/// proportion to the latencies it saw, not the 220 kB of counters a dense histogram of the run's
/// range has. It records into the same buckets, so ``dense`` is exactly the histogram that
/// recording into the dense one would have made.
struct SparseHistogram: Sendable {
    /// The layout; an empty histogram, whose counters every copy shares.
    private let template: Histogram
    /// Counts by index into the dense layout's counters.
    private var counts: [Int: UInt64] = [:]
    private var total: UInt64 = 0
    private var clamped: UInt64 = 0
    private var lowest = UInt64.max
    private var highest: UInt64 = 0

    /// An empty histogram with `template`'s layout.
    init(template: Histogram) {
        self.template = template
    }

    /// Whether nothing was recorded.
    var isEmpty: Bool { total == 0 }

    /// Records one occurrence of `value`, as ``Histogram/record(_:)`` does.
    mutating func record(_ value: UInt64) {
        var value = value
        if value > template.highestTrackableValue {
            value = template.highestTrackableValue
            clamped &+= 1
        }
        counts[template.countsIndex(for: value), default: 0] &+= 1
        total &+= 1
        lowest = min(lowest, value)
        highest = max(highest, value)
    }

    /// Adds `other`'s counts, of the same layout.
    mutating func merge(_ other: SparseHistogram) {
        counts.merge(other.counts, uniquingKeysWith: &+)
        total &+= other.total
        clamped &+= other.clamped
        lowest = min(lowest, other.lowest)
        highest = max(highest, other.highest)
    }

    /// The dense histogram of the same counts.
    var dense: Histogram {
        var histogram = template
        guard total > 0 else { return histogram }
        histogram.counts.withUnsafeMutableBufferPointer { buffer in
            for (index, count) in counts { buffer[index] &+= count }
        }
        histogram.storedTotalCount = total
        histogram.storedClampedCount = clamped
        histogram.lowestRecordedValue = lowest
        histogram.highestRecordedValue = highest
        return histogram
    }
}

/// A name's figures for one interval, or over a run, with sparse histograms (``SparseHistogram``):
/// ``LoadTally`` for a mix's many names.
struct SparseLoadTally: IntervalTally {
    var latency: SparseHistogram
    var uncorrected: SparseHistogram
    var sent = 0
    var succeeded = 0
    var errors: [String: Int] = [:]

    init(template: Histogram) {
        latency = SparseHistogram(template: template)
        uncorrected = SparseHistogram(template: template)
    }

    mutating func absorb(_ other: SparseLoadTally) {
        latency.merge(other.latency)
        uncorrected.merge(other.uncorrected)
        sent += other.sent
        succeeded += other.succeeded
        errors.merge(other.errors, uniquingKeysWith: +)
    }

    var dense: LoadTally {
        var tally = LoadTally(latency: latency.dense, uncorrected: uncorrected.dense)
        tally.sent = sent
        tally.succeeded = succeeded
        tally.errors = errors
        return tally
    }
}

/// What ``IntervalTallies`` and ``IntervalEncoder`` keep of an interval: ``LoadTally`` for the
/// whole run, ``SparseLoadTally`` for each name. Both count the same way, into their own kind of
/// histogram.
protocol IntervalTally: Sendable {
    /// The histogram latencies are recorded in.
    associatedtype Latencies: LatencyRecording
    /// An empty tally whose histograms have `template`'s layout.
    init(template: Histogram)
    /// Adds `other`'s figures to these.
    mutating func absorb(_ other: Self)
    /// The same figures with dense histograms, to encode or to merge with encoded ones.
    var dense: LoadTally { get }
    /// Latency from each request's intended start (in a closed loop, its actual start).
    var latency: Latencies { get set }
    /// Latency from each request's actual start.
    var uncorrected: Latencies { get set }
    /// Requests counted, those that succeeded, and those that failed by class.
    var sent: Int { get set }
    var succeeded: Int { get set }
    var errors: [String: Int] { get set }
}

extension IntervalTally {
    /// Counts a request due at `intended`, started at `started` and over at `ended` (monotonic
    /// nanoseconds), which ended in `outcome`.
    mutating func record(_ outcome: RequestOutcome, intended: UInt64, started: UInt64, ended: UInt64) {
        sent += 1
        latency.record(ended &- intended)
        uncorrected.record(ended &- started)
        switch outcome {
        case .success: succeeded += 1
        case .failure(let kind): errors[kind, default: 0] += 1
        }
    }
}

/// A histogram a tally records latencies in.
protocol LatencyRecording: Sendable {
    /// Counts one `value`.
    mutating func record(_ value: UInt64)
}

extension Histogram: LatencyRecording {}
extension SparseHistogram: LatencyRecording {}

extension LoadTally: IntervalTally {
    var dense: LoadTally { self }
}
