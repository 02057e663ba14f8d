/// HTTP header fields in the order they were added, looked up without regard to case.
///
/// An ordered list rather than a dictionary, because a field may repeat (`Set-Cookie`) and because
/// order is part of what a server sees.
public struct HTTPHeaders: Sendable, Hashable {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as it was given.
        public var name: String
        /// The field value.
        public var value: String

        /// A field with this name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// No fields.
    public init() {
        fields = []
    }

    /// The fields of a dictionary, sorted by name so the result does not depend on hashing.
    public init(_ dictionary: [String: String]) {
        fields = dictionary.map { Field(name: $0.key, value: $0.value) }
        fields.sort { $0.name < $1.name }
    }

    /// The value of the first field with this name, ignoring case; setting replaces every field of
    /// that name, and setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            let first = fields.firstIndex { Self.sameName($0.name, name) }
            fields.removeAll { Self.sameName($0.name, name) }
            guard let newValue else { return }
            // Nothing before the first match was removed, so its index still marks its place.
            fields.insert(Field(name: name, value: newValue), at: first ?? fields.endIndex)
        }
    }

    /// Every value of the fields with this name, ignoring case, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether a field with this name is present, ignoring case.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Adds a field after the others, keeping any of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Whether two field names are equal under ASCII case folding, without allocating.
    static func sameName(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case let (x?, y?) where x == y || (isASCIILetter(x) && x | 0x20 == y | 0x20):
                continue
            default: return false
            }
        }
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Fields in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
}
