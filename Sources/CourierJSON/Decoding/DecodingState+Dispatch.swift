import Foundation

extension DecodingState {
    /// Decodes the value at `index` as `T`; `key` is its key under `base`.
    ///
    /// Scalars are read straight from the tape, `Date`, `Data`, `URL` and `Decimal` as Foundation's
    /// decoder reads them, arrays and `[String: T]` by walking the tape; anything else goes through
    /// `T.init(from:)` with the key pushed on the path. Metatype comparisons, not casts, pick the
    /// path, so the common cases cost a few pointer comparisons.
    func decode<T: Decodable, Key: CodingKey>(_ type: T.Type, at index: Int, base: PathBase, key: Key) throws -> T {
        if T.self == String.self { return unsafeBitCast(try scalar(String.self, at: index, base: base, key: key), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try scalar(Int.self, at: index, base: base, key: key), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try scalar(Double.self, at: index, base: base, key: key), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try scalar(Bool.self, at: index, base: base, key: key), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try scalar(Int64.self, at: index, base: base, key: key), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try scalar(UInt64.self, at: index, base: base, key: key), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try scalar(Int32.self, at: index, base: base, key: key), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(try scalar(Float.self, at: index, base: base, key: key), to: T.self) }
        return try decodeComposite(T.self, at: index, base: base, key: key)
    }

    private func decodeComposite<T: Decodable, Key: CodingKey>(_ type: T.Type, at index: Int, base: PathBase, key: Key) throws -> T {
        if T.self == Date.self { return unsafeBitCast(try date(at: index, base: base, key: key), to: T.self) }
        if T.self == Data.self { return unsafeBitCast(try data(at: index, base: base, key: key), to: T.self) }
        if T.self == URL.self { return unsafeBitCast(try url(at: index, base: base, key: key), to: T.self) }
        if T.self == Decimal.self { return unsafeBitCast(try decimal(at: index, base: base, key: key), to: T.self) }
        if T.self == [String].self { return unsafeBitCast(try scalarArray(String.self, at: index, base: base, key: key), to: T.self) }
        if T.self == [Int].self { return unsafeBitCast(try scalarArray(Int.self, at: index, base: base, key: key), to: T.self) }
        if T.self == [Double].self { return unsafeBitCast(try scalarArray(Double.self, at: index, base: base, key: key), to: T.self) }
        // Arrays and dictionaries are one reference wide: a cheap test that spares most structs the
        // conformance lookups below, which cost as much as decoding a small field. A class decoded
        // over and over (the nodes of a tree) is remembered as not being a collection.
        if MemoryLayout<T>.size == MemoryLayout<[Int]>.size, ObjectIdentifier(T.self) != lastPlainType {
            if let arrayType = T.self as? any DecodableArray.Type {
                return try decodeArray(arrayType, as: T.self, at: index, base: base, key: key)
            }
            if let dictionaryType = T.self as? any DecodableStringDictionary.Type {
                return try decodeDictionary(dictionaryType, as: T.self, at: index, base: base, key: key)
            }
            lastPlainType = ObjectIdentifier(T.self)
        }
        return try nested(at: index, base: base, key: key) { try T(from: $0) }
    }

    /// An array of scalars, built in place: no `Decoder`, no container, one allocation.
    private func scalarArray<Value: JSONScalar, Key: CodingKey>(_ type: Value.Type, at index: Int, base: PathBase, key: Key) throws
        -> [Value]
    {
        let token = tokens[index]
        guard token.kind == .array else { throw decodingError(mismatch([Any].self, token), base: base, key: key) }
        let count = Int(token.count)
        var element = index + 1
        return try [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            for position in 0..<count {
                do throws(ValueFailure) {
                    buffer.initializeElement(at: position, to: try Value.read(from: self, at: element))
                } catch {
                    throw decodingError(error, base: base.appending(key), key: IndexKey(position))
                }
                initialized += 1
                element = next(after: element)
            }
        }
    }

    private func decodeArray<Shortcut: DecodableArray, T, Key: CodingKey>(
        _ shortcut: Shortcut.Type, as type: T.Type, at index: Int, base: PathBase, key: Key
    ) throws -> T {
        let token = tokens[index]
        guard token.kind == .array else { throw decodingError(mismatch([Any].self, token), base: base, key: key) }
        return try nested(at: index, base: base, key: key) { state in
            unsafeBitCast(try Shortcut.decodeElements(from: state, array: index), to: T.self)
        }
    }

    private func decodeDictionary<Shortcut: DecodableStringDictionary, T, Key: CodingKey>(
        _ shortcut: Shortcut.Type, as type: T.Type, at index: Int, base: PathBase, key: Key
    ) throws -> T {
        let token = tokens[index]
        guard token.kind == .object else { throw decodingError(mismatch([String: Any].self, token), base: base, key: key) }
        return try nested(at: index, base: base, key: key) { state in
            unsafeBitCast(try Shortcut.decodeMembers(from: state, object: index), to: T.self)
        }
    }
}

/// Arrays decoded by walking the tape: no unkeyed container, and storage reserved once.
protocol DecodableArray {
    /// The elements of the array at `index`, with the path already at the array.
    static func decodeElements(from state: DecodingState, array index: Int) throws -> Self
}

extension Array: DecodableArray where Element: Decodable {
    static func decodeElements(from state: DecodingState, array index: Int) throws -> [Element] {
        let count = Int(state.tokens[index].count)
        let base = PathBase(depth: state.path.count)
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var element = index + 1
        for position in 0..<count {
            elements.append(try state.decode(Element.self, at: element, base: base, key: IndexKey(position)))
            element = state.next(after: element)
        }
        return elements
    }
}

/// `[String: T]` decoded by walking the tape. Its keys are never converted by the key strategy,
/// and when a key repeats the first member wins, both as in Foundation.
protocol DecodableStringDictionary {
    /// The members of the object at `index`, with the path already at the object.
    static func decodeMembers(from state: DecodingState, object index: Int) throws -> Self
}

extension Dictionary: DecodableStringDictionary where Key == String, Value: Decodable {
    static func decodeMembers(from state: DecodingState, object index: Int) throws -> [String: Value] {
        let count = Int(state.tokens[index].count)
        let base = PathBase(depth: state.path.count)
        var members: [String: Value] = .init(minimumCapacity: count)
        var key = index + 1
        for _ in 0..<count {
            let name = state.string(state.tokens[key])
            if members[name] == nil {
                members[name] = try state.decode(Value.self, at: key + 1, base: base, key: StringKey(name))
            }
            key = state.next(after: key + 1)
        }
        return members
    }
}
