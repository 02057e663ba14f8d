/// A coder that follows the value in hand with a stack of keys rather than a coder per value.
///
/// ``DecodingState`` and ``EncodingState`` are each one object per call, handed to every
/// `init(from:)` and `encode(to:)` as the `Decoder` or `Encoder`: a nested value is reached by
/// pushing its key on ``path`` and pointing ``current`` at it, then undoing both, so no coder is
/// made per value.
protocol CodingStack: AnyObject {
    /// The coding path of the value in hand, as a stack (see ``PathBase``).
    var path: [any CodingKey] { get set }
    /// Where the value the `Decoder` or `Encoder` methods work on is: a tape entry or a node.
    var current: Int { get set }
}

extension CodingStack {
    /// The coding path of `base`, then `key` unless it is a ``NoKey``.
    func codingPath<Key: CodingKey>(_ base: PathBase, appending key: Key) -> [any CodingKey] {
        var codingPath = Array(path.prefix(Int(base.depth)))
        codingPath += base.extra
        if Key.self != NoKey.self { codingPath.append(key) }
        return codingPath
    }

    /// Runs `body` with the path set to `base` then `key`, and ``current`` at `index`; both are put
    /// back afterwards, even when `body` throws.
    @inline(__always)
    func nested<Result, Key: CodingKey>(
        at index: Int, base: PathBase, key: Key, _ body: (Self) throws -> Result
    ) rethrows -> Result {
        // A container used after its value was done (kept by a type, say) may be deeper than the
        // stack now is: its path is then wrong, but nothing breaks. One used while the stack is
        // deeper (a super encoder's, whose path is all in `extra`) sets the deeper keys aside.
        let depth = min(Int(base.depth), path.count)
        var setAside: ArraySlice<any CodingKey> = []
        if path.count != depth {
            setAside = path[depth...]
            path.removeSubrange(depth...)
        }
        if !base.extra.isEmpty { path += base.extra }
        if Key.self != NoKey.self { path.append(key) }
        let outer = current
        current = index
        defer {
            current = outer
            while path.count > depth { path.removeLast() }
            if !setAside.isEmpty { path += setAside }
        }
        return try body(self)
    }
}

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

    /// How many keys the path has: the nesting level of its container.
    var level: UInt32 { depth &+ UInt32(truncatingIfNeeded: extra.count) }

    /// This path followed by `key` (unless it is a ``NoKey``), for a container nested under it.
    func appending<Key: CodingKey>(_ key: Key) -> PathBase {
        Key.self == NoKey.self ? self : PathBase(depth: Int(depth), extra: extra + [key])
    }
}
