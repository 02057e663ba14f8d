#if COURIER_JEMALLOC
import CJemalloc

/// A mallctl name translated once into its "Management Information Base" form.
///
/// Why: `mallctl(name)` parses the dotted name on every call, `mallctlbymib` does not;
/// a snapshot performs hundreds of reads, so names are resolved once at start-up.
/// The components live in a `let` array, which keeps every holder `Sendable`
/// without locks, and reading never copies or allocates.
struct MallctlMIB: Sendable {
    /// The numeric path, e.g. `[stats, arenas, 4096, small, nrequests]`.
    let components: [Int]

    /// Resolves `name`; nil when this jemalloc does not know it (other version or
    /// a feature such as stats compiled out).
    init?(_ name: String) {
        // jemalloc names have at most 7 components; 8 leaves room.
        var buffer = [Int](repeating: 0, count: 8)
        var length = buffer.count
        let status = buffer.withUnsafeMutableBufferPointer { mib in
            courier_je_mallctlnametomib(name, mib.baseAddress, &length)
        }
        guard status == 0, length <= buffer.count else { return nil }
        components = Array(buffer.prefix(length))
    }

    private init(components: [Int]) {
        self.components = components
    }

    /// The same MIB with one numeric component replaced; how jemalloc's manual
    /// recommends iterating `bins.<j>` without re-parsing names.
    func replacing(componentAt position: Int, with index: Int) -> MallctlMIB? {
        guard components.indices.contains(position) else { return nil }
        var copy = components
        copy[position] = index
        return MallctlMIB(components: copy)
    }

    /// Reads a `uint64_t` node (request counters, `thread.allocated`).
    func readUInt64() -> UInt64? {
        var value: UInt64 = 0
        return readRaw(into: &value) ? value : nil
    }

    /// Reads a `size_t` node (size-class sizes).
    func readSize() -> Int? {
        var value: Int = 0
        return readRaw(into: &value) ? value : nil
    }

    /// Reads an `unsigned` node (class counts).
    func readUnsigned() -> CUnsignedInt? {
        var value: CUnsignedInt = 0
        return readRaw(into: &value) ? value : nil
    }

    /// Reads a `bool` node (`config.*`).
    func readBool() -> Bool? {
        var value = false
        return readRaw(into: &value) ? value : nil
    }

    /// Reads a `const char *` node (`version`).
    func readCString() -> String? {
        var value: UnsafePointer<CChar>? = nil
        guard readRaw(into: &value), let value else { return nil }
        return String(cString: value)
    }

    /// Why one concrete helper per C type instead of a generic: unspecialised generic
    /// closures heap-allocate in debug builds, and a snapshot must not disturb the very
    /// counters it reads. `@inline(__always)` gives each caller a concrete copy.
    /// Fails when jemalloc reports a size other than `T`'s, which would mean a type mismatch.
    @inline(__always)
    private func readRaw<T>(into value: inout T) -> Bool {
        var length = MemoryLayout<T>.size
        let status = components.withUnsafeBufferPointer { mib in
            withUnsafeMutablePointer(to: &value) { pointer in
                courier_je_mallctlbymib(mib.baseAddress, mib.count, pointer, &length, nil, 0)
            }
        }
        return status == 0 && length == MemoryLayout<T>.size
    }

    /// Writes a `uint64_t` node (`epoch`); returns whether jemalloc accepted it.
    func writeUInt64(_ value: UInt64) -> Bool {
        var newValue = value
        let status = components.withUnsafeBufferPointer { mib in
            withUnsafeMutablePointer(to: &newValue) { pointer in
                courier_je_mallctlbymib(mib.baseAddress, mib.count, nil, nil, pointer, MemoryLayout<UInt64>.size)
            }
        }
        return status == 0
    }

    /// Triggers a `void` control such as `thread.tcache.flush`.
    func invoke() -> Bool {
        let status = components.withUnsafeBufferPointer { mib in
            courier_je_mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0)
        }
        return status == 0
    }
}
#endif
