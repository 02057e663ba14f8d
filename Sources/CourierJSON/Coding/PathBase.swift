/// Where a container sits in the coding path, without copying the path.
///
/// The path of the value being decoded or encoded is a stack in a ``CodingStack``: each nested
/// value pushes its key and pops it after. A container records how deep the stack was when it was
/// made; its own path is that prefix, then ``extra``: the keys of `nestedContainer` and
/// `superDecoder`/`superEncoder` calls, which never went on the stack. The prefix stays valid while
/// the container is used, since coding nests strictly.
struct PathBase {
    /// Keys after the stack prefix; empty (and so free) but for nested containers.
    var extra: [any CodingKey]
    /// How many keys of the stack come first.
    var depth: UInt32

    init(depth: Int, extra: [any CodingKey] = []) {
        self.extra = extra
        self.depth = UInt32(truncatingIfNeeded: depth)
    }

    /// This path followed by `key` (unless it is a ``NoKey``), for a container nested under it.
    func appending<Key: CodingKey>(_ key: Key) -> PathBase {
        Key.self == NoKey.self ? self : PathBase(depth: Int(depth), extra: extra + [key])
    }
}
