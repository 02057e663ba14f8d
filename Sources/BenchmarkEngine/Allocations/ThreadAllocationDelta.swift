/// What one thread allocated and freed between two ``ThreadAllocationSnapshot``s.
public struct ThreadAllocationDelta: Sendable, Equatable {
    /// Bytes allocated by the thread in the interval, at usable (size-class) size.
    public var allocatedBytes: UInt64

    /// Bytes freed by the thread in the interval, at usable size.
    public var deallocatedBytes: UInt64

    /// Creates a delta from raw values, e.g. when aggregating iterations.
    public init(allocatedBytes: UInt64, deallocatedBytes: UInt64) {
        self.allocatedBytes = allocatedBytes
        self.deallocatedBytes = deallocatedBytes
    }
}
