/// The members of one JSON object, looked up by coding key on the tape.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The object, its path and what lookups found in it: the container's only stored property.
    let object: KeyedObject

    // Borrowed from the object, which holds it for as long as the container lives: read through
    // a getter, each call would retain and release it, a tenth of a small value's decode.
    private var state: DecodingState {
        _read { yield object.state }
    }
    private var base: PathBase { object.base }

    var codingPath: [any CodingKey] { state.codingPath(base, appending: NoKey()) }

    /// Every key of the object that `Key` has a case for, in document order, each once.
    var allKeys: [Key] {
        var seen = Set<String>()
        return (object.customKeys ?? state.memberKeys(of: object.index, base: base)).compactMap { name in
            seen.insert(name).inserted ? Key(stringValue: name) : nil
        }
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    @inline(__always)
    private func find(_ key: Key) -> Int? {
        state.member(named: key.stringValue, in: object)
    }

    @inline(__always)
    private func require(_ key: Key) throws -> Int {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    /// The value's index if the key is present and not null.
    @inline(__always)
    private func present(_ key: Key) -> Int? {
        guard let index = find(key), state.tokens[index].kind != .null else { return nil }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { state.tokens[try require(key)].kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try read(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try read(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.decode(T.self, at: require(key), base: base, key: key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try readIfPresent(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try readIfPresent(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try readIfPresent(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try readIfPresent(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try readIfPresent(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try readIfPresent(key) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try readIfPresent(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try readIfPresent(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try readIfPresent(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try readIfPresent(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try readIfPresent(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try readIfPresent(key) }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try readIfPresent(key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = present(key) else { return nil }
        return try state.decode(T.self, at: index, base: base, key: key)
    }

    @inline(__always)
    private func read<Value: JSONScalar>(_ key: Key) throws -> Value {
        try scalar(at: require(key), key: key)
    }

    @inline(__always)
    private func readIfPresent<Value: JSONScalar>(_ key: Key) throws -> Value? {
        guard let index = present(key) else { return nil }
        return try scalar(at: index, key: key)
    }

    /// The scalar at `index`. The path is read only when that fails: read before the call, it
    /// would be copied, and retained, in case the call changed it.
    @inline(__always)
    private func scalar<Value: JSONScalar>(at index: Int, key: Key) throws -> Value {
        do {
            return try Value.read(from: state, at: index)
        } catch {
            throw state.decodingError(error, base: base, key: key)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "Cannot get nested keyed container -- no value found for key \(key) (\"\(key.stringValue)\")."))
        }
        return try state.keyedContainer(at: index, base: base.appending(key), keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "Cannot get nested unkeyed container -- no value found for key \(key) (\"\(key.stringValue)\")."))
        }
        return try state.unkeyedContainer(at: index, base: base.appending(key))
    }

    /// A decoder for the value under the key "super", or for null when there is none.
    func superDecoder() throws -> any Decoder {
        SuperDecoder(
            state: state, index: state.member(named: StringKey.super.stringValue, in: object) ?? state.nullIndex,
            base: base.appending(StringKey.super))
    }

    /// A decoder for the value under `key`, or for null when there is none.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        SuperDecoder(state: state, index: find(key) ?? state.nullIndex, base: base.appending(key))
    }
}
