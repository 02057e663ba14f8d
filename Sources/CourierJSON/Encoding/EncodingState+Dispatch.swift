import Foundation

extension EncodingState {
    /// Encodes `value` into the empty `node`; `key` is its key under `base`.
    ///
    /// Scalars are written straight into the text, `Date`, `Data`, `URL` and `Decimal` as
    /// Foundation's encoder writes them, arrays of scalars as one piece of text, other arrays and
    /// `[String: T]` by walking them; anything else goes through `encode(to:)` with the key pushed
    /// on the path. Metatype comparisons, not casts, pick the path, so the common cases cost a few
    /// pointer comparisons.
    func encodeValue<T: Encodable, Key: CodingKey>(_ value: T, at node: Int, base: PathBase, key: Key) throws {
        if T.self == String.self { return setString(unsafeBitCast(value, to: String.self), at: node) }
        if T.self == Int.self { return setInteger(unsafeBitCast(value, to: Int.self), at: node) }
        if T.self == Double.self { return try setFloat(unsafeBitCast(value, to: Double.self), at: node, base: base, key: key) }
        if T.self == Bool.self { return setBool(unsafeBitCast(value, to: Bool.self), at: node) }
        if T.self == Int64.self { return setInteger(unsafeBitCast(value, to: Int64.self), at: node) }
        if T.self == UInt64.self { return setInteger(unsafeBitCast(value, to: UInt64.self), at: node) }
        if T.self == Int32.self { return setInteger(unsafeBitCast(value, to: Int32.self), at: node) }
        if T.self == Float.self { return try setFloat(unsafeBitCast(value, to: Float.self), at: node, base: base, key: key) }
        try encodeComposite(value, at: node, base: base, key: key)
    }

    /// `value` into `node`, unless JSON cannot hold it; `key` under `base` is where it is.
    @inline(__always)
    private func setFloat<Value: BinaryFloatingPoint & TextOutputStreamable & Sendable, Key: CodingKey>(
        _ value: Value, at node: Int, base: PathBase, key: Key
    ) throws {
        try requireRepresentable(value, base: base, key: key)
        setFloat(value, at: node)
    }

    /// The array `values` into `node`; `key` under `base` is where it is, for the error.
    @inline(__always)
    private func setScalarArray<Value: EncodableScalar, Key: CodingKey>(_ values: [Value], at node: Int, base: PathBase, key: Key) throws {
        do {
            try setScalarArray(values, at: node)
        } catch {
            throw error.encodingError(at: codingPath(base, appending: key))
        }
    }

    private func encodeComposite<T: Encodable, Key: CodingKey>(_ value: T, at node: Int, base: PathBase, key: Key) throws {
        if T.self == Date.self { return try setDate(unsafeBitCast(value, to: Date.self), at: node, base: base, key: key) }
        if T.self == Data.self { return try setData(unsafeBitCast(value, to: Data.self), at: node, base: base, key: key) }
        if T.self == URL.self { return setString(unsafeBitCast(value, to: URL.self).absoluteString, at: node) }
        if T.self == Decimal.self { return try setDecimal(unsafeBitCast(value, to: Decimal.self), at: node, base: base, key: key) }
        if T.self == [String].self { return try setScalarArray(unsafeBitCast(value, to: [String].self), at: node, base: base, key: key) }
        if T.self == [Int].self { return try setScalarArray(unsafeBitCast(value, to: [Int].self), at: node, base: base, key: key) }
        if T.self == [Double].self { return try setScalarArray(unsafeBitCast(value, to: [Double].self), at: node, base: base, key: key) }
        // Arrays and dictionaries are one reference wide: a cheap test that spares most structs the
        // conformance lookups below, which cost as much as encoding a small field. A class encoded
        // over and over (the nodes of a tree) is remembered as not being a collection.
        if MemoryLayout<T>.size == MemoryLayout<[Int]>.size, ObjectIdentifier(T.self) != lastPlainType {
            if let arrayType = T.self as? any EncodableArray.Type {
                return try encodeArray(arrayType, value, at: node, base: base, key: key)
            }
            if let dictionaryType = T.self as? any EncodableStringDictionary.Type {
                return try encodeDictionary(dictionaryType, value, at: node, base: base, key: key)
            }
            lastPlainType = ObjectIdentifier(T.self)
        }
        if try encodeLessCommonInteger(value, at: node, base: base, key: key) { return }
        try nested(at: node, base: base, key: key) { try value.encode(to: $0) }
    }

