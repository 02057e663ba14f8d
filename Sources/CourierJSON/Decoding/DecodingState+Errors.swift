extension DecodingState {
    /// The coding path of `base`, then `key` unless it is a ``NoKey``.
    func codingPath<Key: CodingKey>(_ base: PathBase, appending key: Key) -> [any CodingKey] {
        var codingPath = Array(path.prefix(Int(base.depth)))
        codingPath += base.extra
        if Key.self != NoKey.self { codingPath.append(key) }
        return codingPath
    }

    /// `failure` as the `DecodingError` Foundation throws, at `base` and `key`.
    func decodingError<Key: CodingKey>(_ failure: ValueFailure, base: PathBase, key: Key) -> DecodingError {
        let codingPath = codingPath(base, appending: key)
        switch failure {
        case .typeMismatch(let type, let kind, let offset):
            return .typeMismatch(type, .init(
                codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(kind.described) instead, at \(location(of: offset))."))
        case .valueNotFound(let type, let offset):
            return .valueNotFound(type, .init(
                codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead, at \(location(of: offset))."))
        case .corrupted(let message, let offset):
            return .dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(message), at \(location(of: offset))."))
        }
    }

    /// The failure for reading `type` from an entry of another kind: null is a missing value.
    func mismatch(_ type: Any.Type, _ token: Token) -> ValueFailure {
        token.kind == .null
            ? .valueNotFound(type, offset: offset(of: token))
            : .typeMismatch(type, found: token.kind, offset: offset(of: token))
    }

    /// Runs `body` with the path set to `base` then `key`, and ``current`` at `index`; both are put
    /// back afterwards, even when `body` throws.
    @inline(__always)
    func nested<Result, Key: CodingKey>(
        at index: Int, base: PathBase, key: Key, _ body: (DecodingState) throws -> Result
    ) rethrows -> Result {
        // A container used after its decode returned (kept by a type, say) may be deeper than the
        // stack now is: its path is then wrong, but nothing breaks.
        let depth = min(Int(base.depth), path.count)
        if path.count != depth { path.removeSubrange(depth...) }
        if !base.extra.isEmpty { path += base.extra }
        if Key.self != NoKey.self { path.append(key) }
        let outer = current
        current = index
        defer {
            current = outer
            while path.count > depth { path.removeLast() }
        }
        return try body(self)
    }
}
