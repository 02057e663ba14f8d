import Foundation

extension EncodingState {
    /// Containers may nest this deep, as in Foundation's encoder.
    fileprivate static let maximumDepth = 512

    /// The document as JSON.
    ///
    /// It is written after the text it is made of, in the same buffer, which then becomes the
    /// `Data`: one allocation for both.
    ///
    /// - Throws: ``NestingTooDeep`` for containers nested more than Foundation's encoder allows.
    func output() throws -> Data {
        let start = text.count
        // Without escapes in keys, compact output is at most the text plus, per node, its quotes,
        // colon and comma or its brackets; pretty output grows as it goes.
        _ = text.reserve(start + 4 * nodes.count + 2)
        try Writer(state: self).write(0, depth: 0)
        return text.handOver(from: start)
    }
}

/// Writes the tree out at the end of the state's text, each node once, in order.
///
/// Scalars and keys are copied from earlier in the same buffer: each copy reserves its room
/// first, and only then takes the address it copies from, which growing the buffer moves.
private struct Writer {
    let state: EncodingState
    let pretty: Bool
    let sortsKeys: Bool

    init(state: EncodingState) {
        self.state = state
        pretty = state.options.outputFormatting.contains(.prettyPrinted)
        sortsKeys = state.options.outputFormatting.contains(.sortedKeys)
    }

    /// Writes node `index`, which sits inside `depth` containers.
    func write(_ index: Int, depth: Int) throws {
        let node = state.nodes.base[index]
        switch node.kind {
        case .scalar:
            copyText(from: Int(node.textStart), count: Int(node.textLength))
        case .scalarArray:
            try checkDepth(depth)
            copyText(from: Int(node.textStart), count: Int(node.textLength))
        case .array:
            try checkDepth(depth)
            try writeArray(node, depth: depth)
        case .object:
            try checkDepth(depth)
            try withMembers(of: node) { try writeObject($0, depth: depth) }
        case .pending:
            // A value that wrote nothing: Foundation writes an empty object.
            try checkDepth(depth)
            try writeObject(UnsafeBufferPointer(start: nil, count: 0), depth: depth)
        case .removed:
            break
        }
    }

    private func checkDepth(_ depth: Int) throws {
        guard depth + 1 < EncodingState.maximumDepth else { throw NestingTooDeep() }
    }

    private func writeArray(_ array: Node, depth: Int) throws {
        state.text.append(UInt8(ascii: "["))
        var wroteOne = false
        var child = array.first
        while child != Node.none {
            let element = Int(child)
            child = state.nodes.base[element].next
            guard state.nodes.base[element].kind != .removed else { continue }
            separate(first: !wroteOne, depth: depth)
            wroteOne = true
            try write(element, depth: depth + 1)
        }
        close(UInt8(ascii: "]"), empty: !wroteOne, depth: depth)
    }

