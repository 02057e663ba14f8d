import Foundation

/// A buffer of plain values that grows by doubling and frees itself.
///
/// The encoder keeps its text, its nodes and its output in these rather than in arrays: appending
/// is a capacity check and a store, with no uniqueness check and no reference counting. It cannot
/// be copied, so the memory has one owner.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    /// Where the elements start; moves when the buffer grows.
    private(set) var base: UnsafeMutablePointer<Element>
    /// How many elements are written. Writers that fill room from ``reserve(_:)`` add to it.
    var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
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

    /// The elements written, as `Data` that takes the memory over without copying it.
    consuming func data() -> Data {
        let data = Data(
            bytesNoCopy: UnsafeMutableRawPointer(base), count: count * MemoryLayout<Element>.stride,
            deallocator: .custom { bytes, _ in bytes.deallocate() })
        discard self
        return data
    }
}
