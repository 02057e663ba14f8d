extension DecodingState {
    /// The index of the value of the first member of the object `keyed` reads whose key matches
    /// `name`, or `nil`.
    ///
    /// Keys are compared as UTF-8 bytes against the tape, length first: no dictionary of the
    /// object's keys is built. A kept container first asks its ``MemberOrder``, which knows where
    /// the same call found its member in the objects before; otherwise, where the scan starts comes
    /// from the container's ``MemberRecord``. Both keep the rule that the first of two equal keys
    /// wins. With a `.custom` strategy, the keys it made are compared as strings.
    @inline(__always)
    func member(named name: String, in keyed: KeyedObject) -> Int? {
        guard let order = keyed.order else { return scan(for: name, in: keyed) }
        if let value = order.pointee.follow(name, in: self) { return value }
        return scanNoting(name, in: keyed, order: order)
    }

    /// The lookup by scanning, for a container whose order did not tell; what it finds is noted
    /// in the order.
    @inline(never)
    private func scanNoting(_ name: String, in keyed: KeyedObject, order: UnsafeMutablePointer<MemberOrder>) -> Int? {
        let object = keyed.index
        let count = Int(tokens[object].count)
        let found = count > 0 ? scan(for: name, in: object, count: count, keyed: keyed) : nil
        order.pointee.note(name, foundAt: found?.position)
        return found?.value
    }

    /// The lookup by scanning, for a container without an order.
    @inline(never)
    private func scan(for name: String, in keyed: KeyedObject) -> Int? {
        let object = keyed.index
        let count = Int(tokens[object].count)
        guard count > 0 else { return nil }
        if let customKeys = keyed.customKeys {
            var key = object + 1
            for position in 0..<count {
                if customKeys[position] == name { return key + 1 }
                key = next(after: key + 1)
            }
            return nil
        }
        return scan(for: name, in: object, count: count, keyed: keyed)?.value
    }

    /// The first member whose key matches `name`: its value's tape index and its position.
    @inline(__always)
    private func scan(for name: String, in object: Int, count: Int, keyed: KeyedObject) -> (value: Int, position: Int)? {
        // Borrowed where the string is contiguous, as native ones are: no copy, no retain.
        let found = name.utf8.withContiguousStorageIfAvailable { wanted in
            member(named: wanted, in: object, count: count, keyed: keyed)
        }
        if let found { return found }
        let copy = Array(name.utf8)
        return copy.withUnsafeBufferPointer { member(named: $0, in: object, count: count, keyed: keyed) }
    }

    /// The lookup of the UTF-8 `wanted`, by the key strategy's comparison.
    @inline(__always)
    private func member(named wanted: UnsafeBufferPointer<UInt8>, in object: Int, count: Int, keyed: KeyedObject)
        -> (value: Int, position: Int)?
    {
        guard keyMode == .asWritten else { return member(SnakeCaseKey(wanted), in: object, count: count, keyed: keyed) }
        return member(KeyAsWritten(wanted), in: object, count: count, keyed: keyed)
    }

    /// The lookup itself, for one way of comparing keys.
    ///
    /// The members the record's prefix covers were each the first match of an earlier lookup, so
    /// a name no earlier lookup asked for (its fingerprint is not in the record) is not among
    /// their keys, and the scan starts after them. When a model reads its keys in the document's
    /// order, the first member after the prefix is the one, and a lookup is one comparison. A name
    /// that may have been asked for before is looked for from the first member.
    @inline(__always)
    private func member<Comparison: KeyComparison>(
        _ comparison: Comparison, in object: Int, count: Int, keyed: KeyedObject
    ) -> (value: Int, position: Int)? {
        let fingerprint = MemberRecord.fingerprint(of: comparison.wanted)
        var key = object + 1
        var position = 0
        if keyed.record.names & fingerprint == 0 {
            key = Int(keyed.record.prefixEnd)
            position = Int(keyed.record.prefixCount)
        }
        while position < count {
            if comparison.matches(tokens[key], in: self) {
                if position == Int(keyed.record.prefixCount) {
                    keyed.record.extend(past: next(after: key + 1), fingerprint: fingerprint)
                }
                return (key + 1, position)
            }
            key = next(after: key + 1)
            position += 1
        }
        return nil
    }

    /// The key of a member as the strategy matches it: escapes resolved, converted from snake case.
    func matchedKey(_ token: Token) -> String {
        let key = string(token)
        guard keyMode == .fromSnakeCase, key.utf8.contains(UInt8(ascii: "_")) else { return key }
        if let converted = camelCaseKeys[key] { return converted }
        let converted = SnakeCase.camelCase(key)
        camelCaseKeys[key] = converted
        return converted
    }

    /// The keys of the object at `object`, in document order, as the strategy matches them; for
    /// `.custom`, given to the strategy's closure with the path at `base`.
    func memberKeys(of object: Int, base: PathBase) -> [String] {
        let count = Int(tokens[object].count)
        var keys: [String] = []
        keys.reserveCapacity(count)
        let containerPath = keyMode == .custom ? codingPath(base, appending: NoKey()) : []
        var key = object + 1
        for _ in 0..<count {
            if case .custom(let convert) = options.keyDecodingStrategy {
                keys.append(convert(containerPath + [StringKey(string(tokens[key]))]).stringValue)
            } else {
                keys.append(matchedKey(tokens[key]))
            }
            key = next(after: key + 1)
        }
        return keys
    }
}
