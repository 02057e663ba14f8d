/// One JSON value, read as a whole.
///
/// Three words (`state`, `base`, the index), so the `any SingleValueDecodingContainer` the standard
/// library's `init(from:)` implementations ask for is stored inline, without an allocation.
struct SingleValueContainer: SingleValueDecodingContainer {
    let state: DecodingState
    let base: PathBase
    private let index: UInt32

    init(state: DecodingState, index: Int, base: PathBase) {
        self.state = state
        self.base = base
        self.index = UInt32(truncatingIfNeeded: index)
    }

    var codingPath: [any CodingKey] { state.codingPath(base, appending: NoKey()) }

    func decodeNil() -> Bool { state.tokens[Int(index)].kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try read() }
    func decode(_ type: String.Type) throws -> String { try read() }
    func decode(_ type: Double.Type) throws -> Double { try read() }
    func decode(_ type: Float.Type) throws -> Float { try read() }
    func decode(_ type: Int.Type) throws -> Int { try read() }
    func decode(_ type: Int8.Type) throws -> Int8 { try read() }
    func decode(_ type: Int16.Type) throws -> Int16 { try read() }
    func decode(_ type: Int32.Type) throws -> Int32 { try read() }
    func decode(_ type: Int64.Type) throws -> Int64 { try read() }
    func decode(_ type: Int128.Type) throws -> Int128 { try read() }
    func decode(_ type: UInt.Type) throws -> UInt { try read() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read() }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try read() }

    /// `T` from this same value, with the same coding path (no key is added).
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.decode(T.self, at: Int(index), base: base, key: NoKey())
    }

    @inline(__always)
    private func read<Value: JSONScalar>() throws -> Value {
        try state.scalar(Value.self, at: Int(index), base: base, key: NoKey())
    }
}
