import Foundation

/// Where one kind of object's lookups found their members, learned from one object and followed
/// in the next.
///
/// The objects a kept container reads one after another (see ``ContainerSlot``) are mostly alike:
/// the same keys, written in the same order, asked for by the model in the same sequence of calls.
/// The order remembers, for each call made on the object it learned from, the name asked for and
/// the position of the member that matched it, and that object's keys as written.
///
/// In the next object, members are matched to the learned keys as the calls need them, in order:
/// each member to the first learned key after the previous member's that is written exactly as it
/// is, so that a learned key the object lacks is passed over. The n-th call, asking for the same
/// name as the learned one, takes the member matched to the learned call's key. Every member before
/// it is written as a key that came before that one in the learned object, where the learned call
/// found its name's first match; so none of them matches the name either, and the rule that the
/// first of two equal keys wins holds. Anything else (another name, a key the learned object did
/// not have, a key out of order) falls back to the scan; the order is learned again from an object
/// whose calls found what the learned ones did not.
///
/// Only containers the decoder keeps have one (``KeyedObject/order``), so a kind of object that
/// comes once pays nothing for it.
struct MemberOrder: ~Copyable {
    /// One lookup: the name it asked for and the position of its first match, or -1 for none.
    struct Call {
        let name: String
        let position: Int32
    }

    /// A learned call as the lookups compare it: the name's representation (see
    /// ``representation(of:)``) and the position of its match in the learned object.
    private struct Step {
        let name: (UInt64, UInt64)
        let position: Int32
    }

    /// A learned key, and the current object's member matched to it: its key's tape index (from an
    /// earlier object when it is not after the current object's) and its position.
    private struct LearnedKey {
        let key: WrittenKey
        var found: UInt32 = 0
        var position: Int32 = -1
    }

    /// The calls made on the learned object, in order: their names are kept alive here while
    /// the steps compare their representations.
    private var learned: [Call] = []
    /// The calls made on the current object, once they have left the learned ones.
    private var log: [Call] = []
    // The lookups read the learned calls and keys from buffers of their own, not from the arrays:
    // no retain, no uniqueness or bounds check in the few instructions a lookup by the order takes.
    private var steps: UnsafeMutablePointer<Step>?
    private var stepCount = 0
    private var stepCapacity = 0
    private var keys: UnsafeMutablePointer<LearnedKey>?
    private var keyCount = 0
    private var keyCapacity = 0
    /// The current object's tape index.
    private var object = 0
    /// How many of the current object's calls may follow the learned ones: ``stepCount`` while
    /// every call so far asked for what the learned call did and found what it found, or found
    /// nothing where the object lacks the learned key (then the object need not be learned), and
    /// zero once one did not.
    private var following = 0
    /// Calls made on the current object.
    private var callCount = 0
    /// How many of the current object's first members are matched to learned keys.
    private var matched = 0
    /// The learned key the next member is first compared with; ``keyCount`` once a member matched
    /// none, so that none after it is matched.
    private var nextKey = 0
    /// The tape index of the key of the current object's first member not yet matched.
    private var cursor = 0

    /// An order learning from the object at tape index `object`.
    init(object: Int) {
        self.object = object
        cursor = object + 1
    }

    deinit {
        steps?.deallocate()
        keys?.deallocate()
    }

    /// The tape index of the value of the member this call finds by the learned order, or `nil`
    /// when the order does not tell and the lookup must scan.
    @inline(__always)
    mutating func follow(_ name: String, in state: DecodingState) -> Int? {
        let call = callCount
        callCount = call &+ 1
        guard call < following, let steps, let keys else { return nil }
        let step = steps[call]
        guard step.position >= 0, step.name == Self.representation(of: name) else { return nil }
        let wanted = Int(step.position)
        // Always so, since the keys are learned up to the last position a call found; checked, as
        // the buffer is read without bounds checks.
        guard wanted < keyCount else { return nil }
        if Int(keys[wanted].found) <= object {
            matchMembers(keys, in: state)
            guard Int(keys[wanted].found) > object else { return nil }
        }
        return Int(keys[wanted].found) + 1
    }

    /// Matches the current object's members to the learned keys, as far as they go: each to the
    /// first learned key, after the previous member's, that is written as it is.
    @inline(never)
    private mutating func matchMembers(_ keys: UnsafeMutablePointer<LearnedKey>, in state: DecodingState) {
        let count = Int(state.tokens[object].count)
        var key = nextKey
        var member = matched
        var cursor = self.cursor
        defer {
            nextKey = key
            matched = member
            self.cursor = cursor
        }
        while key < keyCount, member < count {
            let token = state.tokens[cursor]
            while !keys[key].key.isWritten(as: token, in: state) {
                key &+= 1
                guard key < keyCount else { return }
            }
            keys[key].found = UInt32(truncatingIfNeeded: cursor)
            keys[key].position = Int32(truncatingIfNeeded: member)
            key &+= 1
            member &+= 1
            cursor = state.next(after: cursor + 1)
        }
    }