    private func writeObject(_ members: UnsafeBufferPointer<UInt32>, depth: Int) throws {
        state.text.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            separate(first: position == 0, depth: depth)
            writeKey(of: state.nodes.base[Int(member)])
            if pretty {
                state.appendASCII(" : ")
            } else {
                state.text.append(UInt8(ascii: ":"))
            }
            try write(Int(member), depth: depth + 1)
        }
        close(UInt8(ascii: "}"), empty: members.isEmpty, depth: depth)
    }

    /// A member's key as a string literal.
    private func writeKey(of member: Node) {
        let start = Int(member.keyStart)
        let count = Int(member.keyLength)
        // The escaped key may be six times as long, with its quotes: reserved before its address is taken.
        _ = state.text.reserve(6 * count + 2)
        let key = UnsafeBufferPointer(start: state.text.base + start, count: count)
        StringEscaper.append(key, escapingSlashes: state.escapesSlashes, to: &state.text)
    }

    /// What comes before a member or an element: a comma unless it is the first, and when
    /// pretty-printing a new line indented one level deeper than the container.
    @inline(__always)
    private func separate(first: Bool, depth: Int) {
        if !first { state.text.append(UInt8(ascii: ",")) }
        if pretty {
            state.text.append(UInt8(ascii: "\n"))
            indent(depth + 1)
        }
    }

    /// The end of a container. Pretty-printed, it goes on a line of its own, and an empty
    /// container spans two lines, the first blank (`[\n\n]`), as in Foundation.
    @inline(__always)
    private func close(_ bracket: UInt8, empty: Bool, depth: Int) {
        if pretty {
            if empty { state.text.append(UInt8(ascii: "\n")) }
            state.text.append(UInt8(ascii: "\n"))
            indent(depth)
        }
        state.text.append(bracket)
    }

    private func indent(_ depth: Int) {
        state.text.reserve(2 * depth).initialize(repeating: UInt8(ascii: " "), count: 2 * depth)
        state.text.count += 2 * depth
    }

    /// Copies `count` bytes of earlier text to the end.
    @inline(__always)
    private func copyText(from start: Int, count: Int) {
        let destination = state.text.reserve(count)
        destination.initialize(from: state.text.base + start, count: count)
        state.text.count += count
    }

    /// Calls `body` with the members of `object` to write, in order: sorted by key if asked,
    /// and of members sharing a key only the last, which Foundation keeps.
    private func withMembers(of object: Node, _ body: (UnsafeBufferPointer<UInt32>) throws -> Void) throws {
        try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Int(object.count)) { buffer in
            var count = 0
            var child = object.first
            while child != Node.none {
                if state.nodes.base[Int(child)].kind != .removed {
                    buffer.initializeElement(at: count, to: child)
                    count += 1
                }
                child = state.nodes.base[Int(child)].next
            }
            let members = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
            if sortsKeys {
                try body(UnsafeBufferPointer(rebasing: members[..<sortKeepingLast(members)]))
            } else if object.mayRepeatKeys {
                try body(UnsafeBufferPointer(rebasing: members[..<dropEarlierRepeats(members)]))
            } else {
                try body(UnsafeBufferPointer(members))
            }
        }
    }

    /// Sorts `members` by key, stably, keeps the last of each run of equal keys, and returns
    /// how many are kept, at the front.
    private func sortKeepingLast(_ members: UnsafeMutableBufferPointer<UInt32>) -> Int {
        var members = members
        // Nodes are numbered in the order they were added, so the number breaks ties stably.
        members.sort { a, b in
            let order = compareKeys(a, b)
            return order < 0 || (order == 0 && a < b)
        }
        var kept = 0
        for position in members.indices {
            if position + 1 < members.count, compareKeys(members[position], members[position + 1]) == 0 { continue }
            members[kept] = members[position]
            kept += 1
        }
        return kept
    }

    /// Drops from `members` each one whose key comes again later, keeping the order of the
    /// rest, and returns how many are kept, at the front.
    private func dropEarlierRepeats(_ members: UnsafeMutableBufferPointer<UInt32>) -> Int {
        // Few members: compare each pair. Many: find the repeats by sorting a copy.
        guard members.count > 16 else {
            var kept = 0
            for position in members.indices {
                let repeated = members[(position + 1)...].contains { sameKey(members[position], $0) }
                if !repeated {
                    members[kept] = members[position]
                    kept += 1
                }
            }
            return kept
        }
        var sorted = Array(members)
        sorted.sort { a, b in
            let order = compareKeys(a, b)
            return order < 0 || (order == 0 && a < b)
        }
        var superseded = Set<UInt32>()
        for position in sorted.indices.dropLast() where compareKeys(sorted[position], sorted[position + 1]) == 0 {
            superseded.insert(sorted[position])
        }
        guard !superseded.isEmpty else { return members.count }
        var kept = 0
        for member in members where !superseded.contains(member) {
            members[kept] = member
            kept += 1
        }
        return kept
    }

    /// Whether members `a` and `b` have the same key: lengths first, which mostly differ.
    @inline(__always)
    private func sameKey(_ a: UInt32, _ b: UInt32) -> Bool {
        let left = state.key(of: state.nodes.base[Int(a)])
        let right = state.key(of: state.nodes.base[Int(b)])
        return left.count == right.count && compareKeys(a, b) == 0
    }

    /// Negative, zero or positive as member `a`'s key sorts before, with or after `b`'s, by
    /// their UTF-8 bytes, as Foundation sorts them.
    @inline(__always)
    private func compareKeys(_ a: UInt32, _ b: UInt32) -> Int {
        let left = state.key(of: state.nodes.base[Int(a)])
        let right = state.key(of: state.nodes.base[Int(b)])
        let common = min(left.count, right.count)
        if common > 0, let x = left.baseAddress, let y = right.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }
}

/// Containers nested deeper than Foundation's encoder allows (512, the top level counting as 1).
struct NestingTooDeep: Error {}
