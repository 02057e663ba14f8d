/// The one value of a node, written once.
///
/// Three words (`state`, `base`, the node), so the `any SingleValueEncodingContainer` the standard
/// library's `encode(to:)` implementations ask for is stored inline, without an allocation.
struct ValueContainer: SingleValueEncodingContainer {
    let state: EncodingState
    let base: PathBase
    private let node: UInt32

    init(state: EncodingState, node: Int, base: PathBase) {
        self.state = state
        self.base = base
        self.node = UInt32(truncatingIfNeeded: node)
    }

    var codingPath: [any CodingKey] { state.codingPath(base, appending: NoKey()) }

    mutating func encodeNil() throws {
        try claim(Optional<Any>.none as Any)
        state.setNull(at: Int(node))
    }

    mutating func encode(_ value: Bool) throws {
        try claim(value)
        state.setBool(value, at: Int(node))
    }

    mutating func encode(_ value: String) throws {
        try claim(value)
        state.setString(value, at: Int(node))
    }

    mutating func encode(_ value: Double) throws { try writeFloat(value) }
    mutating func encode(_ value: Float) throws { try writeFloat(value) }
    mutating func encode(_ value: Int) throws { try writeInteger(value) }
    mutating func encode(_ value: Int8) throws { try writeInteger(value) }
    mutating func encode(_ value: Int16) throws { try writeInteger(value) }
    mutating func encode(_ value: Int32) throws { try writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try writeInteger(value) }
    mutating func encode(_ value: Int128) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt128) throws { try writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try claim(value)
        try state.encodeValue(value, at: Int(node), base: base, key: NoKey())
        state.closeIfEmpty(Int(node))
    }

    @inline(__always)
    private func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) throws {
        try claim(value)
        state.setInteger(value, at: Int(node))
    }

    @inline(__always)
    private func writeFloat<Value: BinaryFloatingPoint & TextOutputStreamable & Sendable>(_ value: Value) throws {
        try claim(value)
        try state.requireRepresentable(value, base: base, key: NoKey())
        state.setFloat(value, at: Int(node))
    }

    /// Throws unless the node is still empty: a single-value container holds one value, and
    /// Foundation stops the program on a second.
    private func claim(_ value: Any) throws {
        guard state.nodes.base[Int(node)].kind == .pending else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: codingPath,
                    debugDescription: "Attempt to encode value through single value container when previously value already encoded."))
        }
    }
}
