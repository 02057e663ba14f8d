extension DecodingState: Decoder {
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { decoderUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(at: current, base: PathBase(depth: path.count), keyedBy: Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(at: current, base: PathBase(depth: path.count))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(state: self, index: current, base: PathBase(depth: path.count))
    }

    /// A keyed container over the object at `index`, whose path is `base`.
    func keyedContainer<Key: CodingKey>(at index: Int, base: PathBase, keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let token = tokens[index]
        guard token.kind == .object else {
            if token.kind == .null {
                throw DecodingError.valueNotFound(
                    KeyedDecodingContainer<Key>.self,
                    .init(
                        codingPath: codingPath(base, appending: NoKey()),
                        debugDescription:
                            "Cannot get keyed decoding container -- found null value instead, at \(location(of: offset(of: token)))."))
            }
            throw decodingError(mismatch([String: Any].self, token), base: base, key: NoKey())
        }
        let customKeys = keyMode == .custom ? memberKeys(of: index, base: base) : nil
        // A container of this key type made for an object before, at this level, that nobody holds
        // any more (a type keeping it, or a second container of one object, holds it): the
        // allocation of the standard library's box and the runtime's lookups of the generic
        // types, more than a thousand instructions an object, are spared.
        let slot = keepsContainers ? containerSlot(for: ObjectIdentifier(Key.self), level: base.level) : nil
        if let slot, isKnownUniquelyReferenced(&slot.pointee.box), let object = slot.pointee.object, let box = slot.pointee.box {
            object.rebind(to: index, base: base, customKeys: customKeys)
            return unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
        }
        let object = KeyedObject(state: self, index: index, base: base, customKeys: customKeys)
        let container = KeyedDecodingContainer(KeyedContainer<Key>(object: object))
        slot?.pointee.offer(unsafeBitCast(container, to: AnyObject.self), reading: object)
        return container
    }

    /// The slot of containers of `keyType` at `level`, taken if none is yet: the first of a few
    /// slots from where a hash of both points that holds them or is free; `nil` if all hold others.
    @inline(__always)
    private func containerSlot(for keyType: ObjectIdentifier, level: UInt32) -> UnsafeMutablePointer<ContainerSlot>? {
        let home = ContainerSlot.index(of: keyType, level: level)
        for probe in 0..<ContainerSlot.probes {
            let index = (home &+ probe) & (containerSlotCount - 1)
            let slot = containerSlots + index
            guard usedSlots & (1 &<< UInt64(truncatingIfNeeded: index)) != 0 else {
                slot.initialize(to: ContainerSlot(keyType: keyType, level: level))
                usedSlots |= 1 &<< UInt64(truncatingIfNeeded: index)
                return slot
            }
            if slot.pointee.keyType == keyType, slot.pointee.level == level { return slot }
        }
        return nil
    }

    /// An unkeyed container over the array at `index`, whose path is `base`.
    func unkeyedContainer(at index: Int, base: PathBase) throws -> any UnkeyedDecodingContainer {
        let token = tokens[index]
        guard token.kind == .array else {
            if token.kind == .null {
                throw DecodingError.valueNotFound(
                    (any UnkeyedDecodingContainer).self,
                    .init(
                        codingPath: codingPath(base, appending: NoKey()),
                        debugDescription:
                            "Cannot get unkeyed decoding container -- found null value instead, at \(location(of: offset(of: token)))."))
            }
            throw decodingError(mismatch([Any].self, token), base: base, key: NoKey())
        }
        return UnkeyedContainer(state: self, array: index, base: base)
    }
}

/// The decoder `superDecoder()` returns: the value it stands for and its path are its own, the
/// document and strategies the call's.
final class SuperDecoder: Decoder {
    private let state: DecodingState
    private let index: Int
    private let base: PathBase

    init(state: DecodingState, index: Int, base: PathBase) {
        self.state = state
        self.index = index
        self.base = base
    }

    var codingPath: [any CodingKey] { state.codingPath(base, appending: NoKey()) }
    var userInfo: [CodingUserInfoKey: Any] { state.decoderUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try state.keyedContainer(at: index, base: base, keyedBy: Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try state.unkeyedContainer(at: index, base: base)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(state: state, index: index, base: base)
    }
}