    /// Notes what the scan found for the call ``follow(_:in:)`` could not answer: the
    /// member at `position`, or none for `nil`.
    mutating func note(_ name: String, foundAt position: Int?) {
        let call = callCount &- 1
        // Room for a model's calls at once, rather than growing call by call: one allocation.
        if log.capacity == 0 { log.reserveCapacity(max(16, learned.count)) }
        if following > 0 {
            // A learned key this object lacks: the learned calls still hold.
            if position == nil, call < stepCount, let steps, steps[call].name == Self.representation(of: name) { return }
            following = 0
            // The calls before this one found what the learned ones did, where this object has it,
            // or nothing.
            for earlier in learned.prefix(call) {
                let found = earlier.position >= 0 ? self.found(Int(earlier.position)) : -1
                log.append(Call(name: earlier.name, position: found))
            }
        }
        log.append(Call(name: name, position: Int32(truncatingIfNeeded: position ?? -1)))
    }

    /// The current object's position of the member matched to the learned key at `position`, or -1.
    private func found(_ position: Int) -> Int32 {
        guard let keys, position < keyCount, Int(keys[position].found) > object else { return -1 }
        return keys[position].position
    }

    /// Ends the current object, learning it if its calls found what the learned ones did not,
    /// and starts on the object at tape index `next`.
    mutating func move(to next: Int, in state: DecodingState) {
        if following == 0, !log.isEmpty {
            swap(&learned, &log)
            log.removeAll(keepingCapacity: true)
            learn(from: object, in: state)
        } else if next <= Int(state.tokens[object].end), let keys {
            // The next object is not after this one: its members' tape indices do not tell matched
            // from stale.
            for key in 0..<keyCount { keys[key].found = 0 }
        }
        following = stepCount
        object = next
        callCount = 0
        matched = 0
        nextKey = 0
        cursor = next + 1
    }

    /// Takes in ``learned``, the calls made on the object at tape index `object`, and keeps that
    /// object's keys up to the last position a call found.
    private mutating func learn(from object: Int, in state: DecodingState) {
        if stepCapacity < learned.count {
            steps?.deallocate()
            stepCapacity = learned.count
            steps = .allocate(capacity: stepCapacity)
        }
        var needed = 0
        for (call, step) in learned.enumerated() {
            steps?[call] = Step(name: Self.representation(of: step.name), position: step.position)
            needed = max(needed, Int(step.position) + 1)
        }
        stepCount = learned.count
        needed = min(needed, Int(state.tokens[object].count))
        if keyCapacity < needed {
            keys?.deallocate()
            keyCapacity = needed
            keys = .allocate(capacity: keyCapacity)
        }
        var key = object + 1
        for position in 0..<needed {
            keys?[position] = LearnedKey(key: WrittenKey(state.tokens[key], in: state))
            key = state.next(after: key + 1)
        }
        keyCount = needed
    }

    /// A string's representation: equal representations are the same characters (the same small
    /// string, or the same storage, which a learned call holds on to). Different ones may still be
    /// the same characters; the lookup then scans, as it would anyway.
    @inline(__always)
    private static func representation(of string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }
}

/// A key as written in the input, escapes and all: two keys written alike have the same value.
///
/// Its length and first sixteen bytes (zero past its end) settle most comparisons in two loads,
/// which the input's sixteen bytes of padding make safe from any key's start; a longer key's rest
/// is compared with its bytes where it was learned, still in the input.
struct WrittenKey {
    private let head: UInt64
    private let tail: UInt64
    /// Which bits of a key's first two words hold its first sixteen bytes, for a key of this length.
    private let headMask: UInt64
    private let tailMask: UInt64
    private let start: UInt32
    private let length: UInt32

    @inline(__always)
    init(_ token: Token, in state: DecodingState) {
        start = token.start
        length = token.end &- token.start
        let count = UInt64(length)
        headMask = count >= 8 ? .max : (1 &<< (count &* 8)) &- 1
        tailMask = count >= 16 ? .max : count <= 8 ? 0 : (1 &<< ((count &- 8) &* 8)) &- 1
        let bytes = UnsafeRawPointer(state.bytes + Int(token.start))
        head = bytes.loadUnaligned(as: UInt64.self) & headMask
        tail = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & tailMask
    }

    /// Whether the key at `token` is written as this one.
    @inline(__always)
    func isWritten(as token: Token, in state: DecodingState) -> Bool {
        let count = token.end &- token.start
        guard count == length else { return false }
        let bytes = UnsafeRawPointer(state.bytes + Int(token.start))
        guard bytes.loadUnaligned(as: UInt64.self) & headMask == head,
            bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & tailMask == tail
        else { return false }
        guard count > 16 else { return true }
        return memcmp(bytes + 16, state.bytes + Int(start) + 16, Int(count) &- 16) == 0
    }
}
