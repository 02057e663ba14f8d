/// A fixed-memory histogram of non-negative integer values with HdrHistogram's layout and semantics.
///
/// Values are grouped into buckets whose width grows with magnitude so that every recorded
/// value keeps `significantDigits` decimal digits of precision. The bucket layout is identical
/// to HdrHistogram (Java, C, Python), so percentiles computed here match those libraries and
/// ``encoded()`` produces strings they can decode.
///
/// All counter memory is allocated once in ``init(lowestDiscernibleValue:highestTrackableValue:significantDigits:)``;
/// ``record(_:)`` only does index arithmetic and an increment. Because `Histogram` is a value type
/// backed by a copy-on-write array, the first `record` after copying a histogram that is still
/// shared pays for one copy of the counters.
public struct Histogram: Sendable, Equatable {
    /// The smallest value distinguishable from 0; values below it share the first bucket.
    public let lowestDiscernibleValue: UInt64
    /// The largest value recorded exactly; larger values are clamped to it.
    public let highestTrackableValue: UInt64
    /// Number of significant decimal digits preserved for every recorded value (1...5).
    public let significantDigits: Int

    // Layout constants precomputed so `record` is a handful of shifts and adds.
    @usableFromInline let unitMagnitude: Int
    @usableFromInline let subBucketHalfCountMagnitude: Int
    @usableFromInline let subBucketHalfCount: Int
    @usableFromInline let subBucketCount: Int
    @usableFromInline let subBucketMask: UInt64
    @usableFromInline let leadingZeroCountBase: Int

    @usableFromInline var counts: [UInt64]
    @usableFromInline var storedTotalCount: UInt64
    @usableFromInline var storedClampedCount: UInt64
    // Raw extremes are tracked so `min`/`max` are O(1); UInt64.max / 0 mean "nothing recorded".
    @usableFromInline var lowestRecordedValue: UInt64
    @usableFromInline var highestRecordedValue: UInt64

    /// Creates an empty histogram.
    ///
    /// - Parameters:
    ///   - lowestDiscernibleValue: Smallest value distinguishable from 0 (>= 1). Rounded down to a power
    ///     of two internally, as in HdrHistogram.
    ///   - highestTrackableValue: Largest value tracked; must be >= `2 * lowestDiscernibleValue` and
    ///     <= `Int64.max` (the wire format and other implementations use signed 64-bit values).
    ///   - significantDigits: Decimal precision kept for each value, 1...5. Zero is rejected because the
    ///     Python `hdrhistogram` package cannot decode such histograms.
    /// - Throws: ``HistogramError`` describing the first invalid parameter.
    public init(
        lowestDiscernibleValue: UInt64 = 1,
        highestTrackableValue: UInt64,
        significantDigits: Int = 3
    ) throws(HistogramError) {
        guard (1...5).contains(significantDigits) else {
            throw .invalidSignificantDigits(significantDigits)
        }
        guard lowestDiscernibleValue >= 1 else {
            throw .invalidLowestDiscernibleValue(lowestDiscernibleValue)
        }
        guard highestTrackableValue <= UInt64(Int64.max),
            lowestDiscernibleValue <= highestTrackableValue / 2
        else {
            throw .invalidHighestTrackableValue(highest: highestTrackableValue, lowest: lowestDiscernibleValue)
        }

        let unitMagnitude = 63 - lowestDiscernibleValue.leadingZeroBitCount
        var largestValueWithSingleUnitResolution: UInt64 = 2
        for _ in 0..<significantDigits { largestValueWithSingleUnitResolution *= 10 }
        // ceil(log2(n)) in integer arithmetic; 2 * 10^d is never a power of two so no off-by-one.
        let subBucketCountMagnitude = 64 - (largestValueWithSingleUnitResolution - 1).leadingZeroBitCount
        let subBucketHalfCountMagnitude = subBucketCountMagnitude - 1
        // Same limit as Java: the top sub-bucket's values must still fit a signed 64-bit integer.
        guard unitMagnitude + subBucketHalfCountMagnitude <= 61 else {
            throw .rangeNotRepresentable(lowestDiscernibleValue: lowestDiscernibleValue, significantDigits: significantDigits)
        }
        let subBucketCount = 1 << subBucketCountMagnitude

        var smallestUntrackableValue = UInt64(subBucketCount) << UInt64(unitMagnitude)
        var bucketCount = 1
        while smallestUntrackableValue <= highestTrackableValue {
            if smallestUntrackableValue > UInt64(Int64.max) / 2 {
                bucketCount += 1
                break
            }
            smallestUntrackableValue <<= 1
            bucketCount += 1
        }

        self.lowestDiscernibleValue = lowestDiscernibleValue
        self.highestTrackableValue = highestTrackableValue
        self.significantDigits = significantDigits
        self.unitMagnitude = unitMagnitude
        self.subBucketHalfCountMagnitude = subBucketHalfCountMagnitude
        self.subBucketCount = subBucketCount
        self.subBucketHalfCount = subBucketCount / 2
        self.subBucketMask = UInt64(subBucketCount - 1) << UInt64(unitMagnitude)
        self.leadingZeroCountBase = 64 - unitMagnitude - subBucketHalfCountMagnitude - 1
        self.counts = [UInt64](repeating: 0, count: (bucketCount + 1) * (subBucketCount / 2))
        self.storedTotalCount = 0
        self.storedClampedCount = 0
        self.lowestRecordedValue = .max
        self.highestRecordedValue = 0
    }

