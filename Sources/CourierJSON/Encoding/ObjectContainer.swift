/// The members of one JSON object, added by coding key.
struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncodingState
    /// The object's node.
    let object: Int
    let base: PathBase

    var codingPath: [any CodingKey] { state.codingPath(base, appending: NoKey()) }

    mutating func encodeNil(forKey key: Key) throws { state.setNull(at: member(key)) }

    mutating func encode(_ value: Bool, forKey key: Key) throws { state.setBool(value, at: member(key)) }
    mutating func encode(_ value: String, forKey key: Key) throws { state.setString(value, at: member(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { state.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { state.setInteger(value, at: member(key)) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        // Checked before the member is added, so that a failure leaves no key, as in Foundation.
        try state.requireRepresentable(value, base: base, key: key)
        state.setFloat(value, at: member(key))
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try state.requireRepresentable(value, base: base, key: key)
        state.setFloat(value, at: member(key))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try state.encodeMember(of: object, key: key, base: base) { try state.encodeValue(value, at: $0, base: base, key: key) }
    }

    /// A new, empty member under `key`.
    @inline(__always)
    private func member(_ key: Key) -> Int {
        state.addMember(to: object, key: key, base: base)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        let member = state.nestedContainer(.object, in: object, key: key, base: base)
        return KeyedEncodingContainer(ObjectContainer<NestedKey>(state: state, object: member, base: base.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ArrayContainer(state: state, array: state.nestedContainer(.array, in: object, key: key, base: base), base: base.appending(key))
    }

    /// An encoder for the member "super" (converted by the key strategy, as in Foundation).
    mutating func superEncoder() -> any Encoder {
        superEncoder(StringKey.super)
    }

    /// An encoder for the member under `key`.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key)
    }

    private func superEncoder<SuperKey: CodingKey>(_ key: SuperKey) -> any Encoder {
        let member = state.addMember(to: object, key: key, base: base)
        return SuperEncoder(state: state, node: member, codingPath: state.codingPath(base, appending: key))
    }
}
