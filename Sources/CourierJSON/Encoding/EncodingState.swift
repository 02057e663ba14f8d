import Foundation

/// One encode call: the strategies, the document as it is built, and the `Encoder` that every
/// `encode(to:)` of the call is given.
///
/// Made once per `encode(_:)` and shared by every container of that call: a nested value is
/// encoded by pushing its key on ``path`` and pointing ``current`` at its node, not by making a new
/// encoder. The document is a tree of ``Node``s over one buffer of ``text``, written out as JSON
/// when the value is done (see ``Node`` for why not straight away).
final class EncodingState: CodingStack {
    /// The strategies of the encoder that started this call.
    let options: CourierJSONEncoder
    /// How coding keys become JSON keys, from ``options``.
    let keyMode: KeyMode
    /// Whether `/` is written as `\/`.
    let escapesSlashes: Bool
    // The properties below change on every value. One thread runs one encode call and never reads
    // or writes them while another access is in progress, so the runtime's exclusivity checks are
    // switched off for them, as in the decoder.
    /// Scalars' JSON text and keys' UTF-8, in the order they were encoded.
    @exclusivity(unchecked) var text = GrowableBuffer<UInt8>(capacity: 128)
    /// The document's values; the first is the top-level one.
    @exclusivity(unchecked) var nodes = GrowableBuffer<Node>(capacity: 16)
    /// The coding path of the value being encoded, as a stack (see ``PathBase``).
    @exclusivity(unchecked) var path: [any CodingKey] = []
    /// The node the `Encoder` methods work on.
    @exclusivity(unchecked) var current = 0
    /// The last type found not to be an array or a dictionary, so a tree of one class does not
    /// look that up at every node.
    @exclusivity(unchecked) var lastPlainType: ObjectIdentifier?
    /// The first misuse of the containers seen (Foundation stops the program there): thrown when
    /// the value is done, since the container methods that see it cannot throw.
    var misuse: (message: String, codingPath: [any CodingKey])?
    /// ``options``' user info as `Encoder` hands it out, converted on first use.
    lazy var encoderUserInfo: [CodingUserInfoKey: Any] = options.userInfo

    /// How coding keys become JSON keys.
    enum KeyMode {
        case asWritten, toSnakeCase, custom
    }

    init(options: CourierJSONEncoder) {
        self.options = options
        escapesSlashes = !options.outputFormatting.contains(.withoutEscapingSlashes)
        keyMode =
            switch options.keyEncodingStrategy {
            case .useDefaultKeys: .asWritten
            case .convertToSnakeCase: .toSnakeCase
            case .custom: .custom
            }
    }

    /// Encodes `value` as the whole document and writes it out.
    func encodeDocument<T: Encodable>(_ value: T) throws -> Data {
        let root = addNode()
        try encodeValue(value, at: root, base: PathBase(depth: 0), key: NoKey())
        if nodes.base[root].kind == .pending {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        if let misuse {
            throw EncodingError.invalidValue(value, .init(codingPath: misuse.codingPath, debugDescription: misuse.message))
        }
        // Node offsets are 32-bit; past that they wrapped, and the tree cannot be written.
        guard text.count <= Int(UInt32.max), nodes.count < Int(Node.none) else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: [], debugDescription: "The document would be larger than 4 GiB, more than CourierJSONEncoder writes."))
        }
        do {
            return try output()
        } catch is NestingTooDeep {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: [],
                    debugDescription: "Unable to encode the given top-level value to JSON: containers nest more than 511 deep."))
        }
    }

    /// Notes the first misuse of the containers, to be thrown when the value is done.
    func noteMisuse(_ message: String, base: PathBase) {
        if misuse == nil { misuse = (message, codingPath(base, appending: NoKey())) }
    }
}

// MARK: - Nodes

extension EncodingState {
    /// Adds a node with nothing in it yet, and no parent, and returns its index.
    @inline(__always)
    func addNode() -> Int {
        nodes.append(.pending)
        return nodes.count - 1
    }

    /// Makes `child` the last child of `container`.
    @inline(__always)
    func link(_ child: Int, into container: Int) {
        let nodes = self.nodes.base
        let last = nodes[container].last
        let index = UInt32(truncatingIfNeeded: child)
        if last == Node.none { nodes[container].first = index } else { nodes[Int(last)].next = index }
        nodes[container].last = index
        nodes[container].count += 1
    }

    /// Adds an empty member under `key` (converted by the key strategy) to `object`.
    @inline(__always)
    func addMember<Key: CodingKey>(to object: Int, key: Key, base: PathBase) -> Int {
        let keyStart = text.count
        writeKey(key, base: base)
        return addMember(to: object, keyFrom: keyStart)
    }

    /// Adds an empty member to `object` whose key is the text from `keyStart` to the end.
    @inline(__always)
    func addMember(to object: Int, keyFrom keyStart: Int) -> Int {
        let member = addNode()
        let length = text.count - keyStart
        nodes.base[member].keyStart = UInt32(truncatingIfNeeded: keyStart)
        nodes.base[member].keyLength = UInt32(truncatingIfNeeded: length)
        let first = length > 0 ? UInt32(text.base[keyStart]) : 0
        let last = length > 0 ? UInt32(text.base[text.count - 1]) : 0
        let bit: UInt32 = 1 << ((UInt32(truncatingIfNeeded: length) &* 7 &+ first &* 3 &+ last) & 31)
        if nodes.base[object].keyBits & bit != 0 { nodes.base[object].mayRepeatKeys = true }
        nodes.base[object].keyBits |= bit
        link(member, into: object)
        return member
    }

    /// Adds an empty element to `array`.
    @inline(__always)
    func addElement(to array: Int) -> Int {
        let element = addNode()
        link(element, into: array)
        return element
    }

