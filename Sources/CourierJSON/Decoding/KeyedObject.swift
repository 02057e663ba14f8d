/// The object a keyed container reads, and what the container's lookups have found in it.
///
/// A class, so that a container is one reference wide: the standard library's box around a
/// container copies it at every call. The decoder hands a container that nobody holds any more to
/// the next object read with the same key type at the same level, rebinding this to that object
/// (see ``DecodingState/keyedContainer(at:base:keyedBy:)``), so a container is not made per object.
final class KeyedObject {
    let state: DecodingState
    // The properties below change only when the decoder rebinds a container nobody else holds, and
    // one thread runs one decode call: the runtime's exclusivity checks are switched off for them.
    /// The object's tape index.
    @exclusivity(unchecked) private(set) var index: Int
    /// Where the object sits in the coding path.
    @exclusivity(unchecked) private(set) var base: PathBase
    /// The members' keys as a `.custom` key strategy made them; `nil` for the other strategies,
    /// which compare keys on the tape.
    @exclusivity(unchecked) private(set) var customKeys: [String]?
    /// What the lookups have found so far.
    @exclusivity(unchecked) var record: MemberRecord
    /// Where the lookups of the objects read before this one found their members; only a
    /// container the decoder keeps has one (see ``ContainerSlot/offer(_:reading:)``). Behind a
    /// pointer of its own: an object of a kind that comes once carries eight bytes for it, and the
    /// lookups reach it without reference counting.
    @exclusivity(unchecked) private(set) var order: UnsafeMutablePointer<MemberOrder>?

    init(state: DecodingState, index: Int, base: PathBase, customKeys: [String]?) {
        self.state = state
        self.index = index
        self.base = base
        self.customKeys = customKeys
        record = MemberRecord(object: index)
    }

    /// Points this at another object, with nothing found in it yet.
    @inline(__always)
    func rebind(to index: Int, base: PathBase, customKeys: [String]?) {
        order?.pointee.move(to: index, in: state)
        self.index = index
        self.base = base
        self.customKeys = customKeys
        record = MemberRecord(object: index)
    }

    /// Starts learning the order of this kind of object's lookups, from this object on.
    func startLearningOrder() {
        guard order == nil, customKeys == nil else { return }
        let order = UnsafeMutablePointer<MemberOrder>.allocate(capacity: 1)
        order.initialize(to: MemberOrder(object: index))
        self.order = order
    }

    deinit {
        order?.deinitialize(count: 1)
        order?.deallocate()
    }
}

/// The keyed containers of one key type at one level: whether one was made, and the one the
/// decoder keeps to hand out again once nobody holds it.
struct ContainerSlot {
    /// The containers' key type.
    let keyType: ObjectIdentifier
    /// Their nesting level (``PathBase/level``).
    let level: UInt32
    /// Whether a container was made here before.
    var hasBeenSeen = false
    /// The `KeyedDecodingContainer`, as the one reference it is: the standard library's box.
    var box: AnyObject? = nil
    /// The object the container reads.
    var object: KeyedObject? = nil

    /// Keeps `box`, the container just made for `object`, if none is kept and one was made here
    /// before: a kind of object that comes once (a document's root, a deep tree's nodes) would
    /// only pay for keeping its container. A kept container learns its objects' order.
    @inline(__always)
    mutating func offer(_ box: @autoclosure () -> AnyObject, reading object: KeyedObject) {
        guard self.box == nil else { return }
        guard hasBeenSeen else {
            hasBeenSeen = true
            return
        }
        self.box = box()
        self.object = object
        object.startLearningOrder()
    }

    /// Slots a decoder keeps for a document of `length` bytes, a power of two: one per 256 bytes,
    /// at least 4, and at most 64, the bits of `DecodingState.usedSlots`; more than the kinds of
    /// object most documents have.
    static func count(forDocumentOf length: Int) -> Int {
        let wanted = max(4, length >> 8)
        return min(64, 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount))
    }

    /// How many slots from a hash's a lookup tries.
    static let probes = 4

    /// Where a lookup for containers of `keyType` at `level` starts, before it is masked to the
    /// slots there are: the top bits of a multiplicative hash, since metadata addresses share
    /// their low bits.
    @inline(__always)
    static func index(of keyType: ObjectIdentifier, level: UInt32) -> Int {
        let mixed = (UInt(bitPattern: keyType) &+ UInt(level)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> 58)
    }

    /// Whether `KeyedDecodingContainer` is one reference, as the slots keep it; checked once
    /// rather than assumed, since the layout is the standard library's to change.
    static let boxIsTheContainer =
        MemoryLayout<KeyedDecodingContainer<NoKey>>.size == MemoryLayout<AnyObject>.size
        && MemoryLayout<KeyedDecodingContainer<NoKey>>.alignment == MemoryLayout<AnyObject>.alignment
}
