extension DecodingState: Decoder {
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { decoderUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(at: current, base: PathBase(depth: path.count), keyedBy: Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(at: current, base: PathBase(depth: path.count))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(state: self, index: current, base: PathBase(depth: path.count))
    }

    /// A keyed container over the object at `index`, whose path is `base`.
    func keyedContainer<Key: CodingKey>(at index: Int, base: PathBase, keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let token = tokens[index]
        guard token.kind == .object else {
            if token.kind == .null {
                throw DecodingError.valueNotFound(
                    KeyedDecodingContainer<Key>.self,
                    .init(
                        codingPath: codingPath(base, appending: NoKey()),
                        debugDescription:
                            "Cannot get keyed decoding container -- found null value instead, at \(location(of: offset(of: token)))."))
            }
            throw decodingError(mismatch([String: Any].self, token), base: base, key: NoKey())
        }
        let customKeys = keyMode == .custom ? memberKeys(of: index, base: base) : nil
        return KeyedDecodingContainer(KeyedContainer(state: self, object: index, base: base, customKeys: customKeys))
    }

    /// An unkeyed container over the array at `index`, whose path is `base`.
    func unkeyedContainer(at index: Int, base: PathBase) throws -> any UnkeyedDecodingContainer {
        let token = tokens[index]
        guard token.kind == .array else {
            if token.kind == .null {
                throw DecodingError.valueNotFound(
                    (any UnkeyedDecodingContainer).self,
                    .init(
                        codingPath: codingPath(base, appending: NoKey()),
                        debugDescription:
                            "Cannot get unkeyed decoding container -- found null value instead, at \(location(of: offset(of: token)))."))
            }
            throw decodingError(mismatch([Any].self, token), base: base, key: NoKey())
        }
        return UnkeyedContainer(state: self, array: index, base: base)
    }
}

/// The decoder `superDecoder()` returns: the value it stands for and its path are its own, the
/// document and strategies the call's.
final class SuperDecoder: Decoder {
    private let state: DecodingState
    private let index: Int
    private let base: PathBase

    init(state: DecodingState, index: Int, base: PathBase) {
        self.state = state
        self.index = index
        self.base = base
    }

    var codingPath: [any CodingKey] { state.codingPath(base, appending: NoKey()) }
    var userInfo: [CodingUserInfoKey: Any] { state.decoderUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try state.keyedContainer(at: index, base: base, keyedBy: Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try state.unkeyedContainer(at: index, base: base)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(state: state, index: index, base: base)
    }
}
