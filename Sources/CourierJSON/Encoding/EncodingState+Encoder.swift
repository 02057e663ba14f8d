extension EncodingState: Encoder {
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { encoderUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let base = PathBase(depth: path.count)
        return KeyedEncodingContainer(ObjectContainer<Key>(state: self, object: openObject(at: current, base: base), base: base))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let base = PathBase(depth: path.count)
        return ArrayContainer(state: self, array: openArray(at: current, base: base), base: base)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueContainer(state: self, node: current, base: PathBase(depth: path.count))
    }
}

/// The encoder `superEncoder()` returns: bound to one node and one path, since it may be used
/// after the container that made it has moved on. Its path is all in its containers' ``PathBase``
/// `extra`, so it is right whatever the stack holds when it is used.
final class SuperEncoder: Encoder {
    let state: EncodingState
    let node: Int
    let codingPath: [any CodingKey]

    init(state: EncodingState, node: Int, codingPath: [any CodingKey]) {
        self.state = state
        self.node = node
        self.codingPath = codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { state.encoderUserInfo }

    private var base: PathBase { PathBase(depth: 0, extra: codingPath) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ObjectContainer<Key>(state: state, object: state.openObject(at: node, base: base), base: base))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ArrayContainer(state: state, array: state.openArray(at: node, base: base), base: base)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueContainer(state: state, node: node, base: base)
    }
}
