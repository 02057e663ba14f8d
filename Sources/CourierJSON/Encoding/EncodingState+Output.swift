import Foundation

extension EncodingState {
    /// Containers may nest this deep, as in Foundation's encoder.
    private static let maximumDepth = 512

    /// The document as JSON.
    ///
    /// - Throws: ``NestingTooDeep`` for containers nested more than Foundation's encoder allows.
    func output() throws -> Data {
        // Without escapes in keys, compact output is at most the text plus, per node, its quotes,
        // colon and comma or its brackets; pretty output grows as it goes.
        var output = GrowableBuffer<UInt8>(capacity: text.count + 4 * nodes.count + 2)
        let writer = Writer(state: self, pretty: options.outputFormatting.contains(.prettyPrinted))
        try writer.write(0, depth: 0, to: &output)
        return output.data()
    }

    /// Writes the tree out, each node once, in order.
    private struct Writer {
        let state: EncodingState
        let pretty: Bool
        let sortsKeys: Bool

        init(state: EncodingState, pretty: Bool) {
            self.state = state
            self.pretty = pretty
            sortsKeys = state.options.outputFormatting.contains(.sortedKeys)
        }

        /// Writes node `index`, which sits inside `depth` containers.
        func write(_ index: Int, depth: Int, to output: inout GrowableBuffer<UInt8>) throws {
            let node = state.nodes.base[index]
            switch node.kind {
            case .scalar:
                append(text: node.textStart, count: node.textLength, to: &output)
            case .scalarArray:
                try checkDepth(depth)
                append(text: node.textStart, count: node.textLength, to: &output)
            case .array:
                try checkDepth(depth)
                try writeArray(node, depth: depth, to: &output)
            case .object:
                try checkDepth(depth)
                try withMembers(of: node) { try writeObject($0, depth: depth, to: &output) }
            case .pending:
                // A value that wrote nothing: Foundation writes an empty object.
                try checkDepth(depth)
                try writeObject(UnsafeBufferPointer(start: nil, count: 0), depth: depth, to: &output)
            case .removed:
                break
            }
        }

        private func checkDepth(_ depth: Int) throws {
            guard depth + 1 < EncodingState.maximumDepth else { throw NestingTooDeep() }
        }

        private func writeArray(_ array: Node, depth: Int, to output: inout GrowableBuffer<UInt8>) throws {
            output.append(UInt8(ascii: "["))
            var wroteOne = false
            var child = array.first
            while child != Node.none {
                let element = Int(child)
                child = state.nodes.base[element].next
                guard state.nodes.base[element].kind != .removed else { continue }
                separate(first: !wroteOne, depth: depth, to: &output)
                wroteOne = true
                try write(element, depth: depth + 1, to: &output)
            }
            close(UInt8(ascii: "]"), empty: !wroteOne, depth: depth, to: &output)
        }

        private func writeObject(_ members: UnsafeBufferPointer<UInt32>, depth: Int, to output: inout GrowableBuffer<UInt8>) throws {
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                separate(first: position == 0, depth: depth, to: &output)
                StringEscaper.append(state.key(of: state.nodes.base[Int(member)]), escapingSlashes: state.escapesSlashes, to: &output)
                if pretty {
                    append(" : ", to: &output)
                } else {
                    output.append(UInt8(ascii: ":"))
                }
                try write(Int(member), depth: depth + 1, to: &output)
            }
            close(UInt8(ascii: "}"), empty: members.isEmpty, depth: depth, to: &output)
        }

        /// What comes before a member or an element: a comma unless it is the first, and when
        /// pretty-printing a new line indented one level deeper than the container.
        @inline(__always)
        private func separate(first: Bool, depth: Int, to output: inout GrowableBuffer<UInt8>) {
            if !first { output.append(UInt8(ascii: ",")) }
            if pretty {
                output.append(UInt8(ascii: "\n"))
                indent(depth + 1, to: &output)
            }
        }

        /// The end of a container. Pretty-printed, it goes on a line of its own, and an empty
        /// container spans two lines, the first blank (`[\n\n]`), as in Foundation.
        @inline(__always)
        private func close(_ bracket: UInt8, empty: Bool, depth: Int, to output: inout GrowableBuffer<UInt8>) {
            if pretty {
                if empty { output.append(UInt8(ascii: "\n")) }
                output.append(UInt8(ascii: "\n"))
                indent(depth, to: &output)
            }
            output.append(bracket)
        }

        private func indent(_ depth: Int, to output: inout GrowableBuffer<UInt8>) {
            let spaces = output.reserve(2 * depth)
            spaces.initialize(repeating: UInt8(ascii: " "), count: 2 * depth)
            output.count += 2 * depth
        }

        @inline(__always)
        private func append(text start: UInt32, count: UInt32, to output: inout GrowableBuffer<UInt8>) {
            output.append(contentsOf: UnsafeBufferPointer(start: state.text.base + Int(start), count: Int(count)))
        }

        @inline(__always)
        private func append(_ ascii: StaticString, to output: inout GrowableBuffer<UInt8>) {
            output.append(contentsOf: UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount))
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
                } else if object.hasUniqueKeys || count < 2 {
                    try body(UnsafeBufferPointer(members))
                } else {
                    try body(UnsafeBufferPointer(rebasing: members[..<dropEarlierRepeats(members)]))
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
                    let repeated = members[(position + 1)...].contains { compareKeys(members[position], $0) == 0 }
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
}

/// Containers nested deeper than Foundation's encoder allows (512, the top level counting as 1).
struct NestingTooDeep: Error {}