    // MARK: Recording

    /// Records one occurrence of `value`.
    ///
    /// Values above ``highestTrackableValue`` are recorded as ``highestTrackableValue`` and
    /// counted in ``clampedCount``. Runs in constant time without allocating (unless the
    /// counters are shared with a copy, see the type documentation).
    @inlinable
    public mutating func record(_ value: UInt64) {
        record(value, count: 1)
    }

    /// Records `count` occurrences of `value`.
    ///
    /// Counters wrap on overflow instead of trapping: a load generator must never crash on a
    /// statistic, and 2^64 samples is unreachable in practice.
    @inlinable
    public mutating func record(_ value: UInt64, count: UInt64) {
        guard count != 0 else { return }
        var value = value
        if value > highestTrackableValue {
            value = highestTrackableValue
            storedClampedCount &+= count
        }
        let index = countsIndex(for: value)
        // The clamp above guarantees `index < counts.count`, so the checked subscript is redundant.
        counts.withUnsafeMutableBufferPointer { $0[index] &+= count }
        storedTotalCount &+= count
        if value < lowestRecordedValue { lowestRecordedValue = value }
        if value > highestRecordedValue { highestRecordedValue = value }
    }

    /// Adds every count of `other` into this histogram.
    ///
    /// - Throws: ``HistogramError/incompatibleLayout(_:)`` unless both histograms were created with
    ///   the same `lowestDiscernibleValue`, `highestTrackableValue` and `significantDigits`; this keeps
    ///   the merge exact instead of silently re-bucketing.
    public mutating func merge(_ other: Histogram) throws(HistogramError) {
        guard hasSameLayout(as: other) else {
            throw .incompatibleLayout(
                "(\(lowestDiscernibleValue), \(highestTrackableValue), \(significantDigits)) vs "
                    + "(\(other.lowestDiscernibleValue), \(other.highestTrackableValue), \(other.significantDigits))"
            )
        }
        guard other.storedTotalCount != 0 || other.storedClampedCount != 0 else { return }
        other.counts.withUnsafeBufferPointer { source in
            counts.withUnsafeMutableBufferPointer { destination in
                for index in source.indices where source[index] != 0 {
                    destination[index] &+= source[index]
                }
            }
        }
        storedTotalCount &+= other.storedTotalCount
        storedClampedCount &+= other.storedClampedCount
        lowestRecordedValue = Swift.min(lowestRecordedValue, other.lowestRecordedValue)
        highestRecordedValue = Swift.max(highestRecordedValue, other.highestRecordedValue)
    }

    /// Takes every count of `other`, which must have been merged in before, out of this histogram:
    /// a window of merged intervals slides by subtracting the interval that leaves it. The extremes
    /// are found again from the counts that remain.
    ///
    /// - Throws: ``HistogramError/incompatibleLayout(_:)`` as ``merge(_:)`` does.
    mutating func subtract(_ other: Histogram) throws(HistogramError) {
        guard hasSameLayout(as: other) else {
            throw .incompatibleLayout(
                "(\(lowestDiscernibleValue), \(highestTrackableValue), \(significantDigits)) vs "
                    + "(\(other.lowestDiscernibleValue), \(other.highestTrackableValue), \(other.significantDigits))")
        }
        guard other.storedTotalCount != 0 else { return }
        var lowestIndex = -1
        var highestIndex = -1
        other.counts.withUnsafeBufferPointer { source in
            counts.withUnsafeMutableBufferPointer { destination in
                for index in destination.indices {
                    destination[index] &-= Swift.min(source[index], destination[index])
                    if destination[index] != 0 {
                        if lowestIndex < 0 { lowestIndex = index }
                        highestIndex = index
                    }
                }
            }
        }
        storedTotalCount &-= Swift.min(other.storedTotalCount, storedTotalCount)
        storedClampedCount &-= Swift.min(other.storedClampedCount, storedClampedCount)
        lowestRecordedValue = lowestIndex < 0 ? .max : valueFromIndex(lowestIndex)
        highestRecordedValue = lowestIndex < 0 ? 0 : valueFromIndex(highestIndex)
    }