    /// Writes `value` if it is one of the integer types the common cases leave out.
    private func encodeLessCommonInteger<T: Encodable, Key: CodingKey>(_ value: T, at node: Int, base: PathBase, key: Key) throws -> Bool {
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(UInt.self): setInteger(unsafeBitCast(value, to: UInt.self), at: node)
        case ObjectIdentifier(UInt32.self): setInteger(unsafeBitCast(value, to: UInt32.self), at: node)
        case ObjectIdentifier(Int16.self): setInteger(unsafeBitCast(value, to: Int16.self), at: node)
        case ObjectIdentifier(UInt16.self): setInteger(unsafeBitCast(value, to: UInt16.self), at: node)
        case ObjectIdentifier(Int8.self): setInteger(unsafeBitCast(value, to: Int8.self), at: node)
        case ObjectIdentifier(UInt8.self): setInteger(unsafeBitCast(value, to: UInt8.self), at: node)
        case ObjectIdentifier(Int128.self): setInteger(unsafeBitCast(value, to: Int128.self), at: node)
        case ObjectIdentifier(UInt128.self): setInteger(unsafeBitCast(value, to: UInt128.self), at: node)
        default: return false
        }
        return true
    }

    private func encodeArray<Shortcut: EncodableArray, T, Key: CodingKey>(
        _ shortcut: Shortcut.Type, _ value: T, at node: Int, base: PathBase, key: Key
    ) throws {
        nodes.base[node].becomeContainer(.array)
        try nested(at: node, base: base, key: key) { state in
            try unsafeBitCast(value, to: Shortcut.self).encodeElements(to: state, array: node)
        }
    }

    private func encodeDictionary<Shortcut: EncodableStringDictionary, T, Key: CodingKey>(
        _ shortcut: Shortcut.Type, _ value: T, at node: Int, base: PathBase, key: Key
    ) throws {
        nodes.base[node].becomeContainer(.object)
        try nested(at: node, base: base, key: key) { state in
            try unsafeBitCast(value, to: Shortcut.self).encodeMembers(to: state, object: node)
        }
    }
}

/// Arrays encoded by walking them: no unkeyed container.
protocol EncodableArray {
    /// Encodes the elements into the array node `array`, with the path already at the array.
    func encodeElements(to state: EncodingState, array: Int) throws
}

extension Array: EncodableArray where Element: Encodable {
    func encodeElements(to state: EncodingState, array: Int) throws {
        let base = PathBase(depth: state.path.count)
        // Indices, not `enumerated()`: this runs as unspecialized generic code, where each
        // generic wrapper type costs a metadata lookup.
        for index in indices {
            try state.encodeElement(of: array) { try state.encodeValue(self[index], at: $0, base: base, key: IndexKey(index)) }
        }
    }
}

/// `[String: T]` encoded by walking it. Its keys are never converted by the key strategy, as in
/// Foundation, and are written as they are.
protocol EncodableStringDictionary {
    /// Encodes the members into the object node `object`, with the path already at the object.
    func encodeMembers(to state: EncodingState, object: Int) throws
}

extension Dictionary: EncodableStringDictionary where Key == String, Value: Encodable {
    func encodeMembers(to state: EncodingState, object: Int) throws {
        let base = PathBase(depth: state.path.count)
        for (name, value) in self {
            let keyStart = state.text.count
            state.appendUTF8(name)
            let member = state.addMember(to: object, keyFrom: keyStart)
            do {
                try state.encodeValue(value, at: member, base: base, key: StringKey(name))
            } catch {
                state.remove(member, from: object)
                throw error
            }
        }
    }
}
