extension DecodingState {
    /// The index of the value of the first member of the object at `object` whose key matches
    /// `name`, or `nil`.
    ///
    /// Keys are compared as UTF-8 bytes against the tape, length first, from the object's first
    /// member: no dictionary of the object's keys is built. Scanning from the start, rather than
    /// from the last match, keeps Foundation's rule that the first of two equal keys wins.
    /// `customKeys` are the members' keys as a custom strategy made them.
    func member(named name: String, in object: Int, customKeys: [String]?) -> Int? {
        let count = Int(tokens[object].count)
        guard count > 0 else { return nil }
        if let customKeys {
            var key = object + 1
            for position in 0..<count {
                if customKeys[position] == name { return key + 1 }
                key = next(after: key + 1)
            }
            return nil
        }
        var name = name
        return name.withUTF8 { wanted in
            guard keyMode == .asWritten else { return member(named: wanted, in: object, count: count) }
            let wantedLength = UInt32(truncatingIfNeeded: wanted.count)
            var key = object + 1
            for _ in 0..<count {
                let token = tokens[key]
                if !token.hasEscapes {
                    // Plain bytes on both sides: length, then the first byte, then the rest.
                    if token.end &- token.start == wantedLength {
                        guard wantedLength > 0, let wantedStart = wanted.baseAddress else { return key + 1 }
                        let start = bytes + Int(token.start)
                        if start.pointee == wantedStart.pointee, Self.bytesEqual(start, wantedStart, count: Int(wantedLength)) {
                            return key + 1
                        }
                    }
                } else if matchedKey(token).utf8.elementsEqual(wanted) {
                    return key + 1
                }
                key = next(after: key + 1)
            }
            return nil
        }
    }

    /// ``member(named:in:customKeys:)`` for keys converted from snake case, apart so that the
    /// lookup of keys as written stays small enough to be inlined.
    private func member(named wanted: UnsafeBufferPointer<UInt8>, in object: Int, count: Int) -> Int? {
        let probe = SnakeCaseProbe(wanted)
        var key = object + 1
        for _ in 0..<count {
            let token = tokens[key]
            if !token.hasEscapes, token.isASCII, !probe.mayMatch(text(of: token)) {
                // Ruled out by its ends and length, as nearly every key a lookup passes over is.
            } else if !token.hasEscapes, let matches = SnakeCase.matches(text(of: token), camelCase: wanted) {
                // Compared in place: no string built, none hashed.
                if matches { return key + 1 }
            } else if matchedKey(token).utf8.elementsEqual(wanted) {
                return key + 1
            }
            key = next(after: key + 1)
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

    @inline(__always)
    private static func bytesEqual(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            let leftWord = UnsafeRawPointer(left + offset).loadUnaligned(as: UInt64.self)
            let rightWord = UnsafeRawPointer(right + offset).loadUnaligned(as: UInt64.self)
            if leftWord != rightWord { return false }
            offset += 8
        }
        while offset < count {
            if left[offset] != right[offset] { return false }
            offset += 1
        }
        return true
    }
}