    /// Clears all counts while keeping the allocated counters.
    public mutating func reset() {
        counts.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        storedTotalCount = 0
        storedClampedCount = 0
        lowestRecordedValue = .max
        highestRecordedValue = 0
    }

    // MARK: Summary values

    /// Total number of recorded values, including clamped ones.
    public var totalCount: UInt64 { storedTotalCount }

    /// Number of recorded values that exceeded ``highestTrackableValue`` and were clamped to it.
    ///
    /// Not part of the V2 wire format, so it is 0 after decoding and ignored by `==`.
    public var clampedCount: UInt64 { storedClampedCount }

    /// The lowest equivalent value of the smallest recorded value, or 0 when empty
    /// (HdrHistogram `getMinValue` semantics).
    public var min: UInt64 {
        storedTotalCount == 0 ? 0 : lowestEquivalentValue(lowestRecordedValue)
    }

    /// The highest equivalent value of the largest recorded value, or 0 when empty.
    ///
    /// Derived from the bucket alone so that it survives an encode/decode round trip and equals
    /// what the Python package reports for a decoded histogram.
    public var max: UInt64 {
        storedTotalCount == 0 ? 0 : highestEquivalentValue(highestRecordedValue)
    }

    /// Compares configuration and counts; ``clampedCount`` is ignored because encoding drops it.
    public static func == (lhs: Histogram, rhs: Histogram) -> Bool {
        lhs.hasSameLayout(as: rhs)
            && lhs.storedTotalCount == rhs.storedTotalCount
            && lhs.counts == rhs.counts
    }

    // MARK: Layout arithmetic

    func hasSameLayout(as other: Histogram) -> Bool {
        lowestDiscernibleValue == other.lowestDiscernibleValue
            && highestTrackableValue == other.highestTrackableValue
            && significantDigits == other.significantDigits
    }

    /// Number of counters in the layout.
    var countsLength: Int { counts.count }

    @inlinable @inline(__always)
    func bucketIndex(for value: UInt64) -> Int {
        // OR-ing the mask pins every value below one sub-bucket range into bucket 0.
        leadingZeroCountBase &- (value | subBucketMask).leadingZeroBitCount
    }

    @inlinable @inline(__always)
    func subBucketIndex(for value: UInt64, bucketIndex: Int) -> Int {
        Int(truncatingIfNeeded: value &>> UInt64(truncatingIfNeeded: bucketIndex &+ unitMagnitude))
    }

    @inlinable @inline(__always)
    func countsIndex(for value: UInt64) -> Int {
        let bucket = bucketIndex(for: value)
        let subBucket = subBucketIndex(for: value, bucketIndex: bucket)
        // Buckets after the first only use their upper half; the lower half duplicates the previous bucket.
        return ((bucket &+ 1) &<< subBucketHalfCountMagnitude) &+ (subBucket &- subBucketHalfCount)
    }

    func valueFromIndex(_ index: Int) -> UInt64 {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket + unitMagnitude)
    }

    func lowestEquivalentValue(_ value: UInt64) -> UInt64 {
        let bucket = bucketIndex(for: value)
        let subBucket = subBucketIndex(for: value, bucketIndex: bucket)
        return UInt64(subBucket) << UInt64(bucket + unitMagnitude)
    }

    func sizeOfEquivalentValueRange(_ value: UInt64) -> UInt64 {
        let bucket = bucketIndex(for: value)
        let subBucket = subBucketIndex(for: value, bucketIndex: bucket)
        let adjustedBucket = subBucket >= subBucketCount ? bucket + 1 : bucket
        return 1 << UInt64(unitMagnitude + adjustedBucket)
    }

    func highestEquivalentValue(_ value: UInt64) -> UInt64 {
        lowestEquivalentValue(value) + sizeOfEquivalentValueRange(value) - 1
    }

    func medianEquivalentValue(_ value: UInt64) -> UInt64 {
        lowestEquivalentValue(value) + sizeOfEquivalentValueRange(value) >> 1
    }

    /// Count stored in the bucket that `value` falls into (values above range use the clamp bucket).
    func count(atValue value: UInt64) -> UInt64 {
        counts[countsIndex(for: Swift.min(value, highestTrackableValue))]
    }
}
