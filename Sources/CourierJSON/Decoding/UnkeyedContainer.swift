/// The elements of one JSON array, read in order from the tape.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let state: DecodingState
    let base: PathBase
    /// The array's tape index.
    private let array: Int
    /// The tape index of the next element.
    private var element: Int
    private(set) var currentIndex = 0

    init(state: DecodingState, array: Int, base: PathBase) {
        self.state = state
        self.base = base
        self.array = array
        element = array + 1
    }

    var codingPath: [any CodingKey] { state.codingPath(base, appending: NoKey()) }
    var count: Int? { Int(state.tokens[array].count) }
    var isAtEnd: Bool { currentIndex >= Int(state.tokens[array].count) }

    /// Reads the next element with `body` and moves past it only if that succeeds.
    @inline(__always)
    private mutating func next<Value>(_ type: Value.Type, _ body: (_ index: Int, _ key: IndexKey) throws -> Value) throws -> Value {
        try requireElement(Value.self)
        let value = try body(element, IndexKey(currentIndex))
        advance()
        return value
    }

    private func requireElement(_ type: Any.Type) throws {
        guard isAtEnd else { return }
        throw DecodingError.valueNotFound(
            type,
            .init(
                codingPath: state.codingPath(base, appending: IndexKey(currentIndex)), debugDescription: "Unkeyed container is at end."))
    }

    private mutating func advance() {
        element = state.next(after: element)
        currentIndex += 1
    }

    @inline(__always)
    private mutating func read<Value: JSONScalar>() throws -> Value {
        try next(Value.self) { [state, base] index, key in try state.scalar(Value.self, at: index, base: base, key: key) }
    }

    /// Whether the next element is null; it is consumed only if it is.
    mutating func decodeNil() throws -> Bool {
        try requireElement(Any?.self)
        guard state.tokens[element].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read() }
    mutating func decode(_ type: String.Type) throws -> String { try read() }
    mutating func decode(_ type: Double.Type) throws -> Double { try read() }
    mutating func decode(_ type: Float.Type) throws -> Float { try read() }
    mutating func decode(_ type: Int.Type) throws -> Int { try read() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read() }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try read() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read() }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try read() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(T.self) { [state, base] index, key in try state.decode(T.self, at: index, base: base, key: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { [state, base] index, key in
            try state.keyedContainer(at: index, base: base.appending(key), keyedBy: NestedKey.self)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { [state, base] index, key in
            try state.unkeyedContainer(at: index, base: base.appending(key))
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { [state, base] index, key in SuperDecoder(state: state, index: index, base: base.appending(key)) }
    }
}
