/// HTTP header fields in the order they were added, looked up without regard to case.
///
/// An ordered list rather than a dictionary, because a field may repeat (`Set-Cookie`) and because
/// order is part of what a server sees.
///
/// A field sent twice may arrive as two fields (the curl transport keeps them apart) or as one whose
/// value joins both with `", "` (URLSession does, as RFC 9110 §5.3 allows). The two readings give the
/// same answer either way:
///
/// ```swift
/// // WWW-Authenticate: Basic realm="a, b"       and      WWW-Authenticate: Bearer
/// response.headers["WWW-Authenticate"]            // "Basic realm=\"a, b\", Bearer": the joined view
/// response.headers.values(for: "WWW-Authenticate") // ["Basic realm=\"a, b\"", "Bearer"]: every value
/// response.headers.values(for: "Set-Cookie")       // one cookie each, never joined
/// ```
///
/// ``fields`` is the list as the transport delivered it, and so differs between transports.
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
        self.init(dictionary, reservingCapacity: 0)
    }

    /// The fields of a dictionary, sorted by name, with room for `extra` more, so that adding them
    /// (a body's `Content-Type`) does not move the list.
    init(_ dictionary: [String: String], reservingCapacity extra: Int) {
        fields = []
        fields.reserveCapacity(dictionary.count + extra)
        for (name, value) in dictionary { fields.append(Field(name: name, value: value)) }
        fields.sort { $0.name < $1.name }
    }

    /// The field's value, ignoring case: the values of every field of that name joined with `", "`
    /// (RFC 9110 §5.3), or `nil` when there is none. `Set-Cookie` is never joined (its dates hold
    /// commas): its first cookie is returned, and ``values(for:)`` has them all.
    ///
    /// Setting replaces every field of that name, and setting `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            guard let first = fields.firstIndex(where: { Self.sameName($0.name, name) }) else { return nil }
            if Self.sameName(name, "Set-Cookie") { return values(for: name).first }
            let rest = fields[(first + 1)...].filter { Self.sameName($0.name, name) }
            // One field, the common case, is returned as it came, without a copy.
            return rest.isEmpty ? fields[first].value : ([fields[first]] + rest).map(\.value).joined(separator: ", ")
        }
        set {
            let first = fields.firstIndex { Self.sameName($0.name, name) }
            fields.removeAll { Self.sameName($0.name, name) }
            guard let newValue else { return }
            // Nothing before the first match was removed, so its index still marks its place.
            fields.insert(Field(name: name, value: newValue), at: first ?? fields.endIndex)
        }
    }

    /// Every value the fields with this name hold, ignoring case, in order: each field's value split
    /// where the field's grammar separates values, so that it does not matter whether the fields came
    /// apart or joined into one.
    ///
    /// A list field (`Vary`, `Accept`, `Cache-Control`, …) splits at commas outside quoted strings;
    /// `WWW-Authenticate` and `Proxy-Authenticate` into challenges, each with its parameters;
    /// `Set-Cookie` into cookies. Fields whose single value may hold commas (dates such as `Date`
    /// and `Expires`, URLs such as `Location`, `User-Agent`, `Server`) are not split.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.flatMap { FieldValueList.values(of: $0.value, field: name) }
    }

    /// Whether a field with this name is present, ignoring case.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Adds a field after the others, keeping any of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Makes room for at least `minimumCapacity` fields, so that adding them one by one allocates
    /// once rather than at every doubling: a transport collecting a response's head knows that a
    /// dozen fields is common.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        fields.reserveCapacity(minimumCapacity)
    }

    /// Whether two field names are equal under ASCII case folding, without allocating.
    package static func sameName(_ a: String, _ b: String) -> Bool {
        // Folding case keeps the UTF-8 length, and most names differ in it: a constant-time test first.
        guard a.utf8.count == b.utf8.count else { return false }
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let x?, let y?) where x == y || (isASCIILetter(x) && x | 0x20 == y | 0x20):
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
