import Foundation

/// A buffer of plain values that grows by doubling and frees itself, unless it has handed its
/// memory over to a `Data`.
///
/// The encoder keeps its text (and then its output) and its nodes in these rather than in arrays:
/// appending is a capacity check and a store, with no uniqueness check and no reference counting.
/// It cannot be copied, so the memory has one owner.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    /// Where the elements start; moves when the buffer grows.
    private(set) var base: UnsafeMutablePointer<Element>
    /// How many elements are written. Writers that fill room from ``reserve(_:)`` add to it.
    var count = 0
    private var capacity: Int
    /// Whether a `Data` owns the memory now: see ``handOver(from:)``.
    private var isHandedOver = false

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        if !isHandedOver { base.deallocate() }
    }

    /// Makes room for `additional` more elements and returns where they go.
    @inline(__always)
    mutating func reserve(_ additional: Int) -> UnsafeMutablePointer<Element> {
        if capacity - count < additional { grow(toHold: count + additional) }
        return base + count
    }

    /// Adds one element at the end.
    @inline(__always)
    mutating func append(_ element: Element) {
        reserve(1).initialize(to: element)
        count += 1
    }

    /// Adds `elements` at the end.
    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        reserve(elements.count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let grown = Swift.max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    /// The bytes from `start` to the end, moved to the front, as a `Data` that takes the memory
    /// over: no copy, no allocation. The buffer must not be written to afterwards.
    ///
    /// When most of the memory would be wasted (a large document, whose text came before it), the
    /// bytes are copied to memory of their own instead, and the buffer keeps its own.
    mutating func handOver(from start: Int) -> Data {
        let length = count - start
        let deallocator = Data.Deallocator.custom { bytes, _ in bytes.deallocate() }
        guard capacity - length <= Swift.max(4096, length / 2) else {
            let exact = UnsafeMutablePointer<Element>.allocate(capacity: length)
            exact.initialize(from: base + start, count: length)
            return Data(bytesNoCopy: UnsafeMutableRawPointer(exact), count: length * MemoryLayout<Element>.stride, deallocator: deallocator)
        }
        UnsafeMutableRawPointer(base).copyMemory(from: UnsafeRawPointer(base + start), byteCount: length * MemoryLayout<Element>.stride)
        isHandedOver = true
        return Data(bytesNoCopy: UnsafeMutableRawPointer(base), count: length * MemoryLayout<Element>.stride, deallocator: deallocator)
    }
}
