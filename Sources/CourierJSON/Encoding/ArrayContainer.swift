/// The elements of one JSON array, added in order.
///
/// Three words (`state`, `base`, the node), so the `any UnkeyedEncodingContainer` the standard
/// library's `encode(to:)` implementations ask for is stored inline, without an allocation.
struct ArrayContainer: UnkeyedEncodingContainer {
    let state: EncodingState
    let base: PathBase
    private let array: UInt32

    init(state: EncodingState, array: Int, base: PathBase) {
        self.state = state
        self.base = base
        self.array = UInt32(truncatingIfNeeded: array)
    }

    var codingPath: [any CodingKey] { state.codingPath(base, appending: NoKey()) }

    /// The elements encoded so far.
    var count: Int { Int(state.nodes.base[Int(array)].count) }

    mutating func encodeNil() throws { state.setNull(at: element()) }
    mutating func encode(_ value: Bool) throws { state.setBool(value, at: element()) }
    mutating func encode(_ value: String) throws { state.setString(value, at: element()) }
    mutating func encode(_ value: Int) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: Int8) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: Int16) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: Int32) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: Int64) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: Int128) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: UInt) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: UInt8) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: UInt16) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: UInt32) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: UInt64) throws { state.setInteger(value, at: element()) }
    mutating func encode(_ value: UInt128) throws { state.setInteger(value, at: element()) }

    mutating func encode(_ value: Double) throws {
        // Checked before the element is added, so that a failure leaves no element, as in Foundation.
        try state.requireRepresentable(value, base: base, key: IndexKey(count))
        state.setFloat(value, at: element())
    }

    mutating func encode(_ value: Float) throws {
        try state.requireRepresentable(value, base: base, key: IndexKey(count))
        state.setFloat(value, at: element())
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = IndexKey(count)
        try state.encodeElement(of: Int(array)) { [base] in try state.encodeValue(value, at: $0, base: base, key: index) }
    }

    /// A new, empty element at the end.
    @inline(__always)
    private func element() -> Int {
        state.addElement(to: Int(array))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let index = IndexKey(count)
        let nested = element()
        state.nodes.base[nested].becomeContainer(.object)
        return KeyedEncodingContainer(ObjectContainer<NestedKey>(state: state, object: nested, base: base.appending(index)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let index = IndexKey(count)
        let nested = element()
        state.nodes.base[nested].becomeContainer(.array)
        return ArrayContainer(state: state, array: nested, base: base.appending(index))
    }

    /// An encoder for the next element.
    mutating func superEncoder() -> any Encoder {
        let index = IndexKey(count)
        return SuperEncoder(state: state, node: element(), codingPath: state.codingPath(base, appending: index))
    }
}
