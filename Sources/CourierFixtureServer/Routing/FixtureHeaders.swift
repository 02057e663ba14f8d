/// The header fields a route sends, in order, a name possibly repeated: servers send
/// `WWW-Authenticate` or `Set-Cookie` more than once, and clients must cope.
///
/// ```swift
/// let headers: FixtureHeaders = ["Set-Cookie": "a=1", "Set-Cookie": "b=2"]   // two fields
/// ```
public struct FixtureHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The field name, sent as written.
        public var name: String
        /// The field value, sent as written.
        public var value: String
    }

    /// The fields in the order they are sent.
    public private(set) var fields: [Field]

    /// No fields.
    public init() {
        fields = []
    }

    /// Fields in the order written; a repeated name is sent once per entry.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the first field with this name, ignoring case.
    public subscript(name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// These fields with `extra` merged in: a field of `extra` replaces those of the same name
    /// (ignoring case) in place of the first of them, or comes after the others, in name order.
    public func merging(_ extra: [String: String]) -> FixtureHeaders {
        var merged = self
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) {
            let first = merged.fields.firstIndex { $0.name.lowercased() == name.lowercased() }
            merged.fields.removeAll { $0.name.lowercased() == name.lowercased() }
            // Nothing before the first match was removed, so its index still marks its place.
            merged.fields.insert(Field(name: name, value: value), at: first ?? merged.fields.endIndex)
        }
        return merged
    }

    /// These fields and one more after them, beside any of the same name.
    public func adding(_ name: String, _ value: String) -> FixtureHeaders {
        var added = self
        added.fields.append(Field(name: name, value: value))
        return added
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
