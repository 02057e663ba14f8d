/// What the lookups in one object have found so far: how many of its first members they matched,
/// in order, and a fingerprint of every name that matched one.
///
/// Each container keeps its own, in its ``KeyedObject``, started afresh for each object it reads.
struct MemberRecord {
    /// The union of ``fingerprint(of:)`` over the names that matched the prefix's members. A name
    /// whose bit is clear is none of them, so no member of the prefix has it as its key.
    var names: UInt64 = 0
    /// The tape index of the first member's key after the prefix.
    var prefixEnd: UInt32
    /// How many members the prefix holds: each the first match of a lookup.
    var prefixCount: UInt32 = 0

    /// A record of nothing yet, for the object at tape index `object`.
    init(object: Int) {
        prefixEnd = UInt32(truncatingIfNeeded: object + 1)
    }

    /// One bit of 64 for a name (as the coding key spells it), from its length and its first and
    /// last bytes: cheap, and different for most pairs of a model's keys.
    @inline(__always)
    static func fingerprint(of name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let first = UInt64(name.first ?? 0)
        let last = UInt64(name.last ?? 0)
        let mixed = (UInt64(truncatingIfNeeded: name.count) | first &<< 16 | last &<< 24) &* 0x9E37_79B9_7F4A_7C15
        return 1 &<< (mixed &>> 58)
    }

    /// Adds the member after the prefix, the first match of a name with `fingerprint`, whose value
    /// ends before tape index `end`.
    @inline(__always)
    mutating func extend(past end: Int, fingerprint: UInt64) {
        names |= fingerprint
        prefixEnd = UInt32(truncatingIfNeeded: end)
        prefixCount &+= 1
    }
}