    /// Adds a member under `key` to `object` and has `write` fill it; if `write` throws, the
    /// member is taken out again, so the object is as Foundation leaves it: without the key.
    @inline(__always)
    func encodeMember<Key: CodingKey>(of object: Int, key: Key, base: PathBase, _ write: (Int) throws -> Void) rethrows {
        let member = addMember(to: object, key: key, base: base)
        do {
            try write(member)
        } catch {
            remove(member, from: object)
            throw error
        }
    }

    /// Adds an element to `array` and has `write` fill it; if `write` throws, the element is
    /// taken out again.
    @inline(__always)
    func encodeElement(of array: Int, _ write: (Int) throws -> Void) rethrows {
        let element = addElement(to: array)
        do {
            try write(element)
        } catch {
            remove(element, from: array)
            throw error
        }
    }

    /// Makes `node` an empty object if what was to write it wrote nothing: a custom strategy's
    /// closure, a value given to a single-value container. Foundation does so, at the top level
    /// too, where a value that writes nothing is otherwise an error.
    func closeIfEmpty(_ node: Int) {
        if nodes.base[node].kind == .pending { nodes.base[node].becomeContainer(.object) }
    }

    /// Takes `child` out of `container`: it stays linked, and is skipped.
    func remove(_ child: Int, from container: Int) {
        nodes.base[child].kind = .removed
        nodes.base[container].count -= 1
    }

    /// The node at `index` as an object, made one if it is still empty; an object already there is
    /// kept and added to, as when a subclass and its superclass both ask for a keyed container.
    func openObject(at index: Int, base: PathBase) -> Int {
        open(
            .object, at: index, base: base,
            misuse: "Attempt to push new keyed encoding container when already previously encoded at this path.")
    }

    /// The node at `index` as an array, made one if it is still empty.
    func openArray(at index: Int, base: PathBase) -> Int {
        open(
            .array, at: index, base: base,
            misuse: "Attempt to push new unkeyed encoding container when already previously encoded at this path.")
    }

    private func open(_ kind: Node.Kind, at index: Int, base: PathBase, misuse: String) -> Int {
        let node = nodes.base[index].kind
        if kind == .array, node == .scalarArray {
            expandScalarArray(at: index)
        } else if node != kind {
            if node != .pending { noteMisuse(misuse, base: base) }
            nodes.base[index].becomeContainer(kind)
        }
        return index
    }

    /// Turns an array of scalars written as one piece of text back into an array of scalar
    /// nodes, so that more elements can be added to it, as Foundation allows.
    ///
    /// The text is this encoder's own (`[` scalars `,` … `]`): elements end at the commas outside
    /// strings.
    private func expandScalarArray(at index: Int) {
        let start = Int(nodes.base[index].textStart) + 1
        let end = Int(nodes.base[index].textStart + nodes.base[index].textLength) - 1
        nodes.base[index].becomeContainer(.array)
        guard start < end else { return }
        var elementStart = start
        var inString = false
        var escaped = false
        for position in start..<end {
            let byte = text.base[position]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: ",") {
                addScalarElement(to: index, text: elementStart..<position)
                elementStart = position + 1
            }
        }
        addScalarElement(to: index, text: elementStart..<end)
    }

    private func addScalarElement(to array: Int, text range: Range<Int>) {
        let element = addElement(to: array)
        nodes.base[element].kind = .scalar
        nodes.base[element].textStart = UInt32(truncatingIfNeeded: range.lowerBound)
        nodes.base[element].textLength = UInt32(truncatingIfNeeded: range.count)
    }

    /// The member of `object` for a container nested under `key`: the one already there if the
    /// key's last value is a container of that kind (Foundation adds to it), a new one otherwise.
    func nestedContainer<Key: CodingKey>(_ kind: Node.Kind, in object: Int, key: Key, base: PathBase) -> Int {
        let keyStart = text.count
        writeKey(key, base: base)
        if let existing = lastMember(of: object, keyFrom: keyStart) {
            if kind == .array, nodes.base[existing].kind == .scalarArray { expandScalarArray(at: existing) }
            if nodes.base[existing].kind == kind {
                text.count = keyStart
                return existing
            }
            noteMisuse(
                "Attempt to re-encode into nested container for key \"\(key.stringValue)\": another value is already encoded for it.",
                base: base)
        }
        let member = addMember(to: object, keyFrom: keyStart)
        nodes.base[member].becomeContainer(kind)
        return member
    }

    /// The last member of `object` whose key is the text from `keyStart` to the end.
    private func lastMember(of object: Int, keyFrom keyStart: Int) -> Int? {
        let key = UnsafeBufferPointer(start: text.base + keyStart, count: text.count - keyStart)
        var found: Int?
        var child = nodes.base[object].first
        while child != Node.none {
            let member = nodes.base[Int(child)]
            if member.kind != .removed, key.elementsEqual(self.key(of: member)) { found = Int(child) }
            child = member.next
        }
        return found
    }

    /// The UTF-8 of an object member's key.
    @inline(__always)
    func key(of member: Node) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text.base + Int(member.keyStart), count: Int(member.keyLength))
    }
}

extension EncodingState {
    /// Appends `key`'s JSON name to the text as the key strategy makes it: plain UTF-8, escaped
    /// only when the document is written out. `base` is the path of the key's container.
    @inline(__always)
    func writeKey<Key: CodingKey>(_ key: Key, base: PathBase) {
        switch keyMode {
        case .asWritten:
            appendUTF8(key.stringValue)
        case .toSnakeCase:
            SnakeCase.append(snakeCaseOf: key.stringValue, to: &text)
        case .custom:
            guard case .custom(let convert) = options.keyEncodingStrategy else { return }
            appendUTF8(convert(codingPath(base, appending: key)).stringValue)
        }
    }
}
